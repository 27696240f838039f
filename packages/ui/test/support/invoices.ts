import type { ScriptedApi } from "@fuel/adapters/testing";
import { Invoice, Money, Order, Time } from "@fuel/domain";
import { exampleInvoice, exampleStation, type InvoiceTitle, type Invoice as WireInvoice, type Order as WireOrder, type Station } from "@fuel/domain/api";
import { Effect, Result } from "effect";
import { HOUR, T0, wireOrder } from "./orders.ts";

/** A station that issues its own invoices (the contract's example station). */
export const invoicingStation: Station = { ...exampleStation, id: 12, title: "Futian Energy Station", invoice_policy: "station" };

/** Another station, to show orders of one station only are merged. */
export const otherStation: Station = { ...exampleStation, id: 13, title: "Nanshan Station", invoice_policy: "platform" };

/** A fuel order used `usedAgoMs` before T0 (paid a minute before), at the invoicing station unless told otherwise. */
export const usedOrder = (overrides: Partial<WireOrder> = {}, usedAgoMs = HOUR): WireOrder =>
  wireOrder({
    order_status: Order.statusCode("used"),
    count: 0,
    order_amount: Money.cents(20000),
    amount: Money.cents(18855),
    gas_original_price: 757,
    gas_now_price: 713,
    created_at: Time.formatChinaIso(T0 - usedAgoMs - 120_000),
    payment_time: Time.formatChinaIso(T0 - usedAgoMs - 60_000),
    used_at: Time.formatChinaIso(T0 - usedAgoMs),
    stationInfo: invoicingStation,
    invoice: null,
    mchnt_order_no: `FO${overrides.order_id ?? 5001}`,
    ...overrides,
  });

export const companyTitle: InvoiceTitle = {
  title_id: 3,
  type: "company",
  name: "Pearl River Logistics Co., Ltd.",
  tax_id: "91440101MA5CXXXX2K",
  email: "finance@pearl-logistics.example",
  phone: null,
  address: null,
  bank: null,
  account: null,
  is_default: true,
};

export const personalTitle: InvoiceTitle = { ...companyTitle, title_id: 4, type: "personal", name: "Li Wei", tax_id: null, email: null, is_default: false };

/**
 * The customer's titles and requests as the server keeps them: `invoiceTitles`, `invoiceTitleSave`
 * (the first or an `is_default` one becomes the default), `invoiceTitleDelete`, `invoiceApply`
 * (the line from `Invoice.fuelInvoiceLine`, state requested), `invoiceList` (newest first),
 * `invoiceDetail`. Orders come from `orders` (the order fake's list) when a request is made.
 */
export class FakeInvoices {
  titles: InvoiceTitle[];
  invoices: WireInvoice[];
  #nextTitle = 100;
  #nextInvoice = 900;

  constructor(api: ScriptedApi, options: { readonly titles?: ReadonlyArray<InvoiceTitle>; readonly invoices?: ReadonlyArray<WireInvoice>; readonly orders?: () => ReadonlyArray<WireOrder> } = {}) {
    this.titles = [...(options.titles ?? [])];
    this.invoices = [...(options.invoices ?? [])];
    api.on("invoiceTitles", () => Effect.succeed({ titles: [...this.titles], max: Invoice.MAX_TITLES }));
    api.on("invoiceTitleSave", (request) => {
      const valid = Invoice.validateTitle(request);
      if (Result.isFailure(valid)) return Effect.die(new Error(`the form sent an invalid title: ${valid.failure.key}`));
      const id = request.title_id === undefined ? this.#nextTitle++ : Number(request.title_id);
      const isDefault = request.is_default === true || this.titles.length === 0 || this.titles.find((t) => t.title_id === id)?.is_default === true;
      const saved: InvoiceTitle = { title_id: id, ...valid.success, is_default: isDefault };
      const others = this.titles.filter((t) => t.title_id !== id).map((t) => (isDefault ? { ...t, is_default: false } : t));
      this.titles = isDefault ? [saved, ...others] : [...others, saved];
      return Effect.succeed(saved);
    });
    api.on("invoiceTitleDelete", ({ title_id }) => {
      this.titles = this.titles.filter((t) => t.title_id !== Number(title_id));
      if (this.titles.length > 0 && !this.titles.some((t) => t.is_default)) this.titles = [{ ...this.titles[0]!, is_default: true }, ...this.titles.slice(1)];
      return Effect.succeed({});
    });
    api.on("invoiceApply", ({ order_ids, title_id }) => {
      const orders = (options.orders?.() ?? []).filter((o) => order_ids.map(Number).includes(o.order_id));
      const title = this.titles.find((t) => t.title_id === Number(title_id))!;
      const line = Invoice.fuelInvoiceLine(orders);
      const invoice: WireInvoice = {
        ...exampleInvoice,
        invoice_id: this.#nextInvoice++,
        state: "requested",
        station_id: orders[0]?.stationInfo?.id ?? null,
        station_title: orders[0]?.stationInfo?.title ?? null,
        title: { type: title.type, name: title.name, tax_id: title.tax_id, email: title.email, phone: title.phone, address: title.address, bank: title.bank, account: title.account },
        line: { description: line.description, unit: line.unit, litres: line.litres, unit_price: line.unitPrice, amount: line.amount, tax_percent: line.taxPercent, tax: line.tax, net: line.net },
        orders: orders.map((o) => ({ order_id: o.order_id, mchnt_order_no: o.mchnt_order_no, amount: o.amount, order_amount: o.order_amount, litres: Invoice.orderLitres(o), used_at: o.used_at ?? null })),
        created_at: Time.formatChinaIso(T0),
        number: null,
        issued_at: null,
        pdf_url: null,
        in_wallet: false,
        reason: null,
      };
      this.invoices = [invoice, ...this.invoices];
      return Effect.succeed({ invoice_id: invoice.invoice_id });
    });
    api.on("invoiceList", () => Effect.succeed({ invoices: [...this.invoices] }));
    api.on("invoiceDetail", ({ invoice_id }) => {
      const invoice = this.invoices.find((i) => i.invoice_id === Number(invoice_id));
      return invoice === undefined ? Effect.die(new Error(`no invoice ${invoice_id}`)) : Effect.succeed(invoice);
    });
  }
}
