import { Invoice } from "@fuel/domain";
import { Result } from "effect";
import type { Problem } from "../../../stores/messages.ts";
import { deskProblem } from "../deskMessages.ts";
import { readChosen, type ChosenFile } from "../places/chosenFile.ts";

/** An invoice PDF ready to send: its name (to show) and its bytes as a `data:application/pdf;base64,` URL. */
export interface ChosenPdf {
  readonly name: string;
  readonly bytes: number;
  readonly dataUrl: string;
}

/** The largest PDF in KB, as the refusal names it. */
export const INVOICE_PDF_MAX_KB = Math.floor(Invoice.INVOICE_PDF_MAX_BYTES / 1024);

// btoa takes a string of byte-sized characters; a few KB at a time keeps String.fromCharCode's arguments few.
const CHUNK = 0x2000;

/** Bytes as base64 (the browser's btoa; Node has it too, for the tests). */
export const base64Of = (bytes: Uint8Array): string => {
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
};

/**
 * A PDF chosen on the device, checked as the server checks it before anything is sent: at most
 * `Invoice.INVOICE_PDF_MAX_BYTES` (refused by its size before it is read), and a PDF by its bytes
 * (`Invoice.isPdf`: its header and its end, so a renamed image or a cut-off download is refused).
 */
export const readInvoicePdf = async (file: ChosenFile<Uint8Array>): Promise<Result.Result<ChosenPdf, Problem>> => {
  const tooLarge = Result.fail({ _tag: "InvoicePdfTooLarge", params: { maxKb: INVOICE_PDF_MAX_KB } });
  if (file.size > Invoice.INVOICE_PDF_MAX_BYTES) return tooLarge;
  const bytes = await readChosen(file);
  if (bytes === undefined) return Result.fail(deskProblem("desk.places.fileUnreadable", { name: file.name }));
  if (bytes.length > Invoice.INVOICE_PDF_MAX_BYTES) return tooLarge;
  if (!Invoice.isPdf(bytes)) return Result.fail({ _tag: "InvoicePdfInvalid" });
  return Result.succeed({ name: file.name, bytes: bytes.length, dataUrl: `data:application/pdf;base64,${base64Of(bytes)}` });
};
