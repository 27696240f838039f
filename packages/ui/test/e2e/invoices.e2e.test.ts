import type { Messages } from "@fuel/domain";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOf, type TextKey } from "../../src/i18n/catalogue.ts";
import { deskAdmin } from "./deskSupport.ts";
import { baseUrl, createFuelOrder, dieselStationId, launch, payInSandbox, phone, qrCodeOf, redeemAtCashier, scrollsSideways, shot, signedInCustomer, withSession } from "./support.ts";

/**
 * Issue 35, the customer's side, in Chromium at 360x640 in both languages: a driver adds a company
 * title and asks for one invoice for two used orders of one station (order detail, ask, ask for
 * the invoice), sees it requested, then issued with its number and PDF (issued here through the
 * desk's API, as a cashier would); a refused request is asked again. With UPDATE_SCREENS=1 the
 * pictures go to docs/screens/invoice-*.png (listed in docs/screens.md).
 */

const LOCALES = [
  { locale: "en-US", lang: "en" },
  { locale: "zh-CN", lang: "zh-CN" },
] as const;

const docsDir = fileURLToPath(new URL("../../../../docs/screens/", import.meta.url));

/** A screenshot to look at; with UPDATE_SCREENS=1 also the documented one, docs/screens/invoice-<stem>-<locale>.png. */
const picture = async (page: Page, stem: string, locale: string): Promise<void> => {
  await page.waitForTimeout(300); // transitions settle
  await page.locator(".adm-toast-mask").waitFor({ state: "detached", timeout: 5_000 }).catch(() => undefined); // and a toast goes
  await shot(page, `invoice-${stem}-${locale}`);
  if (process.env["UPDATE_SCREENS"] !== "1") return;
  mkdirSync(docsDir, { recursive: true });
  await page.screenshot({ path: `${docsDir}invoice-${stem}-${locale}.png` });
};

/** A fuel order paid and redeemed at the pump: used, as a driver's is after fuelling. */
const usedOrder = async (customer: { token: string; phone: string }, amountCents: number): Promise<{ orderId: number; mchntNo: string }> => {
  const order = await createFuelOrder(customer, amountCents);
  await payInSandbox(order.orderId);
  await redeemAtCashier(await qrCodeOf(customer.token, order.mchntNo));
  return order;
};

/** A minimal well-formed PDF (its header and end marker), as a data URL the desk uploads. */
const PDF_DATA_URL = `data:application/pdf;base64,${Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n").toString("base64")}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe("invoices in the customer app, in Chromium at 360x640 (issue 35)", () => {
  for (const { locale, lang } of LOCALES) {
    const t = (key: TextKey, params?: Readonly<Record<string, string | number>>) => textOf(key, lang as Messages.Locale, params);

    it(`${lang}: a company title, one invoice for two used orders of one station, requested, then issued with its number and PDF`, async () => {
      const customer = await signedInCustomer({ activated: true });
      const first = await usedOrder(customer, 20_000);
      const second = await usedOrder(customer, 10_000);
      const device = await phone(browser, { locale, viewport: { width: 360, height: 640 } });
      const { page } = device;
      await withSession(page, customer, true);

      // Who invoices, said on the station card and before paying (checked by eye in the pictures).
      await page.goto(`${baseUrl()}/stationlist`, { waitUntil: "networkidle" });
      await page.locator(".station-card .invoice-policy").first().waitFor();
      await shot(page, `invoice-station-list-${locale}`);
      await page.goto(`${baseUrl()}/oneKeyGas?station_id=${await dieselStationId()}`, { waitUntil: "networkidle" });
      await page.getByRole("button", { name: /500/ }).click();
      await page.locator("form button[type=submit]").click();
      await page.waitForURL(/\/order(\?|$)/);
      await page.locator(".order-checklist .invoice-policy").waitFor();
      await shot(page, `invoice-checklist-${locale}`);

      // 我的 -> 我的发票 -> titles -> add a company title.
      await page.goto(`${baseUrl()}/personal`, { waitUntil: "networkidle" });
      await page.getByRole("link", { name: t("invoices.personalRow") }).click();
      await page.waitForURL(/\/invoices$/);
      await page.getByText(t("invoices.empty")).waitFor();
      await picture(page, "list-empty", locale);
      await page.getByRole("link", { name: t("invoices.titlesRow") }).click();
      await page.waitForURL(/\/invoiceTitles$/);
      await page.getByRole("button", { name: t("invoices.addTitle") }).click();
      await page.waitForURL(/\/invoiceTitle$/);
      // A wrong taxpayer id is refused in the server's words as the field is left.
      await page.getByLabel(t("invoices.formTaxId")).fill("9144-0101");
      await page.getByLabel(t("invoices.formName_company")).click();
      await page.getByText(t("InvoiceTaxIdInvalid")).waitFor();
      await picture(page, "title-form", locale);
      await page.getByLabel(t("invoices.formTaxId")).fill("91440101ma5cxxxx2k");
      await page.getByLabel(t("invoices.formName_company")).fill("Pearl River Logistics Co., Ltd.");
      await page.getByRole("button", { name: t("invoices.formSave") }).click();
      await page.waitForURL(/\/invoiceTitles$/);
      await page.getByText("91440101MA5CXXXX2K").waitFor();
      await picture(page, "titles", locale);

      // Three taps: the order's detail, ask, ask for the invoice (the default title is picked).
      await page.goto(`${baseUrl()}/orderDetail/${first.orderId}`, { waitUntil: "networkidle" });
      const ask = page.getByRole("button", { name: t("invoices.ask"), exact: true });
      await ask.scrollIntoViewIfNeeded();
      await picture(page, "order-detail", locale);
      await ask.click();
      await page.waitForURL(/\/invoiceApply\?order_ids=/);
      await page.getByText(second.mchntNo).click(); // tick the other used order of the same station
      const submit = page.getByRole("button", { name: new RegExp(`^${escape(t("invoices.submit", { amount: "¥" })).replace("¥", "¥[\\d.]+")}$`) });
      await submit.waitFor();
      await picture(page, "apply", locale);
      const shownAmount = /¥[\d.]+/.exec((await submit.textContent()) ?? "")?.[0];
      await submit.click();
      await page.waitForURL(/\/invoice\/\d+$/);
      await page.getByText(t("invoices.state_requested")).first().waitFor();
      await picture(page, "requested", locale);
      const invoiceId = Number(/\/invoice\/(\d+)$/.exec(page.url())?.[1]);

      // What was asked is what the server holds: both orders, what was paid.
      const detail = await (await fetch(`${baseUrl()}/api/invoice/detail`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` }, body: JSON.stringify({ invoice_id: invoiceId }) })).json() as { data: { orders: Array<{ order_id: number }>; line: { amount: number }; title: { tax_id: string } } };
      expect(detail.data.orders.map((o) => o.order_id).sort()).toEqual([first.orderId, second.orderId].sort());
      expect(`¥${(detail.data.line.amount / 100).toFixed(2)}`).toBe(shownAmount);
      expect(detail.data.title.tax_id).toBe("91440101MA5CXXXX2K");

      await page.goto(`${baseUrl()}/invoices`, { waitUntil: "networkidle" });
      await page.getByText(t("invoices.orderCount", { n: 2 })).waitFor();
      await picture(page, "list", locale);

      // A cashier issues it at the desk (here through the desk's API); the driver sees the number and opens the PDF.
      const admin = await deskAdmin();
      await admin.post("/api/desk/invoices/issue", { invoice_id: invoiceId, number: "24442000000012345678", pdf: PDF_DATA_URL });
      await page.goto(`${baseUrl()}/invoice/${invoiceId}`, { waitUntil: "networkidle" });
      await page.getByText("24442000000012345678").waitFor();
      await page.getByText(t("invoices.state_issued")).first().waitFor();
      await picture(page, "issued", locale);
      const opened = page.context().waitForEvent("page");
      await page.getByRole("button", { name: t("invoices.openPdf") }).click();
      const pdf = await opened;
      expect(pdf.url()).toMatch(/^blob:/);
      // The tab shows the bytes the server kept for this customer, as a PDF document.
      await pdf.waitForLoadState();
      expect(await pdf.evaluate(() => document.contentType)).toBe("application/pdf");
      await pdf.close();

      // The order's detail shows its invoice's state, linking to it.
      await page.goto(`${baseUrl()}/orderDetail/${second.orderId}`, { waitUntil: "networkidle" });
      await page.getByRole("link", { name: new RegExp(t("invoices.state_issued")) }).waitFor();
      expect(await page.getByRole("button", { name: t("invoices.ask"), exact: true }).count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      expect(device.errors).toEqual([]);
      await device.context.close();
    });

    it(`${lang}: a refused request shows the reason and is asked again for the same order`, async () => {
      const customer = await signedInCustomer({ activated: true });
      const order = await usedOrder(customer, 15_000);
      const title = await (await fetch(`${baseUrl()}/api/invoice/titles/save`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` }, body: JSON.stringify({ type: "company", name: "Pearl River Logistic", tax_id: "91440101MA5CXXXX2K" }) })).json() as { data: { title_id: number } };
      const asked = await (await fetch(`${baseUrl()}/api/invoice/apply`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` }, body: JSON.stringify({ order_ids: [order.orderId], title_id: title.data.title_id }) })).json() as { data: { invoice_id: number } };
      const admin = await deskAdmin();
      await admin.post("/api/desk/invoices/refuse", { invoice_id: asked.data.invoice_id, reason: "taxpayer id does not match the company name" });

      const device = await phone(browser, { locale, viewport: { width: 360, height: 640 } });
      const { page } = device;
      await withSession(page, customer, true);
      await page.goto(`${baseUrl()}/invoice/${asked.data.invoice_id}`, { waitUntil: "networkidle" });
      await page.getByText("taxpayer id does not match the company name", { exact: false }).waitFor();
      await picture(page, "refused", locale);
      await page.getByRole("button", { name: t("invoices.askAgain") }).click();
      await page.waitForURL(new RegExp(`/invoiceApply\\?order_ids=${order.orderId}$`));
      // Fix the title inline: a personal one this time.
      await page.getByRole("button", { name: t("invoices.addTitle") }).click();
      const popup = page.locator(".invoice-title-popup");
      await popup.getByText(t("invoices.type_personal"), { exact: true }).click();
      await popup.getByLabel(t("invoices.formName_personal"), { exact: true }).fill("李伟");
      await picture(page, "apply-add-title", locale);
      await popup.getByRole("button", { name: t("invoices.formSave") }).click();
      await page.getByRole("radio", { name: /李伟/ }).waitFor();
      expect(await page.getByRole("radio", { name: /李伟/ }).isChecked()).toBe(true);
      await page.getByRole("button", { name: new RegExp(`^${escape(t("invoices.submit", { amount: "¥" })).replace("¥", "¥[\\d.]+")}$`) }).click();
      await page.waitForURL(/\/invoice\/\d+$/);
      expect(Number(/\/invoice\/(\d+)$/.exec(page.url())?.[1])).not.toBe(asked.data.invoice_id);
      await page.getByText(t("invoices.state_requested")).first().waitFor();
      await page.getByText("李伟").first().waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(device.errors).toEqual([]);
      await device.context.close();
    });
  }
});

/** A text as a regular expression's literal. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
