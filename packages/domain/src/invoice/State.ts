import { Result } from "effect";

/**
 * Issue 35 item 4: an invoice request's states. `requested` waits for the desk (a `station`
 * policy) or for the provider to take it; `issuing` is with the e-invoice provider; `issued` and
 * `refused` are final. A refused request frees its orders: the driver may ask again.
 * @module
 */

export const INVOICE_STATES = ["requested", "issuing", "issued", "refused"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** What moves a request: sent to the provider, issued (by the provider or the desk), refused (by the desk or a provider's final failure). */
export type InvoiceEvent = "send" | "issue" | "refuse";

/** Whether a request still holds its orders against another request. */
export const isOpen = (state: InvoiceState): boolean => state === "requested" || state === "issuing";

/**
 * Whether the e-invoice provider has the request (a `platform` request it is issuing): it ends
 * issued or refused by the provider's result, and the desk may not act on it meanwhile (the
 * server answers 409 InvoiceWithProvider). A `platform` request not yet sent is still the desk's.
 */
export const isWithProvider = (request: { readonly issuer: "station" | "platform"; readonly state: InvoiceState }): boolean =>
  request.issuer === "platform" && request.state === "issuing";

/** The request is no longer open: it was issued or refused already. */
export interface InvoiceNotOpen {
  readonly _tag: "InvoiceNotOpen";
  readonly state: InvoiceState;
}

/** The state after `event`, or {@link InvoiceNotOpen}: nothing leaves issued or refused, and only a requested one is sent. */
export const nextInvoiceState = (state: InvoiceState, event: InvoiceEvent): Result.Result<InvoiceState, InvoiceNotOpen> => {
  if (event === "send") return state === "requested" ? Result.succeed("issuing") : Result.fail({ _tag: "InvoiceNotOpen", state });
  if (!isOpen(state)) return Result.fail({ _tag: "InvoiceNotOpen", state });
  return Result.succeed(event === "issue" ? "issued" : "refused");
};

/** The longest reason a refusal gives. */
export const REFUSAL_REASON_MAX_LENGTH = 200;

// A fully digital invoice (数电票) has 20 digits; an older e-invoice 8, with its 10- or 12-digit code before it.
const INVOICE_NUMBER = /^[0-9]{8,20}$/u;

/** The invoice number as the desk types it: blanks and dashes dropped; undefined when it is not 8 to 20 digits. */
export const readInvoiceNumber = (raw: string): string | undefined => {
  const digits = raw.replace(/[\s-]/gu, "");
  return INVOICE_NUMBER.test(digits) ? digits : undefined;
};

/** The largest invoice PDF the desk may upload (a real e-invoice PDF is 50-200 KB). */
export const INVOICE_PDF_MAX_BYTES = 1_048_576;

const startsWith = (bytes: Uint8Array, text: string, at = 0): boolean => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** Whether bytes are a PDF: its `%PDF-` header, and `%%EOF` within its last 1 KB (a truncated upload has none). */
export const isPdf = (bytes: Uint8Array): boolean => {
  if (bytes.length < 16 || !startsWith(bytes, "%PDF-")) return false;
  for (let i = bytes.length - 5; i >= Math.max(0, bytes.length - 1024); i--) if (startsWith(bytes, "%%EOF", i)) return true;
  return false;
};
