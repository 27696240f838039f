import { Money, type Messages } from "@fuel/domain";
import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deskText, docShot, newStaff, signInAtDesk } from "./deskSupport.ts";
import { baseUrl, createFuelOrder, launch, payInSandbox, qrCodeOf, screenshot, scrollsSideways, signedInCustomer } from "./support.ts";

/**
 * The admin's records at the desk in Chromium (issues 26, 34), at 360x640 in both languages: a
 * customer's paid fuel order found by the customer's phone and by its merchant number, its detail
 * (amount, paid, the live QR code); the audit log showing the admin's own sign-in with its address,
 * filtered by act, and downloaded as CSV. At 1024x768 (issue 34) the lists are tables: orders
 * filtered by state and day, sorted, and exported (the file holds exactly those orders), the
 * audit log in words, the stations and staff.
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
    // A phone keeps the cards: no table.
    expect(await page.locator("table").count()).toBe(0);
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
    expect(await page.locator("table").count()).toBe(0);
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

const DESKTOP = { width: 1024, height: 768 } as const;

interface OrdersAnswer {
  readonly orders: ReadonlyArray<{ readonly order_id: number; readonly order_status: number; readonly created_at: string }>;
  readonly total: number;
}

/** The rows of a downloaded CSV (its BOM dropped), split on commas: the order CSV quotes no field of these orders. */
const csvRows = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/)
    .map((line) => line.split(","));

describe.each(["en", "zh-CN"] as const)("the admin's lists at 1024x768 in %s", (locale) => {
  const t = (key: Parameters<typeof deskText>[1], params?: Readonly<Record<string, string | number>>) => deskText(locale, key, params);
  const desktop = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: locale === "zh-CN" ? "zh-CN" : "en-US", serviceWorkers: "block", acceptDownloads: true });
    return context.newPage();
  };

  it("filters orders by state and day in a table, sorts them, and exports exactly those orders", async () => {
    const customer = await signedInCustomer({ activated: true });
    const paid = await createFuelOrder(customer, 20000);
    await payInSandbox(paid.orderId);
    const unpaid = await createFuelOrder(customer, 15000);
    const admin = await newStaff("admin");
    const day = (await admin.caller.get<OrdersAnswer>(`/api/desk/orders?order_id=${paid.orderId}`)).orders[0]?.created_at.slice(0, 10) ?? "";
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const expected = await admin.caller.get<OrdersAnswer>(`/api/desk/orders?status=2&from=${day}&to=${day}&page_size=100`);
    expect(expected.total).toBeLessThanOrEqual(100);

    const page = await desktop();
    await signInAtDesk(page, locale, admin.name, admin.password);
    await page.getByRole("link", { name: t("desk.menu.orders") }).click();
    const table = page.getByRole("table", { name: t("desk.menu.orders") });
    await table.waitFor();
    await page.locator("#orders-status").selectOption({ label: t("ordersStatus_unused") });
    await page.locator("#orders-from").fill(day);
    await page.locator("#orders-to").fill(day);
    await page.waitForURL(new RegExp(`status=2.*from=${day}&to=${day}`));
    await expect.poll(() => table.locator("tbody tr").count()).toBe(Math.min(expected.total, 20));
    const statuses = await table.locator("tbody tr td:nth-child(5)").allTextContents();
    expect(new Set(statuses)).toEqual(new Set([t("ordersStatus_unused")]));
    await table.locator("tbody tr", { hasText: String(paid.orderId) }).first().waitFor();
    expect(await table.locator("tbody tr", { hasText: paid.mchntNo }).count()).toBe(1);
    expect(await table.locator("tbody tr", { hasText: unpaid.mchntNo }).count()).toBe(0);
    expect(await page.getByText(t("desk.table.range", { first: 1, last: Math.min(expected.total, 20), total: expected.total })).count()).toBe(1);

    // Amount, highest first: a header once ascending, again descending, marked so.
    const amount = table.getByRole("columnheader", { name: new RegExp(t("desk.records.amount")) });
    await amount.getByRole("button").click();
    await expect.poll(() => amount.getAttribute("aria-sort")).toBe("ascending");
    await amount.getByRole("button").click();
    await expect.poll(() => amount.getAttribute("aria-sort")).toBe("descending");
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, `orders-table-${locale}`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: t("desk.table.exportCsv") }).click()]);
    const [header, ...rows] = csvRows(readFileSync(await download.path(), "utf8"));
    expect(header?.[0]).toBe(locale === "zh-CN" ? "订单号" : "Order number");
    expect(new Set(rows.map((r) => Number(r[0])))).toEqual(new Set(expected.orders.map((o) => o.order_id)));
    expect(rows).toHaveLength(expected.total);
    const mine = rows.find((r) => Number(r[0]) === paid.orderId);
    expect(mine?.[4]).toBe(t("ordersStatus_unused"));
    expect(mine?.[7]).toBe("200.00");
    expect(mine?.[2]).toMatch(new RegExp(`^${day} \\d{2}:\\d{2}:\\d{2}$`));
    await page.context().close();
  });

  it("reads the audit log in words in a table", async () => {
    const admin = await newStaff("admin");
    await admin.caller.post("/api/desk/invites/create", { count: 3 });
    const blocked = `136${String(Date.now() % 1e8).padStart(8, "0")}`;
    await admin.caller.post("/api/desk/blacklist/add", { phone: blocked });
    const page = await desktop();
    await signInAtDesk(page, locale, admin.name, admin.password);
    await page.goto(`${baseUrl()}/desk/audit`);
    const table = page.getByRole("table", { name: t("desk.menu.audit") });
    await table.waitFor();
    const invites = table.locator("tbody tr", { hasText: admin.name }).filter({ hasText: t("desk.records.act.inviteCreated") }).first();
    expect(await invites.textContent()).toContain(t("desk.records.audit.on.invites", { count: 3 }));
    const blacklisted = table.locator("tbody tr", { hasText: blocked }).first();
    const words = (await blacklisted.textContent()) ?? "";
    expect(words).toContain(t("desk.records.audit.on.phone", { phone: blocked }));
    expect(words).toContain(`${t("desk.records.audit.field.blacklisted")}${t("desk.records.audit.keySeparator")}${t("desk.records.audit.blacklisted.no")} → ${t("desk.records.audit.blacklisted.yes")}`);
    const all = (await table.textContent()) ?? "";
    for (const raw of ["blacklisted:", "order_status", "true", "false", "3 codes"]) expect(all).not.toContain(raw);
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, `audit-table-${locale}`);

    // The stations and staff as tables too; the admin's own row offers no disable or reset.
    await page.goto(`${baseUrl()}/desk/stations`);
    await page.getByRole("table", { name: t("desk.menu.stations") }).waitFor();
    await page.locator("#places-open").selectOption("open");
    await shotTo(page, `stations-table-${locale}`);
    await page.goto(`${baseUrl()}/desk/staff`);
    const own = page.getByRole("table").locator("tbody tr", { hasText: admin.name });
    await own.waitFor();
    expect(await own.getByRole("button").count()).toBe(0);
    expect(await own.textContent()).toContain(t("desk.people.staff.ownAccount"));
    await own.scrollIntoViewIfNeeded();
    await shotTo(page, `staff-table-${locale}`);
    await page.context().close();
  });
});

describe("the admin's records at a tablet width", () => {
  it("the audit log and an empty order search read as tables at 820 px, without scrolling sideways", async () => {
    const admin = await newStaff("admin");
    const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, serviceWorkers: "block" });
    const page = await context.newPage();
    await signInAtDesk(page, "en", admin.name, admin.password);
    await page.goto(`${baseUrl()}/desk/audit`);
    await page.getByRole("table").locator("tbody tr").first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await shotTo(page, "audit-tablet-en");
    await page.goto(`${baseUrl()}/desk/orders?q=FO-none`);
    await page.getByText(deskText("en", "desk.records.noOrders")).waitFor();
    await shotTo(page, "orders-none-tablet-en");
    await context.close();
  });
});
