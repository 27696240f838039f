import { Money, type Messages } from "@fuel/domain";
import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deskText, docShot, newStaff, signInAtDesk } from "./deskSupport.ts";
import { baseUrl, createFuelOrder, launch, payInSandbox, qrCodeOf, screenshot, scrollsSideways, signedInCustomer } from "./support.ts";

/**
 * The admin's records at the desk in Chromium (issue 26), at 360x640 in both languages: a
 * customer's paid fuel order found by the customer's phone and by its merchant number, its detail
 * (amount, paid, the live QR code); the audit log showing the admin's own sign-in with its address,
 * filtered by act, and downloaded as CSV.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const SMALL = { width: 360, height: 640 } as const;
const SHOTS = process.env["SHOTS_DIR"] ?? "/tmp/shots-desk-records/";
/** A screenshot of what the screen shows, and of the whole page (`-full`) when it is longer. */
const shotTo = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SHOTS, { recursive: true });
  await screenshot(page, { path: `${SHOTS}${name}.png` });
  await screenshot(page, { path: `${SHOTS}${name}-full.png`, fullPage: true });
  await docShot(page, name);
};

const deskPage = async (locale: Messages.Locale): Promise<Page> => {
  const context = await browser.newContext({ viewport: SMALL, locale: locale === "zh-CN" ? "zh-CN" : "en-US", serviceWorkers: "block", acceptDownloads: true });
  return context.newPage();
};

interface AuditAnswer {
  readonly rows: ReadonlyArray<{ readonly staff: string; readonly address: string; readonly act: string }>;
}

describe.each(["en", "zh-CN"] as const)("the admin's records in %s", (locale) => {
  const t = (key: Parameters<typeof deskText>[1], params?: Readonly<Record<string, string | number>>) => deskText(locale, key, params);

  it("finds a paid fuel order by the customer's phone and by its merchant number, and reads it whole", async () => {
    const customer = await signedInCustomer({ activated: true });
    const order = await createFuelOrder(customer, 20000);
    await payInSandbox(order.orderId);
    const code = await qrCodeOf(customer.token, order.mchntNo);
    const admin = await newStaff("admin");
    const detail = await admin.caller.get<{ order: { amount: number } }>(`/api/desk/orders/detail?order_id=${order.orderId}`);

    const page = await deskPage(locale);
    await signInAtDesk(page, locale, admin.name, admin.password);
    await page.getByRole("link", { name: t("desk.menu.orders") }).click();
    await page.locator("#records-search").waitFor();
    await shotTo(page, `orders-empty-${locale}`);

    // The phone as people paste it: the desk reads it as the 11 digits.
    await page.locator("#records-search").fill(`+86 ${customer.phone.slice(0, 3)} ${customer.phone.slice(3, 7)} ${customer.phone.slice(7)}`);
    await page.getByRole("button", { name: t("desk.records.find") }).click();
    await page.getByText(t("desk.records.searchedBy.phone", { value: customer.phone })).waitFor();
    const row = page.getByRole("link", { name: new RegExp(order.mchntNo) });
    await row.waitFor();
    expect(await row.textContent()).toContain(t("ordersStatus_unused"));
    expect(await row.textContent()).toContain(Money.formatYuan(detail.order.amount));
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, `orders-found-${locale}`);

    await row.click();
    await page.waitForURL(new RegExp(`/desk/orders/${order.orderId}\\?q=`));
    await page.getByRole("heading", { name: t("desk.records.qrCodes") }).waitFor();
    const main = page.locator("main");
    await expect.poll(() => main.textContent()).toContain(code);
    const text = (await main.textContent()) ?? "";
    expect(text).toContain(t("ordersStatus_paid"));
    expect(text).toContain(Money.formatYuan(detail.order.amount));
    expect(text).toContain(t("desk.records.qr.live"));
    expect(text).toContain(t("ordersChannel_wechat"));
    expect(text).toContain(customer.phone);
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, `order-detail-${locale}`);

    // Back to the same search, then by merchant number: exactly this order.
    await page.getByText(t("desk.back")).click();
    await page.waitForURL(/\/desk\/orders\?q=/);
    await page.locator("#records-search").fill(order.mchntNo);
    await page.getByRole("button", { name: t("desk.records.find") }).click();
    await page.getByText(t("desk.records.searchedBy.merchantNo", { value: order.mchntNo })).waitFor();
    await expect.poll(() => page.locator(".records-list a").count()).toBe(1);
    await page.context().close();
  });

  it("shows the admin's own sign-in with its address, filters by act, and downloads the same rows as CSV", async () => {
    const admin = await newStaff("admin");
    const page = await deskPage(locale);
    await signInAtDesk(page, locale, admin.name, admin.password);
    const logged = await admin.caller.get<AuditAnswer>(`/api/desk/audit?staff=${encodeURIComponent(admin.name)}&act=signIn`);
    const address = logged.rows[0]?.address ?? "";
    expect(address).not.toBe("");

    await page.getByRole("link", { name: t("desk.menu.audit") }).click();
    const signIn = page.locator(".records-audit-row", { hasText: admin.name }).filter({ hasText: t("desk.records.act.signIn") }).first();
    await signIn.waitFor();
    expect(await signIn.textContent()).toContain(address);
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, `audit-${locale}`);

    await page.locator("#audit-staff").fill(admin.name);
    await page.locator("#audit-act").selectOption("signIn");
    await page.getByRole("button", { name: t("desk.records.audit.apply") }).click();
    await expect.poll(() => page.locator(".records-audit-row").count()).toBe(logged.rows.length);
    const acts = await page.locator(".records-audit-head strong").allTextContents();
    expect(new Set(acts)).toEqual(new Set([t("desk.records.act.signIn")]));
    await shotTo(page, `audit-filtered-${locale}`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: t("desk.records.audit.csv") }).click()]);
    const file = await download.path();
    const lines = readFileSync(file, "utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("id,at,staff,address,act,subject,before,after");
    expect(lines).toHaveLength(logged.rows.length + 1);
    expect(lines[1]).toContain(`,${admin.name},${address},signIn,`);
    await page.context().close();
  });
});

describe("the admin's records at a tablet width", () => {
  it("the audit log and an empty order search read as on a phone, only wider", async () => {
    const admin = await newStaff("admin");
    const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, serviceWorkers: "block" });
    const page = await context.newPage();
    await signInAtDesk(page, "en", admin.name, admin.password);
    await page.goto(`${baseUrl()}/desk/audit`);
    await page.locator(".records-audit-row").first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, "audit-tablet-en");
    await page.goto(`${baseUrl()}/desk/orders?q=FO-none`);
    await page.getByText(deskText("en", "desk.records.noOrders")).waitFor();
    await shotTo(page, "orders-none-tablet-en");
    await context.close();
  });
});
