import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, baseUrl, cardCustomer, createFuelOrder, createRechargeOrder, dieselStationId, launch, payInSandbox, phone, screenshot, scrollsSideways, settleRecharge, signedInCustomer, withSession } from "./support.ts";

/**
 * Issue 25 item 6, in Chromium at 360x640 in both languages: the checklist reads 'litres x our
 * price', each card page names the price its saving is measured from, a paid order's money reads
 * 'paid', a refund shows its amount, route and state. Screenshots go to MONEY_SHOTS_DIR (default
 * /tmp/shots-money) to be looked at.
 */
const SHOTS = process.env["MONEY_SHOTS_DIR"] ?? "/tmp/shots-money";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

const snap = async (page: Page, name: string): Promise<void> => {
  await screenshot(page, { path: `${SHOTS}/${name}.png` });
  await screenshot(page, { path: `${SHOTS}/${name}-full.png`, fullPage: true });
};

const WORDS = {
  "zh-CN": { litres: /升 × ¥\d+\.\d\d\/升/, pump: "油站挂牌价", list: "比标价 ¥5.11/升 低 ¥0.50/升", paid: "实付金额", refundTo: "微信支付（原路退回）", payable: "应付金额", cardRefundTo: "富友支付（原路退回）" },
  "en-US": { litres: / L × ¥\d+\.\d\d\/L/, pump: "Pump price", list: "¥0.50/L below the list price ¥5.11/L", paid: "Paid amount", refundTo: "WeChat Pay, the way you paid", payable: "Payable", cardRefundTo: "FY Pay, the way you paid" },
} as const;

describe.each(["zh-CN", "en-US"] as const)("money that reads the same everywhere (%s, 360x640)", (locale) => {
  const w = WORDS[locale];
  const tag = locale === "zh-CN" ? "zh" : "en";
  const device = () => phone(browser, { locale, viewport: { width: 360, height: 640 } });

  it("the fuel checklist reads 'litres x our price' with the pump price named", async () => {
    const customer = await signedInCustomer({ activated: true });
    const d = await device();
    await withSession(d.page, customer, true);
    await d.page.goto(`${baseUrl()}/oneKeyGas?station_id=${await dieselStationId()}`, { waitUntil: "networkidle" });
    await d.page.locator("#order-amount").fill("500");
    await d.page.getByTestId("breakdown").getByText(w.litres).waitFor();
    await snap(d.page, `${tag}-oneKeyGas`);
    await d.page.locator(".form-footer button").click();
    await d.page.waitForURL(/\/order(\?|$)/);
    await d.page.getByText(w.litres).waitFor();
    await d.page.getByText(w.pump).waitFor();
    await snap(d.page, `${tag}-order-checklist`);
    expect(await scrollsSideways(d.page)).toBe(false);
    expect(d.errors).toEqual([]);
    await d.context.close();
  });

  it("/recharge2 and /heartcard each name the price their saving is measured from", async () => {
    const customer = await cardCustomer();
    const d = await device();
    await withSession(d.page, customer, true);
    await d.page.goto(`${baseUrl()}/recharge2`, { waitUntil: "networkidle" });
    await d.page.locator("label", { hasText: /1234567/ }).first().click();
    await d.page.locator("#recharge-amount").fill("500");
    await d.page.getByTestId("breakdown").getByText(w.pump).waitFor();
    await snap(d.page, `${tag}-recharge2`);
    await d.page.goto(`${baseUrl()}/heartcard`, { waitUntil: "networkidle" });
    await d.page.getByText(w.list).waitFor();
    await d.page.locator("#purchase-amount").fill("1000");
    await d.page.getByTestId("breakdown").getByText(w.litres).waitFor();
    await snap(d.page, `${tag}-heartcard`);
    expect(await scrollsSideways(d.page)).toBe(false);
    await d.context.close();
  });

  it("a paid order's money reads 'paid'; a refunded one shows the refund's amount, route and the receipt's refund line", async () => {
    const customer = await signedInCustomer({ activated: true });
    const paid = await createFuelOrder(customer, 50000);
    await payInSandbox(paid.orderId);
    const refunded = await createFuelOrder(customer, 30000);
    await payInSandbox(refunded.orderId);
    await apiAs(customer.token, "/api/order/refund", { order_id: refunded.orderId, reason: "wrong station" });
    const d = await device();
    await withSession(d.page, customer, true);
    await d.page.goto(`${baseUrl()}/orderDetail/${paid.orderId}`, { waitUntil: "networkidle" });
    await d.page.locator(".order-summary").getByText(w.paid).waitFor();
    expect(await d.page.locator(".order-summary").getByText(w.payable, { exact: true }).count()).toBe(0);
    await snap(d.page, `${tag}-order-paid`);
    await d.page.goto(`${baseUrl()}/orderDetail/${refunded.orderId}`, { waitUntil: "networkidle" });
    await d.page.getByText(w.refundTo).waitFor({ timeout: 15_000 });
    await snap(d.page, `${tag}-order-refunded`);
    expect(await scrollsSideways(d.page)).toBe(false);
    expect(d.errors).toEqual([]);
    await d.context.close();
  });

  it("a paid recharge reads 'paid'; one the distributor rejected shows its refund back to the channel it was paid through", async () => {
    const customer = await cardCustomer();
    const paid = await createRechargeOrder(customer, 20_000);
    await payInSandbox(paid.orderId);
    const rejected = await createRechargeOrder(customer, 10_000);
    await payInSandbox(rejected.orderId);
    await settleRecharge(rejected.orderId, "rejected", "card frozen by the fleet");
    const d = await device();
    await withSession(d.page, customer, true);
    await d.page.goto(`${baseUrl()}/orderDetail/2/${paid.orderId}`, { waitUntil: "networkidle" });
    await d.page.locator(".recharge-summary").getByText(w.paid).waitFor();
    await snap(d.page, `${tag}-recharge-paid`);
    await d.page.goto(`${baseUrl()}/orderDetail/2/${rejected.orderId}`, { waitUntil: "networkidle" });
    await d.page.locator(".recharge-summary").getByText(w.paid).waitFor();
    await d.page.getByText(w.cardRefundTo).waitFor({ timeout: 15_000 });
    await snap(d.page, `${tag}-recharge-rejected`);
    expect(d.errors).toEqual([]);
    await d.context.close();
  });
});
