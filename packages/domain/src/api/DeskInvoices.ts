import { Schema } from "effect";
import { PAGE_SIZES } from "../DeskList.ts";
import { REFUSAL_REASON_MAX_LENGTH } from "../Invoice.ts";
import { endpoint } from "./Endpoint.ts";
import { InvoiceStateField } from "./InvoiceFields.ts";
import { Invoice, InvoicePdfQuery } from "./Invoices.ts";
import { boundedString, ChinaDay, Count, Id, numberOrDigits, ShortText, StationIdField } from "./Primitives.ts";

/**
 * Issue 35: the desk's invoice queue (`/api/desk/invoices*`), apart from the customer's invoice
 * endpoints (./Invoices.ts) so the app's contract does not carry the desk's schemas.
 * @module
 */

/** An invoice in the desk's queue: the request, and who acted on it. */
export const DeskInvoice = Schema.Struct({
  ...Invoice.fields,
  customer_phone: Schema.NullOr(ShortText),
  acted_by: Schema.NullOr(ShortText),
}).annotate({ identifier: "DeskInvoice" });
export type DeskInvoice = typeof DeskInvoice.Type;

export const INVOICE_SORT_COLUMNS = ["created_at", "amount"] as const;
export type InvoiceSortColumn = (typeof INVOICE_SORT_COLUMNS)[number];

const deskInvoiceFilterFields = {
  state: Schema.optionalKey(InvoiceStateField),
  station_id: Schema.optionalKey(StationIdField),
  from: Schema.optionalKey(ChinaDay),
  to: Schema.optionalKey(ChinaDay),
  sort: Schema.optionalKey(Schema.Literals(INVOICE_SORT_COLUMNS)),
  dir: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
};

/** `GET /api/desk/invoices`: a page of the requests the filters select, at the stations the staff member works (oldest first unless asked otherwise). */
export const DeskInvoicesQuery = Schema.Struct({
  ...deskInvoiceFilterFields,
  page: Schema.optionalKey(numberOrDigits(Id)),
  page_size: Schema.optionalKey(numberOrDigits(Schema.Literals(PAGE_SIZES))),
}).annotate({ identifier: "DeskInvoicesQuery" });
export type DeskInvoicesQuery = typeof DeskInvoicesQuery.Type;

export const DeskInvoicesResponse = Schema.Struct({
  invoices: Schema.Array(DeskInvoice),
  total: Count,
  page: Id,
  page_size: Schema.Literals(PAGE_SIZES),
}).annotate({ identifier: "DeskInvoicesResponse" });
export type DeskInvoicesResponse = typeof DeskInvoicesResponse.Type;

/** `GET /api/desk/invoices/export`: the list's filters, and the language of the file's words. */
export const DeskInvoicesExportQuery = Schema.Struct({
  ...deskInvoiceFilterFields,
  lang: Schema.optionalKey(Schema.Literals(["en", "zh-CN"])),
}).annotate({ identifier: "DeskInvoicesExportQuery" });
export type DeskInvoicesExportQuery = typeof DeskInvoicesExportQuery.Type;

/**
 * The most characters of an uploaded PDF as a `data:application/pdf;base64,` URL: 1 MiB of PDF
 * (`Invoice.INVOICE_PDF_MAX_BYTES`) is about 1.4 M characters of base64.
 */
export const INVOICE_PDF_DATA_URL_MAX_LENGTH = 1_400_000;

/** `POST /api/desk/invoices/issue`: the number the tax system gave, and the PDF as a `data:application/pdf;base64,` URL (optional). */
export const DeskInvoiceIssueRequest = Schema.Struct({
  invoice_id: numberOrDigits(Id),
  number: ShortText,
  pdf: Schema.optionalKey(Schema.NullOr(boundedString(INVOICE_PDF_DATA_URL_MAX_LENGTH))),
}).annotate({ identifier: "DeskInvoiceIssueRequest" });
export type DeskInvoiceIssueRequest = typeof DeskInvoiceIssueRequest.Type;

/** `POST /api/desk/invoices/refuse`: why (required, at most `Invoice.REFUSAL_REASON_MAX_LENGTH` characters). */
export const DeskInvoiceRefuseRequest = Schema.Struct({
  invoice_id: numberOrDigits(Id),
  reason: boundedString(REFUSAL_REASON_MAX_LENGTH),
}).annotate({ identifier: "DeskInvoiceRefuseRequest" });
export type DeskInvoiceRefuseRequest = typeof DeskInvoiceRefuseRequest.Type;

/** The desk's invoice endpoints (issue 35). */
export const DeskInvoicesApi = {
  deskInvoices: endpoint({
    method: "GET",
    path: "/api/desk/invoices",
    access: "staff",
    refusals: ["DayRangeReversed"],
    request: DeskInvoicesQuery,
    response: DeskInvoicesResponse,
    summary:
      "Admin or cashier (workInvoices; a cashier sees only their stations): the invoice requests the filters select (`state`, `station_id`, `from` / `to` China days), a page at a time, oldest first unless `sort` / `dir` say otherwise.",
    idempotent: true,
  }),
  deskInvoicesExport: endpoint({
    method: "GET",
    path: "/api/desk/invoices/export",
    access: "staff",
    refusals: ["DayRangeReversed"],
    request: DeskInvoicesExportQuery,
    response: Schema.String,
    summary: "The invoice requests the list's filters select, as a spreadsheet-safe CSV (UTF-8 with BOM), in the words of `lang`.",
    idempotent: true,
  }),
  deskInvoicePdf: endpoint({
    method: "GET",
    path: "/api/desk/invoices/pdf",
    access: "staff",
    refusals: ["InvoiceNotFound", "InvoicePdfMissing"],
    request: InvoicePdfQuery,
    response: Schema.String,
    summary: "The PDF of an issued invoice at the staff member's stations (application/pdf).",
    idempotent: true,
  }),
  deskInvoiceIssue: endpoint({
    method: "POST",
    path: "/api/desk/invoices/issue",
    access: "staff",
    refusals: ["InvoiceNotFound", "InvoiceNotOpen", "InvoiceWithProvider", "InvoiceNumberInvalid", "InvoicePdfInvalid", "InvoicePdfTooLarge"],
    request: DeskInvoiceIssueRequest,
    response: DeskInvoice,
    summary:
      "Marks an open request at the staff member's stations issued, with its number (8 to 20 digits) and optionally its PDF (checked as a PDF by its bytes, at most 1 MiB). Exactly once: a second 'issued' is 409 InvoiceNotOpen; one the e-invoice provider is issuing is 409 InvoiceWithProvider. Audited.",
  }),
  deskInvoiceRefuse: endpoint({
    method: "POST",
    path: "/api/desk/invoices/refuse",
    access: "staff",
    refusals: ["InvoiceNotFound", "InvoiceNotOpen", "InvoiceWithProvider", "InvoiceRefusalReasonMissing"],
    request: DeskInvoiceRefuseRequest,
    response: DeskInvoice,
    summary:
      "Refuses an open request at the staff member's stations with a required reason; its orders may be asked for again. A request the e-invoice provider is issuing is 409 InvoiceWithProvider. Audited.",
  }),
} as const;
