import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FALLBACK_SERVICE_PHONE } from "../../src/identity/activation.ts";
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
