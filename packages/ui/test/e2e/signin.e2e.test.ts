import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, blacklist, inviteCodes, launch, newPhoneNumber, phone, scrollsSideways, shot, smsCode } from "./support.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** From /login through the sandbox consent page to /bindPhone. */
const authorize = async (page: Page): Promise<void> => {
  await page.goto(`${baseUrl()}/login`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Sign in with WeChat" }).click();
  await page.waitForURL(/\/sandbox\/oauth\/authorize/);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/\/bindPhone/);
};

/** Phone and SMS code on /bindPhone, with the code the sandbox "sent". */
const bindPhone = async (page: Page, number: string): Promise<void> => {
  await page.getByLabel("Phone number").fill(number);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByRole("button", { name: /Resend in/ }).waitFor();
  await page.getByLabel("SMS code").fill(await smsCode(number));
  await page.getByRole("button", { name: "Bind phone" }).click();
};

/** Console errors the app did not cause: the browser logs every refused request (a wrong code's 400). */
const appErrors = (errors: ReadonlyArray<string>) => errors.filter((e) => !/status of 4\d\d/.test(e));

describe("signing in, in Chromium", () => {
  it("authorizes through the sandbox consent page, binds a phone with the SMS code, activates, and logs out", async () => {
    const device = await phone(browser);
    const { page } = device;
    await authorize(page);
    await shot(page, "signin-bind-phone");
    await bindPhone(page, newPhoneNumber());
    await page.waitForURL(/\/activated/);
    const [code] = await inviteCodes(1);
    await page.getByLabel("Invite code").fill(code ?? "");
    await page.getByRole("button", { name: "Activate" }).click();
    await page.waitForURL(/\/recharge\/2/);
    expect(await page.evaluate(() => localStorage.getItem("fuel.token"))).not.toBeNull();

    // The account is usable: /personal shows the masked phone.
    await page.goto(`${baseUrl()}/personal`, { waitUntil: "networkidle" });
    await page.getByText(/\*\*\*\*/).first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);

    // Logout (spec §4): the token and the activation flag are gone and the app is on /login.
    await page.goto(`${baseUrl()}/setting`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => [localStorage.getItem("fuel.token"), localStorage.getItem("fuel.activated")])).toEqual([null, null]);
    expect(appErrors(device.errors)).toEqual([]);
    await device.context.close();
  });

  it("a wrong invite code shows 'invite code wrong, contact admin' with the service phone to call", async () => {
    const device = await phone(browser);
    const { page } = device;
    await authorize(page);
    await bindPhone(page, newPhoneNumber());
    await page.waitForURL(/\/activated/);
    await page.getByLabel("Invite code").fill("WRONGCODE1");
    await page.getByRole("button", { name: "Activate" }).click();
    await page.getByText(/invite code wrong, contact admin/).first().waitFor();
    // The service phone follows once the site settings are in (the text shows at once, without it).
    await page.locator('a[href^="tel:"]').first().waitFor();
    await shot(page, "signin-wrong-invite-code");
    expect(page.url()).toMatch(/\/activated/);
    expect(appErrors(device.errors)).toEqual([]);
    await device.context.close();
  });

  it("a blacklisted phone gets 'server busy, cannot use'", async () => {
    const device = await phone(browser);
    const { page } = device;
    const number = newPhoneNumber();
    await blacklist(number);
    await authorize(page);
    await page.getByLabel("Phone number").fill(number);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.getByText("server busy, cannot use").first().waitFor();
    await shot(page, "signin-blacklisted");
    expect(page.url()).toMatch(/\/bindPhone/);
    expect(appErrors(device.errors)).toEqual([]);
    await device.context.close();
  });

  it("refuses a return from the provider whose state this tab did not make", async () => {
    const device = await phone(browser);
    const { page } = device;
    await page.goto(`${baseUrl()}/wechatlogin?code=whatever&state=forged`, { waitUntil: "networkidle" });
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem("fuel.token"))).toBeNull();
    await device.context.close();
  });
});
