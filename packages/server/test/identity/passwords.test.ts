import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { allCounts, blacklistPhone, count, expectError, expectSuccess, get, post, seedUser, sendCode, tokenFor, wrongCode } from "./support.ts";

const logLines: string[] = [];
let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp({ logger: { level: "trace", stream: { write: (line) => void logLines.push(line) } } });
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  logLines.length = 0;
});

const PHONE = "13800138000";
const passwordLogin = (password: string) => post(booted, "/api/login", { phone: PHONE, type: "password", password });

describe("POST /api/setpassword", () => {
  it("sets a first password; the customer can then sign in with it", async () => {
    const user = await seedUser(booted, { phone: PHONE });
    const token = await tokenFor(booted, user.id);
    expectSuccess(await post(booted, "/api/setpassword", { password: "first-pass" }, { token }));
    expectSuccess(await passwordLogin("first-pass"));
    const [row] = await booted.db.query.users.findMany();
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain("first-pass");
  });

  it("user/info says has_password: false before, true at once after (issue 25: /setting offers set or change)", async () => {
    const user = await seedUser(booted, { phone: PHONE });
    const token = await tokenFor(booted, user.id);
    const hasPassword = async () => expectSuccess<{ has_password: boolean }>(await get(booted, "/api/user/info", { token })).has_password;
    expect(await hasPassword()).toBe(false);
    expectSuccess(await post(booted, "/api/setpassword", { password: "first-pass" }, { token }));
    expect(await hasPassword()).toBe(true);
    const login = expectSuccess<{ info: { has_password: boolean } }>(await passwordLogin("first-pass"));
    expect(login.info.has_password).toBe(true);
  });

  it("will not replace an existing password (409): that needs the old one or an SMS code", async () => {
    const user = await seedUser(booted, { phone: PHONE, password: "first-pass" });
    const token = await tokenFor(booted, user.id);
    expectError(await post(booted, "/api/setpassword", { password: "other-pass" }, { token }), 409, /already set/);
    expectSuccess(await passwordLogin("first-pass"));
  });

  it("a password shorter than 6 answers 400", async () => {
    const user = await seedUser(booted, { phone: PHONE });
    const token = await tokenFor(booted, user.id);
    expectError(await post(booted, "/api/setpassword", { password: "12345" }, { token }), 400, "password must have at least 6 characters");
    const [row] = await booted.db.query.users.findMany();
    expect(row?.passwordHash).toBeNull();
  });

  it("a missing password answers 400", async () => {
    const user = await seedUser(booted, { phone: PHONE });
    expectError(await post(booted, "/api/setpassword", {}, { token: await tokenFor(booted, user.id) }), 400, "missing field: password");
  });

  it("needs a token (401)", async () => {
    expectError(await post(booted, "/api/setpassword", { password: "first-pass" }), 401);
    expectError(await post(booted, "/api/setpassword", { password: "first-pass" }, { token: "unknown" }), 401);
  });

  it("a blacklisted customer gets 403", async () => {
    const user = await seedUser(booted, { phone: PHONE });
    const token = await tokenFor(booted, user.id);
    await blacklistPhone(booted, PHONE);
    expectError(await post(booted, "/api/setpassword", { password: "first-pass" }, { token }), 403);
  });

  it("the password never reaches the logs", async () => {
    const user = await seedUser(booted, { phone: PHONE });
    const token = await tokenFor(booted, user.id);
    await post(booted, "/api/setpassword", { password: "very-secret-1" }, { token });
    await post(booted, "/api/setpassword", { password: "very-secret-2" }, { token });
    await passwordLogin("very-secret-3");
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toMatch(/very-secret/);
  });
});

describe("POST /api/user/resetpassword with the old password", () => {
  const change = (body: object, token?: string) => post(booted, "/api/user/resetpassword", body, token === undefined ? {} : { token });

  it("changes the password for a signed-in customer", async () => {
    const user = await seedUser(booted, { phone: PHONE, password: "old-pass" });
    const token = await tokenFor(booted, user.id);
    expectSuccess(await change({ old_password: "old-pass", new_password: "new-pass" }, token));
    expectSuccess(await passwordLogin("new-pass"));
    expectError(await passwordLogin("old-pass"), 400);
  });

  it("needs a token (401), even with the right old password", async () => {
    await seedUser(booted, { phone: PHONE, password: "old-pass" });
    expectError(await change({ old_password: "old-pass", new_password: "new-pass" }), 401);
    expectSuccess(await passwordLogin("old-pass"));
  });

  it("a wrong old password answers 400 and changes nothing", async () => {
    const user = await seedUser(booted, { phone: PHONE, password: "old-pass" });
    const token = await tokenFor(booted, user.id);
    expectError(await change({ old_password: "not-it-1", new_password: "new-pass" }, token), 400, "old password is wrong");
    expectSuccess(await passwordLogin("old-pass"));
  });

  it("a customer without a password is told to set one", async () => {
    const user = await seedUser(booted, { phone: PHONE });
    expectError(await change({ old_password: "old-pass", new_password: "new-pass" }, await tokenFor(booted, user.id)), 400, /no password set/);
  });

  it("a new password shorter than 6 answers 400", async () => {
    const user = await seedUser(booted, { phone: PHONE, password: "old-pass" });
    expectError(await change({ old_password: "old-pass", new_password: "short" }, await tokenFor(booted, user.id)), 400, "password must have at least 6 characters");
  });
});

describe("POST /api/user/resetpassword with an SMS code (forgotten password)", () => {
  const reset = (body: object) => post(booted, "/api/user/resetpassword", body);

  it("sets the new password and signs out every session", async () => {
    const user = await seedUser(booted, { phone: PHONE, password: "old-pass" });
    const token = await tokenFor(booted, user.id);
    const code = await sendCode(booted, PHONE);
    expectSuccess(await reset({ phone: PHONE, captcha: code, password: "new-pass" }));
    expectSuccess(await passwordLogin("new-pass"));
    expectError(await get(booted, "/api/user/info", { token }), 401);
  });

  it("works for a customer who never had a password", async () => {
    await seedUser(booted, { phone: PHONE });
    const code = await sendCode(booted, PHONE);
    expectSuccess(await reset({ phone: PHONE, captcha: code, password: "new-pass" }));
    expectSuccess(await passwordLogin("new-pass"));
  });

  it("a wrong code answers 400 and changes nothing", async () => {
    await seedUser(booted, { phone: PHONE, password: "old-pass" });
    const code = await sendCode(booted, PHONE);
    expectError(await reset({ phone: PHONE, captcha: wrongCode(code), password: "new-pass" }), 400, "wrong phone number or SMS code");
    expectSuccess(await passwordLogin("old-pass"));
  });

  it("a phone without an account gets the same answer and nothing is written", async () => {
    const code = await sendCode(booted, PHONE);
    const before = await allCounts(booted.db);
    expectError(await reset({ phone: PHONE, captcha: code, password: "new-pass" }), 400, "wrong phone number or SMS code");
    expect(await allCounts(booted.db)).toEqual(before);
  });

  it("a blacklisted phone answers 403", async () => {
    await seedUser(booted, { phone: PHONE, password: "old-pass" });
    const code = await sendCode(booted, PHONE);
    await blacklistPhone(booted, PHONE);
    const [before] = await booted.db.query.users.findMany();
    expectError(await reset({ phone: PHONE, captcha: code, password: "new-pass" }), 403, "server busy, cannot use");
    const [after] = await booted.db.query.users.findMany();
    expect(after?.passwordHash).toBe(before?.passwordHash);
    const [row] = await booted.db.query.smsCodes.findMany();
    expect(row?.usedAt).toBeNull();
  });

  it("validation: phone, code length, password length, missing fields", async () => {
    expectError(await reset({ phone: "123", captcha: "123456", password: "new-pass" }), 400, "enter a correct phone number");
    expectError(await reset({ phone: PHONE, captcha: "12", password: "new-pass" }), 400, "enter the SMS code (at least 4 characters)");
    expectError(await reset({ phone: PHONE, captcha: "123456", password: "short" }), 400, "password must have at least 6 characters");
    expectError(await reset({ phone: PHONE, captcha: "123456" }), 400);
    expectError(await reset({}), 400);
    expect(await count(booted.db, "sessions")).toBe(0);
  });
});
