import { Schema } from "effect";
import { MAX_ORDERS_PER_INVOICE } from "../Invoice.ts";
import type { MessageKey } from "../Messages.ts";
import { endpoint } from "./Endpoint.ts";
import { InvoiceStateField, TitleTypeField } from "./InvoiceFields.ts";
import { PaymentNotification } from "./Payments.ts";
import { boundedString, Cents, Count, Empty, Id, LineText, NoData, numberOrDigits, OrderId, ShortText, Timestamp, Url } from "./Primitives.ts";

/**
 * Issue 35: invoices. The customer's titles and requests (`/api/invoice/*`) and the desk's queue
 * (`/api/desk/invoices*`). Rules in `Invoice` (@fuel/domain); money in cents, litres and the unit
 * price as decimal strings (never binary floating point).
 * @module
 */

/** A text field of a title as sent: the rules (`Invoice.titleProblems`) bound its length; this only keeps it storable. */
const TitleText = boundedString(256);

/** A title's fields; a request keeps them as they were when asked for (a later edit of the kept title does not change a request). */
export const InvoiceTitleSnapshot = Schema.Struct({
  type: TitleTypeField,
  name: LineText,
  tax_id: Schema.NullOr(ShortText),
  email: Schema.NullOr(LineText),
  phone: Schema.NullOr(ShortText),
  address: Schema.NullOr(LineText),
  bank: Schema.NullOr(LineText),
  account: Schema.NullOr(ShortText),
}).annotate({ identifier: "InvoiceTitleSnapshot" });

/** A kept invoice title. Optional fields are null when empty; `tax_id` null on a personal title. */
export const InvoiceTitle = Schema.Struct({
  title_id: Id,
  ...InvoiceTitleSnapshot.fields,
  is_default: Schema.Boolean,
}).annotate({ identifier: "InvoiceTitle" });
export type InvoiceTitle = typeof InvoiceTitle.Type;

/** `GET /api/invoice/titles`: the customer's titles, the default first, and how many may be kept. */
export const InvoiceTitlesResponse = Schema.Struct({ titles: Schema.Array(InvoiceTitle), max: Count }).annotate({ identifier: "InvoiceTitlesResponse" });
export type InvoiceTitlesResponse = typeof InvoiceTitlesResponse.Type;

/** `POST /api/invoice/titles/save`: a new title, or with `title_id` a change to one; `is_default` true makes it the default. */
export const InvoiceTitleSaveRequest = Schema.Struct({
  title_id: Schema.optionalKey(numberOrDigits(Id)),
  type: TitleTypeField,
  name: TitleText,
  tax_id: Schema.optionalKey(Schema.NullOr(TitleText)),
  email: Schema.optionalKey(Schema.NullOr(TitleText)),
  phone: Schema.optionalKey(Schema.NullOr(TitleText)),
  address: Schema.optionalKey(Schema.NullOr(TitleText)),
  bank: Schema.optionalKey(Schema.NullOr(TitleText)),
  account: Schema.optionalKey(Schema.NullOr(TitleText)),
  is_default: Schema.optionalKey(Schema.Boolean),
}).annotate({ identifier: "InvoiceTitleSaveRequest" });
export type InvoiceTitleSaveRequest = typeof InvoiceTitleSaveRequest.Type;

/** `POST /api/invoice/titles/delete`, and any call naming one title. */
export const InvoiceTitleIdRequest = Schema.Struct({ title_id: numberOrDigits(Id) }).annotate({ identifier: "InvoiceTitleIdRequest" });

/** `POST /api/invoice/apply`: the used orders to invoice (one station, at most 50) and the title to invoice them to. */
export const InvoiceApplyRequest = Schema.Struct({
  order_ids: Schema.Array(numberOrDigits(OrderId)).check(Schema.isMaxLength(MAX_ORDERS_PER_INVOICE * 2)),
  title_id: numberOrDigits(Id),
}).annotate({ identifier: "InvoiceApplyRequest" });
export type InvoiceApplyRequest = typeof InvoiceApplyRequest.Type;

export const InvoiceApplyResponse = Schema.Struct({ invoice_id: Id }).annotate({ identifier: "InvoiceApplyResponse" });

/** One request, any call naming it. */
export const InvoiceIdRequest = Schema.Struct({ invoice_id: numberOrDigits(Id) }).annotate({ identifier: "InvoiceIdRequest" });

/** The invoiced line (`Invoice.fuelInvoiceLine` / `rechargeInvoiceLine`). */
export const InvoiceLineWire = Schema.Struct({
  description: LineText,
  unit: Schema.NullOr(ShortText),
  /** "26.420"; null on a prepaid-card line. */
  litres: Schema.NullOr(ShortText),
  /** Yuan per litre, 8 decimals, tax included; null on a prepaid-card line. */
  unit_price: Schema.NullOr(ShortText),
  amount: Cents,
  /** 13; null: not taxable (不征税). */
  tax_percent: Schema.NullOr(Count),
  tax: Cents,
  net: Cents,
}).annotate({ identifier: "InvoiceLine" });
export type InvoiceLineWire = typeof InvoiceLineWire.Type;

/** An order inside a request. */
export const InvoicedOrder = Schema.Struct({
  order_id: OrderId,
  mchnt_order_no: ShortText,
  /** What was paid (the invoiced money), cents. */
  amount: Cents,
  /** The pump amount, cents (for the cashier's books; not invoiced). */
  order_amount: Cents,
  litres: Schema.NullOr(ShortText),
  used_at: Schema.NullOr(Timestamp),
}).annotate({ identifier: "InvoicedOrder" });

/** A request as the customer and the desk read it. */
export const Invoice = Schema.Struct({
  invoice_id: Id,
  state: InvoiceStateField,
  /** `station` or `platform`: who issues it. */
  issuer: Schema.Literals(["station", "platform"]),
  /** fuel (one station) or recharge (prepaid cards, the platform's). */
  kind: Schema.Literals(["fuel", "recharge"]),
  station_id: Schema.NullOr(Id),
  station_title: Schema.NullOr(LineText),
  title: InvoiceTitleSnapshot,
  line: InvoiceLineWire,
  orders: Schema.Array(InvoicedOrder),
  created_at: Timestamp,
  /** Issued: the invoice number, when, and where its PDF is (our `GET /api/invoice/pdf` or the provider's link). */
  number: Schema.NullOr(ShortText),
  issued_at: Schema.NullOr(Timestamp),
  pdf_url: Schema.NullOr(Url),
  /** Issued by the e-invoice provider into the customer's WeChat card wallet. */
  in_wallet: Schema.Boolean,
  /** Refused: why, in the refuser's words (or the provider's). */
  reason: Schema.NullOr(LineText),
}).annotate({ identifier: "Invoice" });
export type Invoice = typeof Invoice.Type;

/** `GET /api/invoice/list`: the customer's requests, newest first. */
export const InvoiceListResponse = Schema.Struct({ invoices: Schema.Array(Invoice) }).annotate({ identifier: "InvoiceListResponse" });

/** `GET /api/invoice/pdf` and `/api/desk/invoices/pdf`: which request's PDF. */
export const InvoicePdfQuery = Schema.Struct({ invoice_id: numberOrDigits(Id) }).annotate({ identifier: "InvoicePdfQuery" });

const TITLE_REFUSALS: ReadonlyArray<MessageKey> = [
  "InvoiceTitleTypeInvalid",
  "InvoiceTitleNameEmpty",
  "InvoiceTitleNameTooLong",
  "InvoiceTaxIdEmpty",
  "InvoiceTaxIdInvalid",
  "InvoiceEmailInvalid",
  "InvoicePhoneInvalid",
  "InvoiceAccountInvalid",
  "InvoiceTitleFieldTooLong",
];

const APPLY_REFUSALS: ReadonlyArray<MessageKey> = [
  "OrderNotFound",
  "InvoiceTitleNotFound",
  "InvoiceNoOrders",
  "InvoiceTooManyOrders",
  "InvoiceOrderTwice",
  "InvoiceStationsMixed",
  "InvoiceKindsMixed",
  "InvoiceOrderInvoiced",
  "InvoiceOrderPending",
  "InvoiceOrderRefunded",
  "InvoiceOrderUnpaid",
  "InvoiceOrderCancelled",
  "InvoiceOrderExpired",
  "InvoiceOrderVoided",
  "InvoiceOrderNotUsed",
  "InvoiceNotOffered",
  "InvoiceRechargeAtConsumption",
  "InvoiceWindowClosed",
];

/** Issue 35's endpoints. */
export const InvoicesApi = {
  invoiceTitles: endpoint({
    method: "GET",
    path: "/api/invoice/titles",
    access: "activated",
    refusals: [],
    request: Empty,
    response: InvoiceTitlesResponse,
    summary: "The customer's invoice titles (at most 5), the default first.",
    idempotent: true,
  }),
  invoiceTitleSave: endpoint({
    method: "POST",
    path: "/api/invoice/titles/save",
    access: "activated",
    refusals: [...TITLE_REFUSALS, "InvoiceTitleLimit", "InvoiceTitleNotFound"],
    request: InvoiceTitleSaveRequest,
    response: InvoiceTitle,
    summary:
      "Adds a title (a sixth is 400 InvoiceTitleLimit) or, with `title_id`, changes one of the customer's own (another's: 404 InvoiceTitleNotFound). Checked by Invoice.validateTitle: the first problem is the refusal. The first title, or one saved with `is_default`, becomes the default.",
  }),
  invoiceTitleDelete: endpoint({
    method: "POST",
    path: "/api/invoice/titles/delete",
    access: "activated",
    refusals: ["InvoiceTitleNotFound"],
    request: InvoiceTitleIdRequest,
    response: Empty,
    summary: "Deletes one of the customer's titles; requests already made keep their copy of it. Deleting the default makes the oldest left the default.",
  }),
  invoiceApply: endpoint({
    method: "POST",
    path: "/api/invoice/apply",
    access: "activated",
    refusals: APPLY_REFUSALS,
    request: InvoiceApplyRequest,
    response: InvoiceApplyResponse,
    summary:
      "Asks for one invoice for used orders of the customer's own (another's: 404 OrderNotFound) at one station (Invoice.checkInvoiceRequest: the first reason is the refusal), to one of their titles. The invoiced amount is what was paid. Answers the new request's id.",
  }),
  invoiceList: endpoint({
    method: "GET",
    path: "/api/invoice/list",
    access: "activated",
    refusals: [],
    request: Empty,
    response: InvoiceListResponse,
    summary: "The customer's invoice requests, newest first.",
    idempotent: true,
  }),
  invoiceDetail: endpoint({
    method: "POST",
    path: "/api/invoice/detail",
    access: "activated",
    refusals: ["InvoiceNotFound"],
    request: InvoiceIdRequest,
    response: Invoice,
    summary: "One of the customer's invoice requests (another's: 404 InvoiceNotFound).",
    idempotent: true,
  }),
  invoicePdf: endpoint({
    method: "GET",
    path: "/api/invoice/pdf",
    access: "activated",
    refusals: ["InvoiceNotFound", "InvoicePdfMissing"],
    request: InvoicePdfQuery,
    response: Schema.String,
    summary: "The PDF of one of the customer's issued invoices (application/pdf).",
    idempotent: true,
  }),
  invoiceNotify: endpoint({
    method: "POST",
    path: "/api/invoice/notify",
    access: "none",
    refusals: ["NotificationMalformed", "NotificationStale", "NotificationBadSignature", "NotificationUndecryptable"],
    request: PaymentNotification,
    response: NoData,
    summary:
      "Server to server: the e-invoice provider's signed, encrypted result callback (WeChat Pay `FAPIAO.*` events), checked like a payment notification; a verified one is acknowledged however often it comes.",
  }),
} as const;
