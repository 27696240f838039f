import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PHONE_VERIFICATION_TTL_MS, SMS_CODE_TTL_MS } from "../../src/identity/policy.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { allCounts, blacklistPhone, count, expectError, expectSuccess, get, post, seedUser, sendCode, wrongCode } from "./support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const PHONE = "13800138000";
const check = (body: object) => post(booted, "/api/check_captcha", body);
const bind = (body: object) => post(booted, "/api/bindphone", body);
const unbound = (openid = "o6_unbound") => seedUser(booted, { openid, phone: null });

describe("POST /api/check_captcha", () => {
  it("accepts the code just sent", async () => {
    const code = await sendCode(booted, PHONE);
    expect(expectSuccess(await check({ phone: PHONE, captcha: code }))).toBeNull();
  });

  it("a code works once", async () => {
    const code = await sendCode(booted, PHONE);
    expectSuccess(await check({ phone: PHONE, captcha: code }));
    expectError(await check({ phone: PHONE, captcha: code }), 400, "wrong or expired SMS code");
  });

  it("a wrong code answers 400 and counts a try", async () => {
    const code = await sendCode(booted, PHONE);
    const res = await check({ phone: PHONE, captcha: wrongCode(code) });
    expectError(res, 400, "wrong or expired SMS code");
    expect(res.headers["x-error-tag"]).toBe("SmsCodeWrong");
    const [row] = await booted.db.query.smsCodes.findMany();
    expect(row?.failedAttempts).toBe(1);
    expectSuccess(await check({ phone: PHONE, captcha: code }));
  });

  it("after 5 wrong tries the code is dead, even the right one is refused", async () => {
    const code = await sendCode(booted, PHONE);
    for (let i = 0; i < 5; i++) expectError(await check({ phone: PHONE, captcha: wrongCode(code) }), 400);
    expectError(await check({ phone: PHONE, captcha: code }), 400, "wrong or expired SMS code");
  });

  it("after 4 wrong tries the right code still works", async () => {
    const code = await sendCode(booted, PHONE);
    for (let i = 0; i < 4; i++) expectError(await check({ phone: PHONE, captcha: wrongCode(code) }), 400);
    expectSuccess(await check({ phone: PHONE, captcha: code }));
  });

  it("a code expires after 5 minutes", async () => {
    const code = await sendCode(booted, PHONE);
    booted.clock.advance(SMS_CODE_TTL_MS / 1000 + 1);
    expectError(await check({ phone: PHONE, captcha: code }), 400, "wrong or expired SMS code");
  });

  it("a new code retires the previous one", async () => {
    const first = await sendCode(booted, PHONE);
    booted.clock.advance(61);
    const second = await sendCode(booted, PHONE);
    const rows = await booted.db.query.smsCodes.findMany({ orderBy: (c, { asc }) => [asc(c.id)] });
    expect(rows.map((r) => r.usedAt !== null)).toEqual([true, false]);
    // Two random codes are equal one time in a million; then "the first" is the second.
    if (first !== second) expectError(await check({ phone: PHONE, captcha: first }), 400);
    expectSuccess(await check({ phone: PHONE, captcha: second }));
  });

  it("a code is for its phone only", async () => {
    const code = await sendCode(booted, PHONE);
    expectError(await check({ phone: "13900139000", captcha: code }), 400);
  });

  it("with an openid, records the proof for bindphone", async () => {
    await unbound();
    const code = await sendCode(booted, PHONE);
    expectSuccess(await check({ phone: PHONE, captcha: code, openid: "o6_unbound" }));
    const rows = await booted.db.query.phoneVerifications.findMany();
    expect(rows).toMatchObject([{ phone: PHONE, openid: "o6_unbound" }]);
  });

  it("an openid nobody signed in with answers 400 and leaves the code usable", async () => {
    const code = await sendCode(booted, PHONE);
    expectError(await check({ phone: PHONE, captcha: code, openid: "o6_nobody" }), 400, "sign in with the messaging app first");
    expect(await count(booted.db, "phone_verifications")).toBe(0);
    expectSuccess(await check({ phone: PHONE, captcha: code }));
  });

  it("a malformed openid answers 400", async () => {
    expectError(await check({ phone: PHONE, captcha: "123456", openid: "a b" }), 400, /invalid openid/);
  });

  it("a code shorter than 4 characters answers 400 with the spec's rule", async () => {
    const res = await check({ phone: PHONE, captcha: "123" });
    expectError(res, 400, "enter the SMS code (at least 4 characters)");
  });

  it("a malformed phone answers 400", async () => {
    expectError(await check({ phone: "1380013800", captcha: "123456" }), 400, "enter a correct phone number");
  });

  it("missing fields answer 400 naming them", async () => {
    expectError(await check({ phone: PHONE }), 400, "missing field: captcha");
    expectError(await check({ captcha: "123456" }), 400, "missing field: phone");
  });

  it("a blacklisted phone answers 403 and the code is not touched", async () => {
    const code = await sendCode(booted, PHONE);
    await blacklistPhone(booted, PHONE);
    expectError(await check({ phone: PHONE, captcha: code }), 403, "server busy, cannot use");
    const [row] = await booted.db.query.smsCodes.findMany();
    expect(row?.usedAt).toBeNull();
  });
});

describe("POST /api/bindphone", () => {
  const prove = async (openid = "o6_unbound", phone = PHONE) => {
    const code = await sendCode(booted, phone);
    expectSuccess(await check({ phone, captcha: code, openid }));
  };

  it("binds a proven phone and signs in: token, is_activated, the user", async () => {
    const user = await unbound();
    await prove();
    const data = expectSuccess<{ token: string; is_activated: boolean; info: Record<string, unknown> }>(
      await bind({ phone: PHONE, openid: "o6_unbound" }),
    );
    expect(data.is_activated).toBe(false);
    expect(data.info).toMatchObject({ id: user.id, phone: PHONE, openid: "o6_unbound", is_activated: false });
    const me = expectSuccess<{ phone: string }>(await get(booted, "/api/user/info", { token: data.token }));
    expect(me.phone).toBe(PHONE);
    expect(await count(booted.db, "phone_verifications")).toBe(0);
  });

  it("without a proof answers 400 and writes nothing", async () => {
    await unbound();
    const before = await allCounts(booted.db);
    expectError(await bind({ phone: PHONE, openid: "o6_unbound" }), 400, "verify this phone number with an SMS code first");
    expect(await allCounts(booted.db)).toEqual(before);
    const [user] = await booted.db.query.users.findMany();
    expect(user?.phone).toBeNull();
  });

  it("a proof for another openid does not count", async () => {
    await unbound("o6_a");
    await unbound("o6_b");
    await prove("o6_a");
    expectError(await bind({ phone: PHONE, openid: "o6_b" }), 400, "verify this phone number with an SMS code first");
  });

  it("a proof older than 10 minutes does not count", async () => {
    await unbound();
    await prove();
    booted.clock.advance(PHONE_VERIFICATION_TTL_MS / 1000 + 1);
    expectError(await bind({ phone: PHONE, openid: "o6_unbound" }), 400, "verify this phone number with an SMS code first");
  });

  it("a proof is used once", async () => {
    await unbound();
    await prove();
    expectSuccess(await bind({ phone: PHONE, openid: "o6_unbound" }));
    expectError(await bind({ phone: PHONE, openid: "o6_unbound" }), 400);
  });

  it("a phone bound to another customer answers 409, keeps the proof, changes nothing", async () => {
    await seedUser(booted, { openid: "o6_owner", phone: PHONE });
    await unbound();
    await prove();
    const before = await allCounts(booted.db);
    const res = await bind({ phone: PHONE, openid: "o6_unbound" });
    expectError(res, 409, "this phone number is bound to another account");
    expect(res.headers["x-error-tag"]).toBe("PhoneTaken");
    expect(await allCounts(booted.db)).toEqual(before);
  });

  it("an unknown openid answers 400", async () => {
    expectError(await bind({ phone: PHONE, openid: "o6_nobody" }), 400);
  });

  it("a blacklisted phone answers 403 and writes nothing", async () => {
    await unbound();
    await prove();
    await blacklistPhone(booted, PHONE);
    const before = await allCounts(booted.db);
    expectError(await bind({ phone: PHONE, openid: "o6_unbound" }), 403, "server busy, cannot use");
    expect(await allCounts(booted.db)).toEqual(before);
  });

  it("a malformed phone or openid answers 400", async () => {
    expectError(await bind({ phone: "123", openid: "o6_unbound" }), 400, "enter a correct phone number");
    expectError(await bind({ phone: PHONE, openid: "<script>" }), 400, /invalid openid/);
    expectError(await bind({ phone: PHONE }), 400, "missing field: openid");
  });
});
