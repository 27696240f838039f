import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { blacklistPhone, expectSuccess, get, post, seedUser } from "./support.ts";

/**
 * Issue 25: a phone as people paste it ('139 1234 5678', '+86 139…') is read as its 11 digits
 * wherever the server takes one (`Validation.validatePhone` -> `Phone.normalize`), so an older
 * app that sends the raw field still works.
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const PHONE = "13800138000";
const PASTED = ["138 0013 8000", "138-0013-8000", "+86 138 0013 8000", "+8613800138000", "0086 13800138000"];
const codeSentTo = async (phone: string): Promise<string> => expectSuccess<{ code: string }>(await get(booted, `/api/sandbox/sms?phone=${phone}`)).code;

describe("a pasted phone is read as its 11 digits", () => {
  it.each(PASTED)("sendsms to %j sends the code to 13800138000", async (pasted) => {
    expectSuccess(await post(booted, "/api/sendsms", { phone: pasted }));
    expect(await codeSentTo(PHONE)).toMatch(/^\d{6}$/);
  });

  it.each(PASTED)("login with %j and the SMS code signs in the customer of 13800138000", async (pasted) => {
    const user = await seedUser(booted, { phone: PHONE, activated: true });
    expectSuccess(await post(booted, "/api/sendsms", { phone: pasted }));
    const data = expectSuccess<{ info: { id: number } }>(await post(booted, "/api/login", { phone: pasted, type: "captcha", captcha: await codeSentTo(PHONE) }));
    expect(data.info.id).toBe(user.id);
  });

  it("check_captcha and bindphone with a pasted phone bind the 11 digits", async () => {
    await seedUser(booted, { openid: "o6_pasted", phone: null });
    expectSuccess(await post(booted, "/api/sendsms", { phone: "+86 138-0013-8000" }));
    expectSuccess(await post(booted, "/api/check_captcha", { phone: "138 0013 8000", captcha: await codeSentTo(PHONE), openid: "o6_pasted" }));
    const data = expectSuccess<{ info: { phone: string } }>(await post(booted, "/api/bindphone", { phone: "+8613800138000", openid: "o6_pasted" }));
    expect(data.info.phone).toBe(PHONE);
  });

  it("resetpassword with a pasted phone resets the password of 13800138000", async () => {
    await seedUser(booted, { phone: PHONE, password: "old-pass" });
    expectSuccess(await post(booted, "/api/sendsms", { phone: PHONE }));
    expectSuccess(await post(booted, "/api/user/resetpassword", { phone: "138 0013 8000", captcha: await codeSentTo(PHONE), password: "new-pass" }));
    expectSuccess(await post(booted, "/api/login", { phone: PHONE, type: "password", password: "new-pass" }));
  });

  it("isBlacklist with a pasted phone answers for the 11 digits", async () => {
    await blacklistPhone(booted, PHONE);
    expect(expectSuccess(await post(booted, "/api/balcklist/isBlacklist", { phone: "+86 138 0013 8000" }))).toBe(1);
  });

  it("a pasted number cut short is still refused with 'enter a correct phone number'", async () => {
    const res = await post(booted, "/api/sendsms", { phone: "138 0013 80" });
    expect(res.statusCode).toBe(400);
    expect(res.headers["x-error-tag"]).toBe("PhoneInvalid");
  });
});
