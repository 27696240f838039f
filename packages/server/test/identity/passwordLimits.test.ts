import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hashingGate } from "../../src/security/passwords.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count, expectError, expectSuccess, post, seedUser, sendCode } from "./support.ts";

/**
 * Password sign-in limits (issue 9, src/limits/policy.ts): 5 wrong passwords per phone per 15
 * minutes and 20 attempts per client address per minute, refused with 429 before any hashing.
 * Races are in test/races/limits.race.test.ts.
 */

let booted: BootedApp;
beforeAll(async () => {
  // Time stands still unless a test moves the clock: retry-after figures are exact.
  const start = Date.now();
  booted = await bootApp({ systemTime: () => start });
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());
afterEach(() => vi.restoreAllMocks());

const PHONE = "13800138000";
const RIGHT = "right-pass";
const signIn = (password: string, ip = "10.0.0.1", phone = PHONE) => post(booted, "/api/login", { phone, type: "password", password }, { ip });

const expectLimited = (res: Awaited<ReturnType<typeof signIn>>, tag: string, message: RegExp) => {
  expectError(res, 429, message);
  expect(res.headers["x-error-tag"]).toBe(tag);
  return Number(res.headers["retry-after"]);
};

describe("wrong passwords per phone: 5 in 15 minutes", () => {
  it("after 5 wrong passwords even the right one is refused with 429 and retry-after, and nothing more is hashed", async () => {
    await seedUser(booted, { phone: PHONE, password: RIGHT });
    const hashes = vi.spyOn(hashingGate, "run");
    for (let i = 0; i < 5; i++) expectError(await signIn(`wrong-${i}`), 400, "wrong phone number or password");
    expect(hashes).toHaveBeenCalledTimes(5);

    const retryAfter = expectLimited(await signIn(RIGHT), "PasswordAttemptsLimited", /too many wrong passwords for this phone/);
    expect(retryAfter).toBe(15 * 60);
    expectLimited(await signIn("wrong-again"), "PasswordAttemptsLimited", /sign in with an SMS code/);
    expect(hashes).toHaveBeenCalledTimes(5);
    expect(await count(booted.db, "sessions")).toBe(0);
  });

  it("the window slides: once the first wrong one is 15 minutes old, one more try is allowed", async () => {
    await seedUser(booted, { phone: PHONE, password: RIGHT });
    for (let i = 0; i < 5; i++) {
      expectError(await signIn(`wrong-${i}`), 400);
      booted.clock.advance(60);
    }
    // The first failure was 5 minutes ago: it leaves the window in 10.
    expect(expectLimited(await signIn(RIGHT), "PasswordAttemptsLimited", /too many wrong passwords/)).toBe(10 * 60);
    booted.clock.advance(10 * 60 - 1);
    expectLimited(await signIn(RIGHT), "PasswordAttemptsLimited", /too many wrong passwords/);
    booted.clock.advance(1);
    expectSuccess(await signIn(RIGHT));
  });

  it("wrong passwords count from any address", async () => {
    await seedUser(booted, { phone: PHONE, password: RIGHT });
    for (let i = 0; i < 5; i++) expectError(await signIn("wrong-pass", `10.0.1.${i}`), 400);
    expectLimited(await signIn(RIGHT, "10.0.2.1"), "PasswordAttemptsLimited", /too many wrong passwords/);
  });

  it("the right password clears the phone's count", async () => {
    await seedUser(booted, { phone: PHONE, password: RIGHT });
    for (let i = 0; i < 4; i++) expectError(await signIn("wrong-pass"), 400);
    expectSuccess(await signIn(RIGHT));
    for (let i = 0; i < 5; i++) expectError(await signIn("wrong-pass"), 400);
    expectLimited(await signIn(RIGHT), "PasswordAttemptsLimited", /too many wrong passwords/);
  });

  it("a phone without an account is limited the same way (the answers do not tell them apart)", async () => {
    for (let i = 0; i < 5; i++) expectError(await signIn("wrong-pass"), 400, "wrong phone number or password");
    expectLimited(await signIn("wrong-pass"), "PasswordAttemptsLimited", /too many wrong passwords/);
  });

  it("another phone's failures from the same address do not block a customer", async () => {
    await seedUser(booted, { phone: PHONE, password: RIGHT });
    for (let i = 0; i < 5; i++) expectError(await signIn("wrong-pass", "10.0.0.1", "13700137000"), 400);
    expectLimited(await signIn("wrong-pass", "10.0.0.1", "13700137000"), "PasswordAttemptsLimited", /too many wrong passwords/);
    expectSuccess(await signIn(RIGHT, "10.0.0.1"));
  });

  it("a customer locked out of password sign-in can still sign in with an SMS code", async () => {
    await seedUser(booted, { phone: PHONE, password: RIGHT });
    for (let i = 0; i < 5; i++) expectError(await signIn("wrong-pass"), 400);
    const code = await sendCode(booted, PHONE);
    expectSuccess(await post(booted, "/api/login", { phone: PHONE, type: "captcha", captcha: code }));
  });
});

describe("sign-ins per client address: 20 a minute, right or wrong", () => {
  it("the 21st attempt within a minute from one address is refused, whatever the phone; other addresses are not", async () => {
    await seedUser(booted, { phone: PHONE, password: RIGHT });
    for (let i = 0; i < 19; i++) expectError(await signIn("wrong-pass", "10.0.0.9", `1370000${String(i).padStart(4, "0")}`), 400);
    expectSuccess(await signIn(RIGHT, "10.0.0.9"));
    const hashes = vi.spyOn(hashingGate, "run");
    expect(expectLimited(await signIn(RIGHT, "10.0.0.9"), "SignInAttemptsLimited", /too many sign-in attempts from this network/)).toBe(60);
    expect(hashes).not.toHaveBeenCalled();
    expectSuccess(await signIn(RIGHT, "10.0.0.10"));
    booted.clock.advance(60);
    expectSuccess(await signIn(RIGHT, "10.0.0.9"));
  });

  it("an address already refused is refused again without asking the database, until its wait ends (issue 22: a flood's refusals cost nothing)", async () => {
    await seedUser(booted, { phone: PHONE, password: RIGHT });
    for (let i = 0; i < 20; i++) expectError(await signIn("wrong-pass", "10.0.0.7", `1370000${String(i).padStart(4, "0")}`), 400);
    expect(expectLimited(await signIn(RIGHT, "10.0.0.7"), "SignInAttemptsLimited", /too many sign-in attempts from this network/)).toBe(60);
    const transactions = vi.spyOn(booted.db, "transaction");
    booted.clock.advance(20);
    expect(expectLimited(await signIn(RIGHT, "10.0.0.7"), "SignInAttemptsLimited", /too many sign-in attempts from this network/)).toBe(40);
    expect(transactions).not.toHaveBeenCalled();
    transactions.mockRestore();
    booted.clock.advance(40);
    expectSuccess(await signIn(RIGHT, "10.0.0.7"));
  });
});

describe("hashing under load", () => {
  it("when too many hashes are already waiting, a sign-in answers 429 at once; the phone's count gets the attempt back, the address's keeps it", async () => {
    await seedUser(booted, { phone: PHONE, password: RIGHT });
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const { slots, maxQueue } = hashingGate.options;
    // Fillers still waiting after the gate's maxAgeMs are refused when their turn comes: fine here.
    const fillers = Array.from({ length: slots + maxQueue }, (_, i) => hashingGate.run(() => blocked, `filler-${i}`).catch(() => undefined));
    try {
      const res = await signIn(RIGHT);
      expectError(res, 429, "too many sign-ins at this moment, try again in a few seconds");
      expect(res.headers["x-error-tag"]).toBe("ServerBusy");
      expect(res.headers["retry-after"]).toBe("2");
      const left = await booted.db.execute(sql`SELECT bucket FROM rate_limit_events`);
      expect(left.rows.map((r) => r["bucket"])).toEqual(["password-attempt:ip"]);
    } finally {
      release();
      await Promise.all(fillers);
    }
    expectSuccess(await signIn(RIGHT));
  });
});
