import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { allCounts, blacklistPhone, count, expectError, expectSuccess, get, post, seedUser, sendCode, wrongCode } from "./support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const PHONE = "13800138000";
const login = (body: object) => post(booted, "/api/login", body);

describe("POST /api/login with an SMS code", () => {
  it("signs in: token, is_activated, the user; the code is used up", async () => {
    const user = await seedUser(booted, { phone: PHONE, activated: true });
    const code = await sendCode(booted, PHONE);
    const data = expectSuccess<{ token: string; is_activated: boolean; info: { id: number } }>(await login({ phone: PHONE, type: "captcha", captcha: code }));
    expect(data.is_activated).toBe(true);
    expect(data.info.id).toBe(user.id);
    expectSuccess(await get(booted, "/api/user/info", { token: data.token }));
    expectError(await login({ phone: PHONE, type: "captcha", captcha: code }), 400, "wrong phone number or SMS code");
  });

  it("a wrong code answers 400 with the generic message", async () => {
    await seedUser(booted, { phone: PHONE });
    const code = await sendCode(booted, PHONE);
    const res = await login({ phone: PHONE, type: "captcha", captcha: wrongCode(code) });
    expectError(res, 400, "wrong phone number or SMS code");
    expect(res.headers["x-error-tag"]).toBe("LoginFailed");
    expect(await count(booted.db, "sessions")).toBe(0);
  });

  it("a phone without an account gets the same answer as a wrong code, and nothing is written", async () => {
    const code = await sendCode(booted, PHONE);
    const before = await allCounts(booted.db);
    const res = await login({ phone: PHONE, type: "captcha", captcha: code });
    expectError(res, 400, "wrong phone number or SMS code");
    expect(await allCounts(booted.db)).toEqual(before);
  });

  it("the captcha field is required for type captcha", async () => {
    expectError(await login({ phone: PHONE, type: "captcha" }), 400, "missing field: captcha");
    expectError(await login({ phone: PHONE, type: "captcha", password: "secret-1" }), 400, "missing field: captcha");
  });

  it("a code shorter than 4 characters answers 400 with the spec's rule", async () => {
    expectError(await login({ phone: PHONE, type: "captcha", captcha: "12" }), 400, "enter the SMS code (at least 4 characters)");
  });

  it("a blacklisted phone answers 403 and the code stays unused", async () => {
    await seedUser(booted, { phone: PHONE });
    const code = await sendCode(booted, PHONE);
    await blacklistPhone(booted, PHONE);
    expectError(await login({ phone: PHONE, type: "captcha", captcha: code }), 403, "server busy, cannot use");
    expect(await count(booted.db, "sessions")).toBe(0);
    const [row] = await booted.db.query.smsCodes.findMany();
    expect(row?.usedAt).toBeNull();
  });
});

describe("POST /api/login with a password", () => {
  it("signs in with the right password", async () => {
    const user = await seedUser(booted, { phone: PHONE, password: "s3cret-pass" });
    const data = expectSuccess<{ token: string; info: { id: number } }>(await login({ phone: PHONE, type: "password", password: "s3cret-pass" }));
    expect(data.info.id).toBe(user.id);
  });

  it("a wrong password, an unknown phone and a customer without a password all get one message", async () => {
    await seedUser(booted, { phone: PHONE, password: "s3cret-pass" });
    await seedUser(booted, { phone: "13900139000" });
    for (const body of [
      { phone: PHONE, type: "password", password: "wrong-pass" },
      { phone: "13700137000", type: "password", password: "s3cret-pass" },
      { phone: "13900139000", type: "password", password: "s3cret-pass" },
    ]) {
      expectError(await login(body), 400, "wrong phone number or password");
    }
    expect(await count(booted.db, "sessions")).toBe(0);
  });

  it("the password field is required for type password", async () => {
    expectError(await login({ phone: PHONE, type: "password" }), 400, "missing field: password");
  });

  it("a password shorter than 6 answers 400 with the spec's rule", async () => {
    expectError(await login({ phone: PHONE, type: "password", password: "12345" }), 400, "password must have at least 6 characters");
  });

  it("a blacklisted phone answers 403 even with the right password", async () => {
    await seedUser(booted, { phone: PHONE, password: "s3cret-pass" });
    await blacklistPhone(booted, PHONE);
    expectError(await login({ phone: PHONE, type: "password", password: "s3cret-pass" }), 403, "server busy, cannot use");
  });
});

describe("POST /api/login input", () => {
  it("a malformed phone answers 400", async () => {
    expectError(await login({ phone: "1380013800", type: "password", password: "s3cret-pass" }), 400, "enter a correct phone number");
  });

  it("an unknown type answers 400", async () => {
    const res = await login({ phone: PHONE, type: "magic", password: "s3cret-pass" });
    expectError(res, 400);
    expect(res.json<{ message: string }>().message).toMatch(/type/);
  });

  it("a missing phone answers 400 naming it", async () => {
    expectError(await login({ type: "password", password: "s3cret-pass" }), 400, "missing field: phone");
  });
});
