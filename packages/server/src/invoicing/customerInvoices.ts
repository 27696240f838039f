import type { Invoice } from "@fuel/domain/api";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { invoices } from "../db/schema.ts";
import { FileAnswer, RedirectAnswer } from "../http/fileAnswer.ts";
import { refuse } from "../refusals/Refusal.ts";
import { invoiceToWire, LISTED_COLUMNS, ordersOfInvoices, type InvoiceRow, type ListedInvoice } from "./records.ts";
import { sql } from "drizzle-orm";

/**
 * The customer's invoice requests (issue 35 item 4): 我的发票 newest first, one request, and an
 * issued one's PDF. Another customer's request is as good as none (404 InvoiceNotFound).
 */

const listed = { ...LISTED_COLUMNS, hasPdf: sql<boolean>`${invoices.pdf} IS NOT NULL` };

const toWire = async (db: Database, rows: readonly ListedInvoice[]): Promise<Invoice[]> => {
  const byInvoice = await ordersOfInvoices(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => invoiceToWire(r, byInvoice.get(r.id) ?? []));
};

/** `GET /api/invoice/list`: newest first (ties by id, newest first too). */
export const listInvoices = async (db: Database, userId: number): Promise<{ invoices: Invoice[] }> => {
  const rows = await db.select(listed).from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt), desc(invoices.id));
  return { invoices: await toWire(db, rows) };
};

/** `POST /api/invoice/detail`. */
export const invoiceDetail = async (db: Database, userId: number, invoiceId: number): Promise<Invoice> => {
  const [row] = await db
    .select(listed)
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
    .limit(1);
  if (row === undefined) throw refuse("InvoiceNotFound");
  const [wire] = await toWire(db, [row]);
  return wire!;
};

/**
 * An issued invoice's PDF, shown in the browser: our stored bytes (the desk's upload, the
 * sandbox's), or a redirect to the provider's link; 404 InvoicePdfMissing when neither exists yet.
 */
export const pdfAnswer = (row: Pick<InvoiceRow, "id" | "state" | "pdf" | "pdfUrl" | "number">): FileAnswer | RedirectAnswer => {
  if (row.state === "issued" && row.pdf !== null) return new FileAnswer("application/pdf", `invoice-${row.number ?? row.id}.pdf`, row.pdf, "inline");
  if (row.state === "issued" && row.pdfUrl !== null) return new RedirectAnswer(row.pdfUrl);
  throw refuse("InvoicePdfMissing");
};

/** `GET /api/invoice/pdf`: one of the customer's own. */
export const customerPdf = async (db: Database, userId: number, invoiceId: number): Promise<FileAnswer | RedirectAnswer> => {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
    .limit(1);
  if (row === undefined) throw refuse("InvoiceNotFound");
  return pdfAnswer(row);
};
