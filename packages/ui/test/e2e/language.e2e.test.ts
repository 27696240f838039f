import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, baseUrl, cardCustomer, createFuelOrder, createRechargeOrder, launch, payInSandbox, phone, screenshot, shot, signedInCardOwner, signedInCustomer, withSession } from "./support.ts";

/**
 * Issue 25: a Chinese session reads Chinese. The refusals a driver meets most (a session the
 * server ended, a failed payment) reach the toast in the catalogue's words, never the server's or
 * the sandbox's English; and a paid order's detail opens on its code, with the brightness hint.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const SMALL_PHONE = { width: 360, height: 640 } as const;
/** Two Latin letters in a row: an English word (digits, ¥ and a lone letter like the 'L' of litres are fine). */
const LATIN_WORD = /[A-Za-z]{2,}/;

/** Records the text of every toast shown (each lasts two seconds; a test may read them later). */
const recordToasts = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          for (const toast of [node, ...node.querySelectorAll("*")].filter((el) => el.classList.contains("adm-toast-main"))) w.__toasts.push(toast.textContent ?? "");
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
};

const toastsOf = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

/** Waits for at least one toast and answers them all. */
const toastsShown = async (page: Page): Promise<string[]> => {
  await page.waitForFunction(() => (window as unknown as { __toasts: string[] }).__toasts.some((t) => t.trim() !== ""), undefined, { timeout: 15_000 });
  return (await toastsOf(page)).filter((t) => t.trim() !== "");
};

describe("a zh-CN session never shows English in a toast (issue 25)", () => {
  it("after a 401: the server ended the session, the next page's call is refused, the toast asks in Chinese", async () => {
    const customer = await signedInCustomer({ activated: true });
    const device = await phone(browser, { locale: "zh-CN", viewport: SMALL_PHONE });
    const { page } = device;
    await recordToasts(page);
    await withSession(page, customer, true);
    // Signed out elsewhere: the token on the phone is no longer the server's.
    await apiAs(customer.token, "/api/logout", {});
    await page.goto(`${baseUrl()}/orderlist`, { waitUntil: "networkidle" });
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    const toasts = await toastsShown(page);
    await shot(page, "language-401-zh");
    expect(toasts.length).toBeGreaterThan(0);
    for (const text of toasts) expect(text).not.toMatch(LATIN_WORD);
    await device.context.close();
  });

  it("after a failed payment: the sandbox sheet's 'fail' reads '支付失败，请稍后重试'", async () => {
    const customer = await signedInCustomer({ activated: true });
    const { orderId } = await createFuelOrder(customer);
    const device = await phone(browser, { locale: "zh-CN", viewport: SMALL_PHONE });
    const { page } = device;
    await recordToasts(page);
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/orderDetail/${orderId}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "去支付" }).click();
    await page.locator("#fuel-sandbox-pay-sheet button[data-choice=fail]").click();
    const toasts = await toastsShown(page);
    await shot(page, "language-pay-failed-zh");
    expect(toasts).toContain("支付失败，请稍后重试");
    for (const text of toasts) expect(text).not.toMatch(LATIN_WORD);
    await device.context.close();
  });
});

describe("the QR screen at 360x640 (issue 25)", () => {
  it.each([
    ["zh-CN", "请调高屏幕亮度，出示给收银员"],
    ["en-US", "Turn up your screen brightness and show this to the cashier"],
  ] as const)("%s: a paid order's detail shows its code within the first 640 px, its text on unbroken blocks, and the brightness hint", async (locale, hint) => {
    const customer = await signedInCustomer({ activated: true });
    const { orderId } = await createFuelOrder(customer);
    await payInSandbox(orderId);
    const device = await phone(browser, { locale, viewport: SMALL_PHONE });
    const { page } = device;
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/orderDetail/${orderId}`, { waitUntil: "networkidle" });
    const image = page.locator("img.order-qr-image");
    await image.waitFor({ timeout: 15_000 });
    const box = await image.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(SMALL_PHONE.height);
    const shownHint = page.getByText(hint);
    expect(await shownHint.isVisible()).toBe(true);
    // Every block of the code's text sits on one line (its height is one line's).
    const blocks = await page.locator(".order-qr-text .qr-code-group").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    expect(blocks.length).toBeGreaterThan(1);
    expect(Math.max(...blocks)).toBeLessThan(2 * Math.min(...blocks));
    const codeBox = await page.locator(".order-qr-text").boundingBox();
    expect((codeBox?.y ?? 0) + (codeBox?.height ?? 0)).toBeLessThanOrEqual(SMALL_PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await shot(page, `language-qr-${locale}`);
    await screenshot(page, { path: `/tmp/shots-words/qr-${locale}.png` });
    expect(device.errors).toEqual([]);
    await device.context.close();
  });

  it.each(["zh-CN", "en-US"] as const)("%s: a paid recharge order's detail shows its code within the first 640 px (it sat below the fold)", async (locale) => {
    const customer = await cardCustomer();
    const { orderId } = await createRechargeOrder(customer, 10_000);
    await payInSandbox(orderId);
    const device = await phone(browser, { locale, viewport: SMALL_PHONE });
    const { page } = device;
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/orderDetail/2/${orderId}`, { waitUntil: "networkidle" });
    const image = page.locator(".recharge-qr img.redemption-qr");
    await image.waitFor({ timeout: 15_000 });
    const box = await image.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(SMALL_PHONE.height);
    expect(await page.locator(".redemption-brightness").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, { path: `/tmp/shots-words/recharge-qr-${locale}.png` });
    expect(device.errors).toEqual([]);
    await device.context.close();
  });
});

describe("the pay callback's code at 360x640 (issue 25)", () => {
  it.each(["zh-CN", "en-US"] as const)("%s: the code, its text and the brightness hint within the first 640 px", async (locale) => {
    const customer = await signedInCustomer({ activated: true });
    const { orderId, mchntNo } = await createFuelOrder(customer);
    await payInSandbox(orderId);
    const device = await phone(browser, { locale, viewport: SMALL_PHONE });
    const { page } = device;
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/paycallback?sub_mch_id=1900000109&out_trade_no=${mchntNo}&check_code=81726354`, { waitUntil: "networkidle" });
    await page.getByTestId("redemption-code").waitFor({ timeout: 15_000 });
    for (const selector of ["img.redemption-qr", ".redemption-code", ".redemption-brightness"]) {
      const box = await page.locator(selector).boundingBox();
      expect(box, selector).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), selector).toBeLessThanOrEqual(SMALL_PHONE.height);
    }
    await screenshot(page, { path: `/tmp/shots-words/paycallback-${locale}.png` });
    expect(device.errors).toEqual([]);
    await device.context.close();
  });
});

describe("words on screen in the session's language (issue 25)", () => {
  it.each([
    ["zh-CN", /^剩余 \d+分\d+秒$/, "已冻结"],
    ["en-US", /^\d+ min \d+ s left$/, "frozen"],
  ] as const)("%s: an unpaid order counts down as time left; a frozen card reads frozen in the session's words", async (locale, countdown, frozen) => {
    const customer = await signedInCardOwner({ followsOfficialAccount: true });
    await createFuelOrder(customer);
    const device = await phone(browser, { locale, viewport: SMALL_PHONE });
    const { page } = device;
    await withSession(page, customer, true);
    await page.goto(`${baseUrl()}/orderlist?tab=unpaid`, { waitUntil: "networkidle" });
    const timer = page.getByRole("timer").first();
    await timer.waitFor({ timeout: 15_000 });
    expect((await timer.textContent())?.trim()).toMatch(countdown);
    await screenshot(page, { path: `/tmp/shots-words/orderlist-${locale}.png` });

    await page.goto(`${baseUrl()}/recharge/2`, { waitUntil: "networkidle" });
    await page.locator(".card-option").first().waitFor({ timeout: 15_000 });
    const statuses = await page.locator(".card-option-sub").allTextContents();
    expect(statuses.some((s) => s.includes(frozen))).toBe(true);
    if (locale === "zh-CN") for (const s of statuses) expect(s.replace(/·/g, "")).not.toMatch(/(normal|frozen)/);
    await screenshot(page, { path: `/tmp/shots-words/cards-${locale}.png` });
    expect(device.errors).toEqual([]);
    await device.context.close();
  });
});
