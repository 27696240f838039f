import { Money, type Messages } from "@fuel/domain";
import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deskAdmin, deskText, docShot, newStaff, signInAtDesk, type DeskCaller } from "./deskSupport.ts";
import { apiAs, baseUrl, createFuelOrder, dieselStationId, launch, payInSandbox, qrCodeOf, screenshot, scrollsSideways, signedInCustomer } from "./support.ts";

/**
 * The desk's invoice queue in Chromium (issue 35 item 5), in both languages: a customer asks for a
 * company invoice for two used orders of a station the station invoices; that station's cashier,
 * at 360x640, opens the queue from the menu (the desk still opens on the redeem tool), reads the
 * request whole and issues it with a number and a PDF; an admin at 1024x768 finds it issued in
 * the table, opens its PDF, exports it, and reads the act in the audit log in words. A second
 * request is refused with a reason the customer then reads, and a third, issued by someone else
 * while the cashier's form is open, is said to be so.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const PHONE = { width: 360, height: 640 } as const;
const DESKTOP = { width: 1024, height: 768 } as const;
const SHOTS = process.env["SHOTS_DIR"] ?? "/tmp/shots-desk-invoices/";

/** A screenshot of what the screen shows and of the whole page (`-full`). */
const shotTo = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SHOTS, { recursive: true });
  await screenshot(page, { path: `${SHOTS}${name}.png` });
  await screenshot(page, { path: `${SHOTS}${name}-full.png`, fullPage: true });
  await docShot(page, name);
};

/** Waits until the act's notice (an antd-mobile toast over the page) has gone, for a screenshot of the page itself. */
const noticeGone = (page: Page): Promise<void> => page.locator(".adm-toast-mask").waitFor({ state: "hidden", timeout: 10_000 });

/** Waits until a side sheet has slid in: its right edge at the screen's. */
const slidIn = async (page: Page, selector: string): Promise<void> => {
  const width = page.viewportSize()?.width ?? 0;
  await expect.poll(async () => Math.round(await page.locator(selector).evaluate((el) => el.getBoundingClientRect().right))).toBe(width);
};

const deskPage = async (locale: Messages.Locale, viewport: { width: number; height: number }): Promise<Page> => {
  const context = await browser.newContext({ viewport, locale: locale === "zh-CN" ? "zh-CN" : "en-US", serviceWorkers: "block", acceptDownloads: true });
  return context.newPage();
};

/** A small file that is a PDF by its bytes (the server and the desk check its header and its %%EOF). */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

interface DeskStationRow {
  readonly id: number;
  readonly invoice_policy: string;
  readonly [field: string]: unknown;
}

/** Makes the demo diesel station one its own staff invoice (the `station` policy), as an admin does at the desk. */
const stationInvoices = async (admin: DeskCaller): Promise<number> => {
  const id = await dieselStationId();
  const { stations } = await admin.get<{ stations: ReadonlyArray<DeskStationRow> }>("/api/desk/stations");
  const station = stations.find((s) => s.id === id);
  if (station === undefined) throw new Error(`no desk station ${id}`);
  if (station.invoice_policy !== "station") await admin.post("/api/desk/stations/save", { ...station, invoice_policy: "station" });
  return id;
};

/** A fuel order paid and redeemed at the pump by `cashier`: used, so it may be invoiced. */
const usedOrder = async (customer: { token: string; phone: string }, cents: number, cashier: DeskCaller): Promise<{ orderId: number; paid: number }> => {
  const order = await createFuelOrder(customer, cents);
  await payInSandbox(order.orderId);
  const code = await qrCodeOf(customer.token, order.mchntNo);
  await cashier.post("/api/desk/redeem", { code });
  const detail = await apiAs<{ amount: number; order_status: number }>(customer.token, "/api/order/detail", { order_id: order.orderId });
  expect(detail.order_status).toBe(3);
  return { orderId: order.orderId, paid: detail.amount };
};

interface CustomerInvoice {
  readonly invoice_id: number;
  readonly state: string;
  readonly number: string | null;
  readonly reason: string | null;
  readonly line: { readonly amount: number; readonly litres: string | null };
}

/** The customer keeps a company title and asks for one invoice for `orders`. */
const askForInvoice = async (customer: { token: string }, orders: ReadonlyArray<number>, name: string): Promise<number> => {
  const title = await apiAs<{ title_id: number }>(customer.token, "/api/invoice/titles/save", { type: "company", name, tax_id: "91440101MA5CXXXX2K", email: "finance@example.com" });
  return (await apiAs<{ invoice_id: number }>(customer.token, "/api/invoice/apply", { order_ids: orders, title_id: title.title_id })).invoice_id;
};

const invoiceOf = (customer: { token: string }, id: number): Promise<CustomerInvoice> => apiAs<CustomerInvoice>(customer.token, "/api/invoice/detail", { invoice_id: id });

/** Opens the queue from the desk's menu, as a cashier reaches it from the redeem tool's back button. */
const openQueueFromMenu = async (page: Page, locale: Messages.Locale): Promise<void> => {
  await page.getByRole("heading", { name: deskText(locale, "desk.menu.redeem"), exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/desk/redeem");
  await page.getByRole("button", { name: deskText(locale, "desk.back") }).click();
  await page.getByRole("link", { name: deskText(locale, "desk.menu.invoices") }).click();
  await page.getByRole("heading", { name: deskText(locale, "desk.menu.invoices"), exact: true }).waitFor();
};

describe.each(["en", "zh-CN"] as const)("the invoice queue in %s", (locale) => {
  const t = (key: Parameters<typeof deskText>[1], params?: Readonly<Record<string, string | number>>) => deskText(locale, key, params);

  it("a cashier issues a request of their station with a number and a PDF; the admin sees it issued in the table, its PDF, its export, and the audit log in words", async () => {
    const admin = await newStaff("admin");
    const stationId = await stationInvoices(admin.caller);
    const cashier = await newStaff("cashier", { stations: [stationId] });
    const customer = await signedInCustomer({ activated: true });
    const first = await usedOrder(customer, 20000, cashier.caller);
    const second = await usedOrder(customer, 10000, cashier.caller);
    const company = `Pearl River Logistics ${locale} ${Date.now().toString(36)}`;
    const invoiceId = await askForInvoice(customer, [first.orderId, second.orderId], company);
    const asked = await invoiceOf(customer, invoiceId);
    expect(asked.state).toBe("requested");
    expect(asked.line.amount).toBe(first.paid + second.paid);
    const number = `2444200000${String(Date.now()).slice(-10)}`;

    // The cashier, on a phone: the desk opens on the redeem tool; the queue is in the menu.
    const page = await deskPage(locale, PHONE);
    await signInAtDesk(page, locale, cashier.name, cashier.password);
    await openQueueFromMenu(page, locale);
    const card = page.getByRole("listitem", { name: t("desk.invoices.requestNo", { id: invoiceId }) });
    await card.waitFor();
    const words = (await card.textContent()) ?? "";
    for (const part of [company, "91440101MA5CXXXX2K", "finance@example.com", t("desk.invoices.state.requested"), Money.formatYuan(asked.line.amount), t("desk.invoices.orderLine", { id: first.orderId }), t("desk.invoices.orderLine", { id: second.orderId })]) {
      expect(words).toContain(part);
    }
    expect(words).toContain(t("desk.invoices.orderPaid", { amount: Money.formatYuan(first.paid) }));
    expect(await page.locator("table").count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await card.scrollIntoViewIfNeeded();
    await shotTo(page, `invoices-phone-${locale}`);

    await card.getByRole("button", { name: t("desk.invoices.issue") }).click();
    const form = page.getByRole("form", { name: t("desk.invoices.issueTitle", { id: invoiceId }) });
    await form.waitFor();
    await form.locator("#invoice-number").fill(`${number.slice(0, 4)} ${number.slice(4, 12)} ${number.slice(12)}`);
    await form.locator("#invoice-pdf").setInputFiles({ name: `invoice-${invoiceId}.pdf`, mimeType: "application/pdf", buffer: PDF });
    await form.getByText(t("desk.invoices.pdfChosen", { name: `invoice-${invoiceId}.pdf`, size: 1 })).waitFor();
    await shotTo(page, `invoices-issue-${locale}`);
    await form.getByRole("button", { name: t("desk.invoices.issueSend") }).click();
    await form.waitFor({ state: "detached" });
    await expect.poll(() => card.textContent()).toContain(number);
    expect(await card.textContent()).toContain(t("desk.invoices.state.issued"));
    expect(await card.getByRole("link", { name: t("desk.invoices.openPdf") }).getAttribute("href")).toBe(`/api/desk/invoices/pdf?invoice_id=${invoiceId}`);
    expect(await card.getByRole("button", { name: t("desk.invoices.issue") }).count()).toBe(0);
    await noticeGone(page);
    await card.scrollIntoViewIfNeeded();
    await shotTo(page, `invoices-issued-${locale}`);
    await page.context().close();
    expect(await invoiceOf(customer, invoiceId)).toMatchObject({ state: "issued", number });

    // The admin, on a desktop: the issued request in the table, its PDF, the export, the audit log.
    const desk = await deskPage(locale, DESKTOP);
    await signInAtDesk(desk, locale, admin.name, admin.password);
    await desk.getByRole("link", { name: t("desk.menu.invoices") }).click();
    const table = desk.getByRole("table", { name: t("desk.menu.invoices") });
    await desk.locator("#invoices-state").selectOption("issued");
    await desk.locator("#invoices-station").selectOption(String(stationId));
    await desk.waitForURL(new RegExp(`state=issued&station=${stationId}`));
    const row = table.locator("tbody tr", { hasText: company });
    await row.waitFor();
    expect(await row.textContent()).toContain(t("desk.invoices.state.issued"));
    expect(await row.textContent()).toContain(`${first.orderId}, ${second.orderId}`);
    expect(await scrollsSideways(desk)).toBe(false);
    await shotTo(desk, `invoices-table-${locale}`);
    await row.getByRole("button", { name: new RegExp(t("desk.invoices.details")) }).click();
    const sheet = desk.getByRole("region", { name: t("desk.invoices.requestNo", { id: invoiceId }) });
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain(number);
    expect(await sheet.textContent()).toContain(cashier.name);
    await slidIn(desk, ".invoice-side");
    await sheet.getByRole("link", { name: t("desk.invoices.openPdf") }).scrollIntoViewIfNeeded();
    await shotTo(desk, `invoices-details-${locale}`);
    const pdf = await desk.request.get(`${baseUrl()}/api/desk/invoices/pdf?invoice_id=${invoiceId}`);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await sheet.getByRole("button", { name: t("desk.invoices.close") }).click();

    const [download] = await Promise.all([desk.waitForEvent("download"), desk.getByRole("link", { name: t("desk.table.exportCsv") }).click()]);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(company);
    expect(csv).toContain(number);
    const exported = await admin.caller.get<{ total: number }>(`/api/desk/invoices?state=issued&station_id=${stationId}`);
    expect(csv.replace(/^\uFEFF/, "").trim().split(/\r\n/)).toHaveLength(exported.total + 1);

    await desk.goto(`${baseUrl()}/desk/audit`);
    await desk.locator("#audit-act").selectOption("invoiceIssued");
    await desk.getByRole("button", { name: t("desk.records.audit.apply") }).click();
    const audit = desk.getByRole("table", { name: t("desk.menu.audit") }).locator("tbody tr", { hasText: t("desk.records.audit.on.invoice", { id: invoiceId }) });
    await audit.waitFor();
    const logged = (await audit.textContent()) ?? "";
    expect(logged).toContain(cashier.name);
    expect(logged).toContain(t("desk.records.act.invoiceIssued"));
    expect(logged).toContain(number);
    for (const raw of ["invoice_", "state:", "true", "false", "requested"]) expect(logged).not.toContain(raw);
    await audit.scrollIntoViewIfNeeded();
    await shotTo(desk, `invoices-audit-${locale}`);
    await desk.context().close();
  });

  it("a cashier refuses a request with a reason the customer reads; a request issued meanwhile by someone else is said to be so", async () => {
    const admin = await deskAdmin();
    const stationId = await stationInvoices(admin);
    const cashier = await newStaff("cashier", { stations: [stationId] });
    const customer = await signedInCustomer({ activated: true });
    const refused = await askForInvoice(customer, [(await usedOrder(customer, 15000, cashier.caller)).orderId], `Refused Co ${locale}`);
    const raced = await askForInvoice(customer, [(await usedOrder(customer, 12000, cashier.caller)).orderId], `Raced Co ${locale}`);

    const page = await deskPage(locale, PHONE);
    await signInAtDesk(page, locale, cashier.name, cashier.password);
    await openQueueFromMenu(page, locale);
    const card = page.getByRole("listitem", { name: t("desk.invoices.requestNo", { id: refused }) });
    await card.getByRole("button", { name: t("desk.invoices.refuse") }).click();
    const form = page.getByRole("form", { name: t("desk.invoices.refuseTitle", { id: refused }) });
    await form.getByRole("button", { name: t("desk.invoices.refuseSend") }).click();
    expect(await form.getByRole("alert").textContent()).toBe(deskText(locale, "InvoiceRefusalReasonMissing"));
    const reason = locale === "en" ? "the taxpayer id does not match the company name" : "税号与单位名称不符";
    await form.locator("#invoice-reason").fill(reason);
    await shotTo(page, `invoices-refuse-${locale}`);
    await form.getByRole("button", { name: t("desk.invoices.refuseSend") }).click();
    await form.waitFor({ state: "detached" });
    await expect.poll(() => card.textContent()).toContain(reason);
    expect(await card.textContent()).toContain(t("desk.invoices.state.refused"));
    expect(await invoiceOf(customer, refused)).toMatchObject({ state: "refused", reason });

    // Someone else issues the other request while this cashier's form is open: 409, said, and the
    // list read again (the queue of waiting requests no longer holds it).
    const other = page.getByRole("listitem", { name: t("desk.invoices.requestNo", { id: raced }) });
    await other.getByRole("button", { name: t("desk.invoices.issue") }).click();
    const issue = page.getByRole("form", { name: t("desk.invoices.issueTitle", { id: raced }) });
    await issue.locator("#invoice-number").fill("24442000000099999999");
    await admin.post("/api/desk/invoices/issue", { invoice_id: raced, number: "24442000000088888888" });
    await issue.getByRole("button", { name: t("desk.invoices.issueSend") }).click();
    const said = page.locator(".invoice-act-problem");
    await expect.poll(() => said.textContent()).toBe(deskText(locale, "InvoiceNotOpen"));
    await expect.poll(() => other.count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await noticeGone(page);
    await shotTo(page, `invoices-raced-${locale}`);
    expect(await invoiceOf(customer, raced)).toMatchObject({ state: "issued", number: "24442000000088888888" });
    await page.context().close();
  });
});
