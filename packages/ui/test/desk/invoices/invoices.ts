import { DeskInvoice, examples, type DeskInvoicesResponse } from "@fuel/domain/api";
import { Schema } from "effect";
import { bytesFile } from "../places/files.ts";

/** The contract's example desk invoice: issued, two orders of Futian Energy Station, ¥282.83 for 39.630 L. */
export const issuedInvoice: DeskInvoice = Schema.decodeUnknownSync(DeskInvoice)(examples.deskInvoices.response.invoices[0]);

/** The same request still waiting for the desk. */
export const waitingInvoice: DeskInvoice = { ...issuedInvoice, state: "requested", number: null, issued_at: null, pdf_url: null, acted_by: null };

/** A page of the queue holding `invoices`. */
export const pageOf = (...invoices: ReadonlyArray<DeskInvoice>): DeskInvoicesResponse => ({ invoices, total: invoices.length, page: 1, page_size: 20 });

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** A small file that is a PDF by its bytes: its header, a body, and %%EOF at its end. */
export const pdfBytes = (body = 64): Uint8Array<ArrayBuffer> => new Uint8Array([...ascii("%PDF-1.4\n"), ...new Array<number>(body).fill(0x20), ...ascii("\n%%EOF\n")]);

export const pdfFile = (name = "invoice.pdf", bytes = pdfBytes()) => bytesFile(name, bytes, "application/pdf");
