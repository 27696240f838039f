import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, inviteCodes, launch, newPhoneNumber, phone, screenshot, scrollsSideways, signedInCardOwner, signedInCustomer, smsCode, withSession } from "./support.ts";

/**
 * Issue 25, input taken as people type it, in Chromium at 360x640 in zh-CN: a pasted phone
 * ('139 1234 5678') binds, a lower-case invite code activates, /heartcard keeps 12345 and says
 * why it cannot be paid, a frozen card is marked and cannot be chosen, /setting offers what the
 * customer can do with their password.
 */

const SMALL = { width: 360, height: 640 } as const;
/** Screenshots of this file, to look at (not docs/screens, which the lead regenerates). */
const SHOTS = process.env["E2E_SHOTS_DIR"] ?? "/tmp/shots-input/";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

const look = (page: Page, name: string) => screenshot(page, { path: `${SHOTS}${name}.png` });

/** '13912345678' as the messaging app copies it: '139 1234 5678'. */
const spaced = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}`;

/** From /login through the sandbox consent page (English only: it stands in for the messaging app's) to /bindPhone. */
const authorize = async (page: Page, signIn: string): Promise<void> => {
  await page.goto(`${baseUrl()}/login`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: signIn }).click();
  await page.waitForURL(/\/sandbox\/oauth\/authorize/);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/\/bindPhone/);
};

const T = {
  "zh-CN": {
    signIn: "微信授权登录", phone: "手机号", send: "发送验证码", resend: /秒后重发/, code: "短信验证码", bind: "绑定手机", invite: "邀请码", activate: "激活", signOut: "退出登录",
    amount: "购卡金额（元）", digits: "金额整数部分超过4位", myCards: "我的实体卡", frozen: "已冻结", frozenRefusal: "该卡已冻结，不能充值", setPassword: "设置密码", changePassword: "修改密码",
  },
  "en-US": {
    signIn: "Sign in with WeChat", phone: "Phone number", send: "Send code", resend: /Resend in/, code: "SMS code", bind: "Bind phone", invite: "Invite code", activate: "Activate", signOut: "Log out",
    amount: "Card amount (yuan)", digits: "the amount has more than 4 digits before the decimal point", myCards: "My entity cards", frozen: "frozen", frozenRefusal: "this card is frozen and cannot be recharged", setPassword: "Set password", changePassword: "Change password",
  },
} as const;

describe.each(["zh-CN", "en-US"] as const)("input as people type it, in Chromium at 360x640 (%s)", (locale) => {
  const t = T[locale];
  const tag = locale === "zh-CN" ? "zh" : "en";

  it("a pasted '139 1234 5678' binds on /bindPhone, and a lower-case invite code with blanks activates on /activated", async () => {
    const device = await phone(browser, { locale, viewport: SMALL });
    const { page } = device;
    await authorize(page, t.signIn);
    const number = newPhoneNumber();
    const field = page.getByLabel(t.phone, { exact: true });
    await field.fill(spaced(number));
    // The field keeps the whole pasted text: cut at 11 characters it would be '139 1234 56', a wrong number.
    expect(await field.inputValue()).toBe(spaced(number));
    await page.getByRole("button", { name: t.send }).click();
    await page.getByRole("button", { name: t.resend }).waitFor();
    await page.getByLabel(t.code).fill(await smsCode(number));
    await look(page, `bind-pasted-${tag}`);
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole("button", { name: t.bind }).click();
    await page.waitForURL(/\/activated/);

    const [code = ""] = await inviteCodes(1);
    await page.getByLabel(t.invite).fill(` ${code.toLowerCase()} `);
    await look(page, `activated-lower-case-${tag}`);
    expect(await page.getByRole("button", { name: t.signOut }).isVisible()).toBe(true);
    await page.getByRole("button", { name: t.activate }).click();
    await page.waitForURL(/\/recharge\/2/);
    expect(device.errors).toEqual([]);
    await device.context.close();
  });

  it("/activated stops at 32 characters and signs out a customer without a code", async () => {
    const customer = await signedInCustomer({ activated: false });
    const device = await phone(browser, { locale, viewport: SMALL });
    const { page } = device;
    await withSession(page, customer, false);
    await page.goto(`${baseUrl()}/activated`, { waitUntil: "networkidle" });
    const field = page.getByLabel(t.invite);
    await field.pressSequentially("X".repeat(40));
    expect(await field.inputValue()).toBe("X".repeat(32));
    const out = page.getByRole("button", { name: t.signOut });
    expect((await out.boundingBox())?.y ?? Infinity).toBeLessThan(SMALL.height);
    await look(page, `activated-way-out-${tag}`);
    await out.click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem("fuel.token"))).toBeNull();
    await device.context.close();
  });

  it("/heartcard keeps 12345, says at most 4 digits under the field and will not pay", async () => {
    const customer = await signedInCustomer();
    const device = await phone(browser, { locale, viewport: SMALL });
    const { page } = device;
    await withSession(page, customer);
    await page.goto(`${baseUrl()}/heartcard`, { waitUntil: "networkidle" });
    const amount = page.getByLabel(t.amount, { exact: true });
    await amount.pressSequentially("12345");
    expect(await amount.inputValue()).toBe("12345");
    await page.getByText(t.digits, { exact: true }).waitFor();
    const pay = page.locator(".form-footer button[type=submit]");
    expect(await pay.isDisabled()).toBe(true);
    await look(page, `heartcard-12345-${tag}`);
    expect(await scrollsSideways(page)).toBe(false);
    await device.context.close();
  });

  it("a frozen card on /recharge2 is marked frozen and cannot be chosen", async () => {
    const owner = await signedInCardOwner({ followsOfficialAccount: true });
    const device = await phone(browser, { locale, viewport: SMALL });
    const { page } = device;
    await withSession(page, owner);
    await page.goto(`${baseUrl()}/recharge2`, { waitUntil: "networkidle" });
    const mine = page.getByRole("radiogroup", { name: t.myCards });
    const frozen = mine.locator("label", { has: page.getByText(t.frozen, { exact: true }) });
    await frozen.waitFor();
    expect(await frozen.locator("input[type=radio]").isDisabled()).toBe(true);
    await frozen.scrollIntoViewIfNeeded();
    await look(page, `recharge2-frozen-${tag}`);
    await device.context.close();
  });

  it("on the card page a frozen card chosen says at once that it cannot be recharged", async () => {
    const owner = await signedInCardOwner({ followsOfficialAccount: true });
    const device = await phone(browser, { locale, viewport: SMALL });
    const { page } = device;
    await withSession(page, owner);
    await page.goto(`${baseUrl()}/recharge/2`, { waitUntil: "networkidle" });
    await page.locator("label", { hasText: "3456789" }).click();
    await page.getByText(t.frozenRefusal).waitFor();
    await look(page, `cardpage-frozen-${tag}`);
    await device.context.close();
  });

  it("/setting offers 'set password' to a customer without one, not 'change password'", async () => {
    const customer = await signedInCustomer();
    const device = await phone(browser, { locale, viewport: SMALL });
    const { page } = device;
    await withSession(page, customer);
    await page.goto(`${baseUrl()}/setting`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: t.setPassword }).waitFor();
    expect(await page.getByRole("link", { name: t.changePassword }).count()).toBe(0);
    await look(page, `setting-no-password-${tag}`);
    await device.context.close();
  });
});
