import { offline, ServerRefused } from "@fuel/adapters/ports";
import { Money } from "@fuel/domain";

import type { FakeDocuments} from "@fuel/adapters/testing";
import { ScriptedApi } from "@fuel/adapters/testing";
import { exampleInvoice, exampleWebInfo, type Invoice as WireInvoice, type Order as WireOrder } from "@fuel/domain/api";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Dialog from "antd-mobile/es/components/dialog";
import { afterEach, describe, expect, it } from "vitest";
import InvoiceApplyPage from "../../src/pages/InvoiceApplyPage.tsx";
import InvoiceDetailPage from "../../src/pages/InvoiceDetailPage.tsx";
import InvoiceListPage from "../../src/pages/InvoiceListPage.tsx";
import InvoiceTitlePage from "../../src/pages/InvoiceTitlePage.tsx";
import InvoiceTitlesPage from "../../src/pages/InvoiceTitlesPage.tsx";
import OrderDetailPage from "../../src/pages/OrderDetailPage.tsx";
import RechargeOrderDetailPage from "../../src/pages/RechargeOrderDetailPage.tsx";
import { InvoicePolicyLine, RechargeInvoiceLine } from "../../src/components/invoices/InvoicePolicyLine.tsx";
import { FakeOrders, HOUR, paidOrder } from "../support/orders.ts";
import { companyTitle, FakeInvoices, personalTitle, usedOrder } from "../support/invoices.ts";
import { renderPage, testRoot } from "../support/render.tsx";

afterEach(() => Dialog.clear());

const DAY = 24 * HOUR;

const rootWith = (
  orders: ReadonlyArray<WireOrder>,
  options: { readonly locale?: "en" | "zh-CN"; readonly titles?: typeof companyTitle[]; readonly invoices?: ReadonlyArray<WireInvoice> } = {},
) => {
  const root = testRoot({ locale: options.locale ?? "en", ports: { api: new ScriptedApi() } });
  const fakeOrders = new FakeOrders(root.ports.api, orders);
  const fakeInvoices = new FakeInvoices(root.ports.api, { titles: options.titles ?? [companyTitle], invoices: options.invoices ?? [], orders: () => fakeOrders.orders });
  return { root, fakeOrders, fakeInvoices };
};

const location = () => screen.getByTestId("location").textContent;

const pages = {
  "/invoiceApply": <InvoiceApplyPage />,
  "/invoice/:id": <InvoiceDetailPage />,
};

describe("asking for an invoice from a used order (issue 35)", () => {
  it("three taps: the order's detail, ask, ask for the invoice with the default title; the request shows requested", async () => {
    const { root, fakeInvoices } = rootWith([usedOrder({ order_id: 1 }), usedOrder({ order_id: 2 }, DAY)]);
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/1", route: "/orderDetail/:id", also: pages });
    fireEvent.click(await screen.findByRole("button", { name: "Ask for an invoice" }));
    await waitFor(() => expect(location()).toBe("/invoiceApply?order_ids=1"));
    const ask = await screen.findByRole("button", { name: "Ask for the invoice (¥188.55)" });
    // The chosen order ticked, the other of the same station offered, the default title picked.
    expect((screen.getByRole("checkbox", { name: /FO1\b/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: /FO2\b/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole("radio", { name: /Pearl River Logistics/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(ask);
    const invoiceId = await waitFor(() => {
      const id = fakeInvoices.invoices[0]?.invoice_id;
      expect(location()).toBe(`/invoice/${id}`);
      return id;
    });
    expect(await screen.findByText("Requested")).toBeTruthy();
    expect(screen.getByText("Waiting for the issuer: you will find the invoice here once it is issued.")).toBeTruthy();
    expect(root.ports.api.callsTo("invoiceApply")[0]?.input).toEqual({ order_ids: [1], title_id: companyTitle.title_id });
    expect(invoiceId).toBeDefined();
  });

  it("two orders on one invoice: ticking the second adds its money and litres to the button and the total", async () => {
    const { root } = rootWith([usedOrder({ order_id: 1 }), usedOrder({ order_id: 2, amount: Money.cents(9428), order_amount: Money.cents(10000) }, DAY)]);
    renderPage(<InvoiceApplyPage />, { root, path: "/invoiceApply?order_ids=1", route: "/invoiceApply" });
    fireEvent.click(await screen.findByRole("checkbox", { name: /FO2\b/ }));
    expect(await screen.findByRole("button", { name: "Ask for the invoice (¥282.83)" })).toBeTruthy();
    expect(screen.getByText("39.630 L")).toBeTruthy();
  });

  it("an order used longer ago than the window says so instead of offering to ask (en, zh-CN)", async () => {
    for (const [locale, text] of [
      ["en", "order 1 was used more than 30 days ago: it can no longer be invoiced here"],
      ["zh-CN", "订单 1 使用已超过 30 天，不能再申请开票"],
    ] as const) {
      const { root } = rootWith([usedOrder({ order_id: 1 }, 31 * DAY)], { locale });
      const view = renderPage(<OrderDetailPage />, { root, path: "/orderDetail/1", route: "/orderDetail/:id" });
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.queryByRole("button", { name: locale === "en" ? "Ask for an invoice" : "申请开票" })).toBeNull();
      view.unmount();
    }
  });

  it("an order with a request under way shows its state, linking to it, and no second ask", async () => {
    const { root } = rootWith([usedOrder({ order_id: 1, invoice: { invoice_id: 41, state: "issuing" } })]);
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/1", route: "/orderDetail/:id" });
    const link = await screen.findByRole("link", { name: /Invoice\s*Being issued/ });
    expect(link.getAttribute("href")).toBe("/invoice/41");
    expect(screen.queryByRole("button", { name: "Ask for an invoice" })).toBeNull();
  });

  it("before fuelling the detail says who issues the invoice and within how many days (zh-CN)", async () => {
    const { root } = rootWith([paidOrder({ order_id: 1, stationInfo: usedOrder().stationInfo })], { locale: "zh-CN" });
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/1", route: "/orderDetail/:id" });
    expect(await screen.findByText("可开发票：由油站开具，加油后 30 天内申请")).toBeTruthy();
  });

  it("no title yet: 'add a title' inline, saved and picked, then asked", async () => {
    const { root, fakeInvoices } = rootWith([usedOrder({ order_id: 1 })], { titles: [] });
    renderPage(<InvoiceApplyPage />, { root, path: "/invoiceApply?order_ids=1", route: "/invoiceApply", also: pages });
    fireEvent.click(await screen.findByRole("button", { name: "Add a title" }));
    const name = await screen.findByLabelText("Company name");
    // The popup is still sliding in (happy-dom runs no animation frames to its end): type through it.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(name, "Pearl River Logistics");
    await user.type(screen.getByLabelText("Taxpayer id"), "91440101ma5cxxxx2k");
    fireEvent.click(screen.getByRole("button", { name: "Save title" }));
    await waitFor(() => expect((screen.getByRole("radio", { name: /Pearl River Logistics/ }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Ask for the invoice (¥188.55)" }));
    await waitFor(() => expect(location()).toBe(`/invoice/${fakeInvoices.invoices[0]?.invoice_id}`));
    expect(fakeInvoices.invoices[0]?.title.tax_id).toBe("91440101MA5CXXXX2K");
  });
});

describe("我的发票 (issue 35 item 4)", () => {
  const refused: WireInvoice = { ...exampleInvoice, invoice_id: 42, state: "refused", number: null, issued_at: null, pdf_url: null, reason: "taxpayer id does not match the company name" };

  it("lists the requests newest first with state, amount, station and order count", async () => {
    const { root } = rootWith([], { invoices: [refused, exampleInvoice] });
    renderPage(<InvoiceListPage />, { root, path: "/invoices" });
    const cards = await screen.findAllByRole("listitem");
    expect(within(cards[0]!).getByText("Refused")).toBeTruthy();
    expect(within(cards[0]!).getByText("Reason: taxpayer id does not match the company name")).toBeTruthy();
    expect(within(cards[1]!).getByText("Issued")).toBeTruthy();
    expect(within(cards[1]!).getByText("¥282.83")).toBeTruthy();
    expect(within(cards[1]!).getByText("2 orders")).toBeTruthy();
    expect(within(cards[1]!).getByRole("link", { name: /Futian Energy Station/ }).getAttribute("href")).toBe("/invoice/41");
  });

  it("an empty list says how to ask (zh-CN)", async () => {
    const { root } = rootWith([], { locale: "zh-CN" });
    renderPage(<InvoiceListPage />, { root, path: "/invoices" });
    expect(await screen.findByText("暂无开票申请")).toBeTruthy();
    expect(screen.getByText("打开已使用的订单，点击“申请开票”。")).toBeTruthy();
  });

  it("an issued request shows its number, date, line and the PDF link", async () => {
    const { root } = rootWith([], { invoices: [exampleInvoice] });
    renderPage(<InvoiceDetailPage />, { root, path: "/invoice/41", route: "/invoice/:id" });
    expect(await screen.findByText("24442000000012345678")).toBeTruthy();
    expect(screen.getByText("2024-11-28 15:20")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Open the PDF" }));
    // Our copy is behind the customer's token: the documents port fetches and shows it.
    await waitFor(() => expect((root.ports.documents as FakeDocuments).opened).toEqual(["/api/invoice/pdf?invoice_id=41"]));
    expect(screen.getByText("39.630 L")).toBeTruthy();
    expect(screen.getByText("¥7.13676508/L")).toBeTruthy();
    expect(screen.getByText("¥32.54")).toBeTruthy();
    expect(screen.getByText("Pearl River Logistics Co., Ltd.")).toBeTruthy();
  });

  it("a PDF that cannot be had says why (zh-CN)", async () => {
    const { root } = rootWith([], { locale: "zh-CN", invoices: [exampleInvoice] });
    (root.ports.documents as FakeDocuments).failure = new ServerRefused({ message: "this invoice has no PDF yet", status: 404, tag: "InvoicePdfMissing" });
    renderPage(<InvoiceDetailPage />, { root, path: "/invoice/41", route: "/invoice/:id" });
    fireEvent.click(await screen.findByRole("button", { name: "打开 PDF" }));
    await waitFor(() => expect(root.notices.latest?.text).toBe("该发票暂无 PDF"));
  });

  it("an invoice in the WeChat card wallet says so (zh-CN)", async () => {
    const { root } = rootWith([], { locale: "zh-CN", invoices: [{ ...exampleInvoice, issuer: "platform", in_wallet: true, pdf_url: null }] });
    renderPage(<InvoiceDetailPage />, { root, path: "/invoice/41", route: "/invoice/:id" });
    expect(await screen.findByText("已放入微信卡包")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "打开 PDF" })).toBeNull();
  });

  it("a refused request shows the reason, and 'ask again' opens the apply screen with the same orders", async () => {
    const orders = [usedOrder({ order_id: 5001, invoice: { invoice_id: 42, state: "refused" } }), usedOrder({ order_id: 5007, invoice: { invoice_id: 42, state: "refused" } }, DAY)];
    const { root } = rootWith(orders, { invoices: [refused], titles: [companyTitle, personalTitle] });
    renderPage(<InvoiceDetailPage />, { root, path: "/invoice/42", route: "/invoice/:id", also: pages });
    expect(await screen.findByText("Reason: taxpayer id does not match the company name")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ask again" }));
    await waitFor(() => expect(location()).toBe("/invoiceApply?order_ids=5001,5007"));
    // Both orders ticked again; the driver may pick another title.
    await waitFor(() => expect((screen.getByRole("checkbox", { name: /FO5007/ }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole("checkbox", { name: /FO5001/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Li Wei/ }));
    expect(await screen.findByRole("button", { name: "Ask for the invoice (¥377.10)" })).toBeTruthy();
  });

  it("a failed load offers a retry that shows the request", async () => {
    const { root, fakeInvoices } = rootWith([], { invoices: [exampleInvoice] });
    root.ports.api.fail("invoiceDetail", offline());
    renderPage(<InvoiceDetailPage />, { root, path: "/invoice/41", route: "/invoice/:id" });
    expect(await screen.findByText("network unavailable, check your connection")).toBeTruthy();
    // The network is back: the same requests answer again.
    new FakeInvoices(root.ports.api, { invoices: fakeInvoices.invoices });
    fireEvent.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("24442000000012345678")).toBeTruthy();
  });
});

describe("invoice titles (issue 35 item 2)", () => {
  it("lists the titles with the default marked; delete asks first", async () => {
    const { root, fakeInvoices } = rootWith([], { titles: [companyTitle, personalTitle] });
    renderPage(<InvoiceTitlesPage />, { root, path: "/invoiceTitles" });
    expect(await screen.findByText("Default")).toBeTruthy();
    expect(screen.getByText("2 of 5 titles")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete: Li Wei" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    expect(within(dialog).getByText("Delete the title 'Li Wei'? Requests already made keep it.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    });
    await waitFor(() => expect(fakeInvoices.titles.map((t) => t.title_id)).toEqual([companyTitle.title_id]));
    await waitFor(() => expect(screen.queryByText("Li Wei")).toBeNull());
  });

  it("the form checks a field when it is left, in the server's words (zh-CN), and a company shows its taxpayer id", async () => {
    const { root } = rootWith([], { locale: "zh-CN" });
    renderPage(<InvoiceTitlePage />, { root, path: "/invoiceTitle" });
    const taxId = await screen.findByLabelText("税号");
    await userEvent.type(taxId, "123");
    fireEvent.blur(taxId);
    expect(await screen.findByText("税号为 15 到 20 位数字或大写字母")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "个人" }));
    expect(screen.queryByLabelText("税号")).toBeNull();
    expect(screen.getByLabelText("姓名")).toBeTruthy();
  });

  it("the optional fields are under 'more'", async () => {
    const { root } = rootWith([]);
    renderPage(<InvoiceTitlePage />, { root, path: "/invoiceTitle" });
    const more = await screen.findByRole("button", { name: "More (address, bank, phone)" });
    expect(screen.queryByLabelText("Bank account")).toBeNull();
    fireEvent.click(more);
    expect(screen.getByLabelText("Bank account")).toBeTruthy();
    expect(more.getAttribute("aria-expanded")).toBe("true");
  });

  it("a full list cannot add another, and says why", async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ ...personalTitle, title_id: i + 1, name: `Driver ${i + 1}`, is_default: i === 0 }));
    const { root } = rootWith([], { titles: five });
    renderPage(<InvoiceTitlesPage />, { root, path: "/invoiceTitles" });
    expect(await screen.findByText("You keep 5 titles, the most: delete one to add another.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Add a title" }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("who issues, said before paying (issue 35 item 1)", () => {
  it("each policy in one line; a station without one (an older server) says nothing", async () => {
    const root = testRoot({ ports: { api: new ScriptedApi() } });
    const view = renderPage(
      <>
        <InvoicePolicyLine policy="station" />
        <InvoicePolicyLine policy="platform" />
        <InvoicePolicyLine policy="none" />
        <InvoicePolicyLine policy={undefined} />
      </>,
      { root },
    );
    await waitFor(() => expect(root.site.info._tag).toBe("Loaded"));
    expect([...view.container.querySelectorAll(".invoice-policy")].map((p) => p.textContent)).toEqual([
      "Invoice by the station, within 30 days of fuelling",
      "E-invoice from us, within 30 days of fuelling",
      "No invoice: this station does not invoice app orders",
    ]);
  });

  it("the window is the site's", async () => {
    const root = testRoot({ locale: "zh-CN", ports: { api: new ScriptedApi().on("webInfo", { ...exampleWebInfo, invoice_window_days: 90 }) } });
    renderPage(<InvoicePolicyLine policy="platform" />, { root });
    expect(await screen.findByText("可开电子发票：由平台开具，加油后 90 天内申请")).toBeTruthy();
  });

  it("a done top-up's detail offers the ask where the site invoices at top-up, and only says so where the card issuer does", async () => {
    const topUp = usedOrder({ order_id: 1, card_type: 1, card_num: "1000111234567", last_number: "4567", gas_original_price: null, gas_now_price: null });
    for (const mode of ["at_topup", "at_consumption"] as const) {
      const { root } = rootWith([topUp]);
      root.ports.api.on("webInfo", { ...exampleWebInfo, recharge_invoice: mode });
      const view = renderPage(<RechargeOrderDetailPage />, { root, path: "/orderDetail/2/1", route: "/orderDetail/2/:id", also: pages });
      if (mode === "at_topup") {
        fireEvent.click(await screen.findByRole("button", { name: "Ask for an invoice" }));
        await waitFor(() => expect(location()).toBe("/invoiceApply?order_ids=1"));
      } else {
        expect(await screen.findByText("no invoice for a top-up: the card issuer invoices the fuel when the card pays at the pump")).toBeTruthy();
        expect(screen.queryByRole("button", { name: "Ask for an invoice" })).toBeNull();
      }
      view.unmount();
    }
  });

  it("a top-up screen says how top-ups are invoiced, as the site decides", async () => {
    for (const [mode, text] of [
      ["at_topup", "invoice: once the top-up is done, ask for a prepaid-card invoice on its order"],
      ["at_consumption", "no invoice for a top-up: the card issuer invoices the fuel when the card pays at the pump"],
    ] as const) {
      const root = testRoot({ ports: { api: new ScriptedApi().on("webInfo", { ...exampleWebInfo, recharge_invoice: mode }) } });
      const view = renderPage(<RechargeInvoiceLine />, { root });
      expect(await screen.findByText(text)).toBeTruthy();
      view.unmount();
    }
  });
});
