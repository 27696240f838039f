import { Invoice, Validation } from "@fuel/domain";
import type { DeskInvoice, DeskInvoiceIssueRequest, DeskInvoiceRefuseRequest } from "@fuel/domain/api";
import { and, eq } from "drizzle-orm";
import { Result } from "effect";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/queryable.ts";
import { invoiceOrders, invoices, users } from "../db/schema.ts";
import type { FileAnswer, RedirectAnswer } from "../http/fileAnswer.ts";
import { refuse } from "../refusals/Refusal.ts";
import { pdfAnswer } from "./customerInvoices.ts";
import { visibleTo, type QueueReader } from "./deskQueue.ts";
import { deskInvoiceToWire, listedOf, ordersOfInvoices, type InvoiceRow } from "./records.ts";
import { readPdfUpload } from "./pdfUpload.ts";

/**
 * The desk's acts on a request (issue 35 item 5): issued, with the tax system's number and the
 * PDF, or refused with a reason. Each runs on the request's locked row through
 * `Invoice.nextInvoiceState`, so two staff acting at once give exactly one success (the other is
 * 409 InvoiceNotOpen), and writes its audit row in the same transaction. A request the
 * e-invoice provider has taken (`platform`, issuing) is the provider's: 409 InvoiceWithProvider.
 * A refusal frees the request's orders (`holds` cleared): they may be asked for again.
 */

/** Who acts, as the audit log names them. */
export interface InvoiceActor extends QueueReader {
  readonly name: string;
}

/** Writes the act's audit row in the act's transaction (src/desk/audit.ts recordAct, bound by the route). */
export type AuditInvoiceAct = (tx: Tx, act: "invoiceIssued" | "invoiceRefused", subject: string, before: unknown, after: unknown) => Promise<void>;

/** The request with its row locked, if `actor` may see it. */
const lockVisible = async (tx: Tx, actor: QueueReader, invoiceId: number): Promise<InvoiceRow> => {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), visibleTo(actor)))
    .for("update");
  if (row === undefined) throw refuse("InvoiceNotFound");
  return row;
};

/** The next state for `event`, or the refusal: not open (409), or the provider's to finish. */
const nextState = (row: InvoiceRow, event: "issue" | "refuse"): Invoice.InvoiceState => {
  if (row.issuer === "platform" && row.state === "issuing") throw refuse("InvoiceWithProvider");
  const next = Invoice.nextInvoiceState(row.state as Invoice.InvoiceState, event);
  if (Result.isFailure(next)) throw refuse("InvoiceNotOpen", { state: next.failure.state });
  return next.success;
};

const answer = async (tx: Tx, row: InvoiceRow): Promise<DeskInvoice> => {
  const [customer] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, row.userId));
  const byInvoice = await ordersOfInvoices(tx, [row.id]);
  return deskInvoiceToWire(listedOf(row), byInvoice.get(row.id) ?? [], customer?.phone ?? null);
};

/** `POST /api/desk/invoices/issue`. */
export const issueAtDesk = async (db: Database, actor: InvoiceActor, request: DeskInvoiceIssueRequest, now: number, audit: AuditInvoiceAct): Promise<DeskInvoice> => {
  const number = Invoice.readInvoiceNumber(request.number);
  if (number === undefined) throw refuse("InvoiceNumberInvalid");
  const pdf = request.pdf === undefined || request.pdf === null || request.pdf === "" ? null : readPdfUpload(request.pdf);
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, actor, request.invoice_id);
    const state = nextState(row, "issue");
    const [issued] = await tx
      .update(invoices)
      .set({ state, number, issuedAt: new Date(now), pdf, actedBy: actor.name })
      .where(eq(invoices.id, row.id))
      .returning();
    await audit(tx, "invoiceIssued", String(row.id), { state: row.state }, { state, number, pdf_bytes: pdf?.length ?? 0 });
    return answer(tx, issued!);
  });
};

/** `POST /api/desk/invoices/refuse`. */
export const refuseAtDesk = async (db: Database, actor: InvoiceActor, request: DeskInvoiceRefuseRequest, audit: AuditInvoiceAct): Promise<DeskInvoice> => {
  const reason = Validation.cleanFreeText(request.reason);
  if (reason === "") throw refuse("InvoiceRefusalReasonMissing");
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, actor, request.invoice_id);
    const state = nextState(row, "refuse");
    const refused = await refuseInTx(tx, row.id, state, reason, actor.name);
    await audit(tx, "invoiceRefused", String(row.id), { state: row.state }, { state, reason });
    return answer(tx, refused);
  });
};

/** Writes a refusal on the locked request and frees its orders (the desk's, or the provider's final failure). */
export const refuseInTx = async (tx: Tx, invoiceId: number, state: Invoice.InvoiceState, reason: string, actedBy: string | null): Promise<InvoiceRow> => {
  const [refused] = await tx
    .update(invoices)
    .set({ state, reason: reason.slice(0, Invoice.REFUSAL_REASON_MAX_LENGTH), actedBy })
    .where(eq(invoices.id, invoiceId))
    .returning();
  await tx.update(invoiceOrders).set({ holds: false }).where(eq(invoiceOrders.invoiceId, invoiceId));
  return refused!;
};

/** `GET /api/desk/invoices/pdf`: an issued invoice at the staff member's stations. */
export const deskPdf = async (db: Database, reader: QueueReader, invoiceId: number): Promise<FileAnswer | RedirectAnswer> => {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), visibleTo(reader)))
    .limit(1);
  if (row === undefined) throw refuse("InvoiceNotFound");
  return pdfAnswer(row);
};
