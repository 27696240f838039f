import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FALLBACK_SERVICE_PHONE } from "../../src/identity/activation.ts";
import { inviteCodes } from "../../src/db/schema.ts";
import { createInviteCodes } from "../../src/operators/inviteCodes.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { allCounts, blacklistPhone, expectError, expectSuccess, get, post, seedUser, setServicePhone, tokenFor } from "./support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const codes = (n: number) => createInviteCodes(booted.db, n, new Date(booted.clock.now()));
const activate = (code: unknown, token?: string) => post(booted, "/api/activacode/check", { code }, token === undefined ? {} : { token });
const signedIn = async (activated = false) => {
  const user = await seedUser(booted, { activated });
  return { user, token: await tokenFor(booted, user.id) };
};

describe("POST /api/activacode/check", () => {
  it("redeems a code: success, and user/info shows the account activated", async () => {
    const [code] = await codes(1);
    const { token } = await signedIn();
    const res = await activate(code, token);
    expect(res.json()).toEqual({ status: "success", message: "account activated", data: null });
    expect(expectSuccess<{ is_activated: boolean }>(await get(booted, "/api/user/info", { token })).is_activated).toBe(true);
  });

  it("a code works once: another customer gets the wrong-code answer", async () => {
    const [code] = await codes(1);
    expectSuccess(await activate(code, (await signedIn()).token));
    expectError(await activate(code, (await signedIn()).token), 400, /^invite code wrong, contact admin /);
  });

  it.each([["ttf72sqeg2"], [" TTF72SQEG2 "], ["\tTtf72SqEg2\u3000"]])("%j activates the code 'TTF72SQEG2' (issue 25: no case, no surrounding blanks)", async (typed) => {
    await booted.db.insert(inviteCodes).values({ code: "TTF72SQEG2", createdAt: new Date(booted.clock.now()) });
    const { token } = await signedIn();
    expectSuccess(await activate(typed, token));
    const [row] = await booted.db.query.inviteCodes.findMany();
    expect(row?.redeemedAt).not.toBeNull();
  });

  it("a code typed in lower case still works once: the same code in upper case is then wrong", async () => {
    await booted.db.insert(inviteCodes).values({ code: "TTF72SQEG2", createdAt: new Date(booted.clock.now()) });
    expectSuccess(await activate("ttf72sqeg2", (await signedIn()).token));
    expectError(await activate("TTF72SQEG2", (await signedIn()).token), 400, /^invite code wrong, contact admin /);
  });

  it("a code stored in lower case (written by hand) matches a typed upper-case code, once, and burns no other code", async () => {
    const createdAt = new Date(booted.clock.now());
    await booted.db.insert(inviteCodes).values([{ code: "abc123", createdAt }, { code: "aBc123", createdAt }]);
    expectSuccess(await activate("ABC123", (await signedIn()).token));
    const redeemed = (await booted.db.query.inviteCodes.findMany()).filter((r) => r.redeemedAt !== null);
    expect(redeemed.map((r) => r.code)).toEqual(["aBc123"]);
    expectSuccess(await activate("abc123", (await signedIn()).token));
    expectError(await activate("Abc123", (await signedIn()).token), 400, /^invite code wrong/);
  });

  it("new codes are stored as a customer's typing is compared: upper case", async () => {
    for (const code of await codes(20)) expect(code).toBe(code.toUpperCase());
  });

  it("a wrong code answers the spec's message with the service phone (tel1)", async () => {
    await setServicePhone(booted, "400-800-1234");
    const { token } = await signedIn();
    const res = await activate("NOPE-NOPE", token);
    expectError(res, 400, "invite code wrong, contact admin 400-800-1234");
    expect(res.headers["x-error-tag"]).toBe("InviteCodeWrong");
  });

  it("without site settings the message still has a phone", async () => {
    const { token } = await signedIn();
    expectError(await activate("NOPE-NOPE", token), 400, `invite code wrong, contact admin ${FALLBACK_SERVICE_PHONE}`);
  });

  it("a wrong code writes nothing", async () => {
    await codes(2);
    const { token } = await signedIn();
    const before = await allCounts(booted.db);
    expectError(await activate("NOPE-NOPE", token), 400);
    expect(await allCounts(booted.db)).toEqual(before);
    const rows = await booted.db.query.inviteCodes.findMany();
    expect(rows.every((r) => r.redeemedAt === null)).toBe(true);
  });

  it("an already activated customer succeeds again without using a code", async () => {
    const [code] = await codes(1);
    const { token } = await signedIn(true);
    const res = await activate(code, token);
    expect(res.json()).toEqual({ status: "success", message: "account already activated", data: null });
    const [row] = await booted.db.query.inviteCodes.findMany();
    expect(row?.redeemedAt).toBeNull();
  });

  it("an empty code answers 400 'invite code cannot be empty'", async () => {
    const { token } = await signedIn();
    expectError(await activate("  ", token), 400, "invite code cannot be empty");
  });

  it("a code over 32 characters answers 400", async () => {
    const { token } = await signedIn();
    expectError(await activate("X".repeat(33), token), 400, "invite code cannot exceed 32 characters");
  });

  it("a code with control characters is simply wrong (400), never a server error", async () => {
    const { token } = await signedIn();
    for (const c of ["\u0001", "\t", "\u001f", "\u007f"]) expectError(await activate(`AB${c}CD`, token), 400, /^invite code wrong/);
  });

  it("a code with NUL or an unpaired surrogate, which PostgreSQL cannot store, is refused by the contract (400)", async () => {
    const { token } = await signedIn();
    expectError(await activate("AB\u0000CD", token), 400, "invalid field: code");
    expectError(await activate("AB\ud800CD", token), 400, "invalid field: code");
  });

  it("a missing or mistyped code answers 400", async () => {
    const { token } = await signedIn();
    expectError(await post(booted, "/api/activacode/check", {}, { token }), 400, "invite code cannot be empty");
    expectError(await post(booted, "/api/activacode/check", { code: null }, { token }), 400, "invite code cannot be empty");
    expectError(await activate(12345, token), 400);
  });

  it("needs a token: 401 without, 401 with an unknown one", async () => {
    const [code] = await codes(1);
    expectError(await activate(code), 401);
    expectError(await activate(code, "unknown-token"), 401);
  });

  it("a blacklisted customer gets 403 and the code is not used", async () => {
    const [code] = await codes(1);
    const { user, token } = await signedIn();
    await blacklistPhone(booted, user.phone!);
    expectError(await activate(code, token), 403, "server busy, cannot use");
    const [row] = await booted.db.query.inviteCodes.findMany();
    expect(row?.redeemedAt).toBeNull();
  });
});

describe("POST /api/balcklist/isBlacklist", () => {
  const ask = (phone: unknown) => post(booted, "/api/balcklist/isBlacklist", { phone });

  it("answers 1 for a blacklisted phone", async () => {
    await blacklistPhone(booted, "13700137000");
    expect(expectSuccess(await ask("13700137000"))).toBe(1);
  });

  it("answers 0 for any other phone", async () => {
    expect(expectSuccess(await ask("13800138000"))).toBe(0);
  });

  it("a malformed phone answers 400", async () => {
    expectError(await ask("137"), 400, "enter a correct phone number");
    expectError(await ask(13700137000), 400);
    expectError(await post(booted, "/api/balcklist/isBlacklist", {}), 400, "missing field: phone");
  });
});
