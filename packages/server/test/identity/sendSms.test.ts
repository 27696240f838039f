import { Result } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SMS_CODE_TTL_MS } from "../../src/identity/policy.ts";
import { SmsUnavailable, type SmsProvider } from "../../src/providers/sms/SmsProvider.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { allCounts, blacklistPhone, count, expectError, expectSuccess, get, post } from "./support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp({ logger: { level: "info", stream: { write: (line) => void logLines.push(line) } } });
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  logLines.length = 0;
});
const logLines: string[] = [];

const PHONE = "13800138000";
const send = (phone: string = PHONE, ip?: string) => post(booted, "/api/sendsms", { phone }, ip === undefined ? {} : { ip });
const inbox = (phone: string = PHONE) => get(booted, `/api/sandbox/sms?phone=${phone}`);
const minutes = (n: number) => booted.clock.advance(n * 60);

describe("POST /api/sendsms", () => {
  it("sends a 6-digit code, stored only hashed, readable in the sandbox SMS box", async () => {
    const res = await send();
    expect(expectSuccess(res)).toBeNull();
    const code = expectSuccess<{ code: string }>(await inbox()).code;
    expect(code).toMatch(/^\d{6}$/);
    expect(await count(booted.db, "sms_codes")).toBe(1);
    expect(await count(booted.db, "sms_sends")).toBe(1);
    const rows = await booted.db.query.smsCodes.findMany();
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.codeHash).not.toContain(code);
  });

  it("codes come from a CSPRNG: ten sends to ten phones are not all equal", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const phone = `1380013801${i}`;
      await send(phone);
      codes.add(expectSuccess<{ code: string }>(await inbox(phone)).code);
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  it.each([["12345"], ["1380013800a"], ["23800138000"], ["138001380000"]])("refuses phone %s with 400 'enter a correct phone number' and no rows", async (phone) => {
    const before = await allCounts(booted.db);
    const res = await send(phone);
    expectError(res, 400, "enter a correct phone number");
    expect(res.headers["x-error-tag"]).toBe("PhoneInvalid");
    expect(await allCounts(booted.db)).toEqual(before);
  });

  it("refuses a missing phone with 400", async () => {
    expectError(await post(booted, "/api/sendsms", {}), 400, "missing field: phone");
  });

  it("a blacklisted phone gets 403 with the spec's message, and no SMS", async () => {
    await blacklistPhone(booted, PHONE);
    const before = await allCounts(booted.db);
    expectError(await send(), 403, "server busy, cannot use");
    expect(await allCounts(booted.db)).toEqual(before);
    expectError(await inbox(), 404);
  });

  it("the sandbox gateway logs what it sent (the sandbox may show the code)", async () => {
    await send();
    expect(logLines.join("\n")).toContain("sandbox SMS sent");
  });
});

describe("SMS rate limits", () => {
  it("1 per 60 s per phone: a second send within 60 s answers 429 with retry-after, and writes nothing", async () => {
    expectSuccess(await send());
    booted.clock.advance(20);
    const before = await allCounts(booted.db);
    const res = await send();
    expectError(res, 429, "an SMS code was just sent to this phone, wait 60 seconds before asking again");
    expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(39);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(41);
    expect(await allCounts(booted.db)).toEqual(before);
  });

  it("after 60 s the phone may have another code", async () => {
    expectSuccess(await send());
    booted.clock.advance(61);
    expectSuccess(await send());
  });

  it("5 per hour per phone", async () => {
    for (let i = 0; i < 5; i++) {
      expectSuccess(await send());
      minutes(2);
    }
    const res = await send();
    expectError(res, 429, "too many SMS codes for this phone in the last hour, try again later");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(60);
    minutes(51);
    expectSuccess(await send());
  });

  it("10 per day per phone", async () => {
    for (let i = 0; i < 10; i++) {
      expectSuccess(await send());
      minutes(i % 5 === 4 ? 61 : 2);
    }
    const res = await send();
    expectError(res, 429, "too many SMS codes for this phone today, try again tomorrow");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(3600);
    booted.clock.advance(24 * 3600);
    expectSuccess(await send());
  });

  it("20 per hour per client address, across phones", async () => {
    for (let i = 0; i < 20; i++) expectSuccess(await send(`139000000${String(i).padStart(2, "0")}`, "10.1.2.3"));
    const res = await send("13900000099", "10.1.2.3");
    expectError(res, 429, "too many SMS codes requested from this network, try again later");
    expect(res.headers["retry-after"]).toBeDefined();
    // Another address is not affected.
    expectSuccess(await send("13900000099", "10.9.9.9"));
    minutes(61);
    expectSuccess(await send("13900000098", "10.1.2.3"));
  });
});

describe("GET /api/sandbox/sms", () => {
  it("404 when no code was sent to the phone", async () => {
    expectError(await inbox("13911112222"), 404, "no unexpired SMS code for this phone");
  });

  it("404 once the code expired", async () => {
    await send();
    booted.clock.advance(SMS_CODE_TTL_MS / 1000 + 1);
    expectError(await inbox(), 404);
  });

  it("shows the latest code after a resend", async () => {
    await send();
    const first = expectSuccess<{ code: string }>(await inbox()).code;
    booted.clock.advance(61);
    await send();
    const second = expectSuccess<{ code: string }>(await inbox()).code;
    const rows = await booted.db.query.smsCodes.findMany();
    expect(rows).toHaveLength(2);
    // Codes are random: equal by chance one time in a million.
    if (first !== second) expect(second).not.toBe(first);
  });

  it("400 for a malformed phone", async () => {
    expectError(await inbox("abc"), 400, "enter a correct phone number");
  });
});

describe("an SMS gateway failure", () => {
  let failing: BootedApp;
  const refusing: SmsProvider = { kind: "production", send: async () => Result.fail(new SmsUnavailable({ detail: "gateway down" })) };
  beforeAll(async () => {
    failing = await bootApp({ providers: { sms: refusing } });
  });
  afterAll(async () => failing.close());

  it("answers 503 and withdraws the code and the send (no usable code, no limit used up)", async () => {
    const res = await post(failing, "/api/sendsms", { phone: PHONE });
    expectError(res, 503, "the SMS could not be sent, try again later");
    expect(await count(failing.db, "sms_codes")).toBe(0);
    expect(await count(failing.db, "sms_sends")).toBe(0);
    // Not rate limited by the failed attempt: it fails the same way again, not with 429.
    expectError(await post(failing, "/api/sendsms", { phone: PHONE }), 503);
  });

  it("the sandbox SMS box is not there when the SMS provider is not the sandbox one", async () => {
    expectError(await get(failing, `/api/sandbox/sms?phone=${PHONE}`), 404, "not found");
  });
});
