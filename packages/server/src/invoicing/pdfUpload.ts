import { Invoice } from "@fuel/domain";
import { refuse } from "../refusals/Refusal.ts";

/**
 * The desk's uploaded invoice PDF (issue 35 item 5): a `data:application/pdf;base64,` URL decoded
 * and checked by its bytes (`Invoice.isPdf`: the header and an end-of-file marker, so a renamed
 * image or a truncated upload is refused) and its size (`Invoice.INVOICE_PDF_MAX_BYTES`).
 */

const DATA_URL = /^data:application\/pdf;base64,([A-Za-z0-9+/]*={0,2})$/u;

/** The PDF's bytes, or the refusal that names what is wrong with it. */
export const readPdfUpload = (dataUrl: string): Uint8Array => {
  const m = DATA_URL.exec(dataUrl);
  if (m === null || (m[1] ?? "").length % 4 !== 0) throw refuse("InvoicePdfInvalid");
  const bytes = Buffer.from(m[1] ?? "", "base64");
  if (bytes.length > Invoice.INVOICE_PDF_MAX_BYTES) throw refuse("InvoicePdfTooLarge", { maxKb: Invoice.INVOICE_PDF_MAX_BYTES / 1024 });
  if (!Invoice.isPdf(bytes)) throw refuse("InvoicePdfInvalid");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};
