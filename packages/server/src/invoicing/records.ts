import { Invoice as Rules, Order, Time } from "@fuel/domain";
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- in scope so that LISTED_COLUMNS's inferred type (its money columns are Money.Cents) can be named (TS2742)
import type { Money } from "@fuel/domain";
import type { DeskInvoice, Invoice, InvoiceTitle } from "@fuel/domain/api";
import { asc, eq, inArray } from "drizzle-orm";
import { Result } from "effect";
import type { Queryable } from "../db/queryable.ts";
import type { invoiceTitles} from "../db/schema.ts";
import { invoiceOrders, invoices, orders } from "../db/schema.ts";

/**
 * Invoice requests and titles as stored (issue 35), and as the customer and the desk read them.
 * One mapping for both, so the app and the desk never disagree about a request's state or money.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type TitleRow = typeof invoiceTitles.$inferSelect;

/** Where a reader fetches an issued invoice's PDF from us: the customer's route or the desk's. */
export const CUSTOMER_PDF_PATH = "/api/invoice/pdf";
export const DESK_PDF_PATH = "/api/desk/invoices/pdf";

/** The columns a list reads: every one but the PDF's bytes, which only the download needs. */
export const LISTED_COLUMNS = {
  id: invoices.id,
  userId: invoices.userId,
  state: invoices.state,
  issuer: invoices.issuer,
  kind: invoices.kind,
  stationId: invoices.stationId,
  stationTitle: invoices.stationTitle,
  titleType: invoices.titleType,
  titleName: invoices.titleName,
  titleTaxId: invoices.titleTaxId,
  titleEmail: invoices.titleEmail,
  titlePhone: invoices.titlePhone,
  titleAddress: invoices.titleAddress,
  titleBank: invoices.titleBank,
  titleAccount: invoices.titleAccount,
  description: invoices.description,
  unit: invoices.unit,
  litres: invoices.litres,
  unitPrice: invoices.unitPrice,
  amount: invoices.amount,
  tax: invoices.tax,
  net: invoices.net,
  taxPercent: invoices.taxPercent,
  number: invoices.number,
  issuedAt: invoices.issuedAt,
  pdfUrl: invoices.pdfUrl,
  inWallet: invoices.inWallet,
  reason: invoices.reason,
  actedBy: invoices.actedBy,
  createdAt: invoices.createdAt,
  attempt: invoices.attempt,
  applyId: invoices.applyId,
  providerCheckedAt: invoices.providerCheckedAt,
} as const;

/** A request as listed: its row without the PDF's bytes, and whether it has them. */
export type ListedInvoice = Omit<InvoiceRow, "pdf"> & { readonly hasPdf: boolean };

/** A row read whole (with its bytes) as a listed one. */
export const listedOf = (row: InvoiceRow): ListedInvoice => {
  const { pdf, ...rest } = row;
  return { ...rest, hasPdf: pdf !== null };
};

/** An order as a request lists it. */
export interface InvoicedOrderRow {
  readonly invoiceId: number;
  readonly orderId: number;
  readonly mchntOrderNo: string;
  readonly amount: number;
  readonly orderAmount: number;
  readonly gasOriginalPrice: number | null;
  readonly kind: string;
  readonly usedAt: Date | null;
}

/** The orders of each request, in order-id order. */
export const ordersOfInvoices = async (db: Queryable, invoiceIds: readonly number[]): Promise<Map<number, InvoicedOrderRow[]>> => {
  const byInvoice = new Map<number, InvoicedOrderRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .select({
      invoiceId: invoiceOrders.invoiceId,
      orderId: orders.id,
      mchntOrderNo: orders.mchntOrderNo,
      amount: orders.amount,
      orderAmount: orders.orderAmount,
      gasOriginalPrice: orders.gasOriginalPrice,
      kind: orders.kind,
      usedAt: orders.usedAt,
    })
    .from(invoiceOrders)
    .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
    .where(inArray(invoiceOrders.invoiceId, [...new Set(invoiceIds)]))
    .orderBy(asc(orders.id));
  for (const r of rows) byInvoice.set(r.invoiceId, [...(byInvoice.get(r.invoiceId) ?? []), r]);
  return byInvoice;
};

const iso = (at: Date | null): string | null => (at === null ? null : Time.formatChinaIso(at.getTime()));

const stateOf = (s: string): Rules.InvoiceState => ((Rules.INVOICE_STATES as ReadonlyArray<string>).includes(s) ? (s as Rules.InvoiceState) : "requested");

/** Where the PDF of an issued request is read: our route when we hold its bytes, else the provider's link. */
const pdfUrlOf = (row: ListedInvoice, ourPath: string): string | null =>
  row.state !== "issued" ? null : row.hasPdf ? `${ourPath}?invoice_id=${row.id}` : row.pdfUrl;

/** A request on the wire, its PDF read at `pdfPath` (the customer's or the desk's route). */
export const invoiceToWire = (row: ListedInvoice, orderRows: readonly InvoicedOrderRow[], pdfPath: string = CUSTOMER_PDF_PATH): Invoice => ({
  invoice_id: row.id,
  state: stateOf(row.state),
  issuer: row.issuer === "platform" ? "platform" : "station",
  kind: row.kind === "recharge" ? "recharge" : "fuel",
  station_id: row.stationId,
  station_title: row.stationTitle,
  title: {
    type: row.titleType === "company" ? "company" : "personal",
    name: row.titleName,
    tax_id: row.titleTaxId,
    email: row.titleEmail,
    phone: row.titlePhone,
    address: row.titleAddress,
    bank: row.titleBank,
    account: row.titleAccount,
  },
  line: {
    description: row.description,
    unit: row.unit,
    litres: row.litres,
    unit_price: row.unitPrice,
    amount: row.amount,
    tax_percent: row.taxPercent,
    tax: row.tax,
    net: row.net,
  },
  orders: orderRows.map((o) => ({
    order_id: o.orderId,
    mchnt_order_no: o.mchntOrderNo,
    amount: o.amount as Invoice["orders"][number]["amount"],
    order_amount: o.orderAmount as Invoice["orders"][number]["order_amount"],
    litres: o.kind === "fuel" ? Rules.orderLitres({ amount: o.amount, order_amount: o.orderAmount, gas_original_price: o.gasOriginalPrice }) : null,
    used_at: iso(o.usedAt),
  })),
  created_at: Time.formatChinaIso(row.createdAt.getTime()),
  number: row.state === "issued" ? row.number : null,
  issued_at: row.state === "issued" ? iso(row.issuedAt) : null,
  pdf_url: pdfUrlOf(row, pdfPath),
  in_wallet: row.inWallet,
  reason: row.state === "refused" ? row.reason : null,
});

/** A request as the desk's queue shows it: with the customer's phone and who acted on it. */
export const deskInvoiceToWire = (row: ListedInvoice, orderRows: readonly InvoicedOrderRow[], customerPhone: string | null): DeskInvoice => ({
  ...invoiceToWire(row, orderRows, DESK_PDF_PATH),
  customer_phone: customerPhone,
  acted_by: row.actedBy,
});

/** A kept title on the wire. */
export const titleToWire = (t: TitleRow): InvoiceTitle => ({
  title_id: t.id,
  type: t.type === "company" ? "company" : "personal",
  name: t.name,
  tax_id: t.taxId,
  email: t.email,
  phone: t.phone,
  address: t.address,
  bank: t.bank,
  account: t.account,
  is_default: t.isDefault,
});

/** An order's status by name (the table's CHECK admits only the spec's codes). */
export const orderStatusOf = (code: number): Order.OrderStatus => {
  const status = Order.statusFromCode(code);
  if (Result.isFailure(status)) throw new Error(`order status ${code} is not the spec's`);
  return status.success;
};
