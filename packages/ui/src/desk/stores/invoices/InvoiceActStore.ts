import { Invoice, Validation } from "@fuel/domain";
import type { DeskInvoice } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import { run } from "../../../stores/run.ts";
import { deskProblem } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import type { ChosenFile } from "../places/chosenFile.ts";
import { readInvoicePdf, type ChosenPdf } from "./invoicePdf.ts";

/** What staff do to an open request: mark it issued (number, PDF) or refuse it (reason). */
export type InvoiceAct = "issue" | "refuse";

/** How a sent act ended: the request as the server now has it, or why not (the form keeps what was typed). */
export type ActOutcome = { readonly kind: "done"; readonly invoice: DeskInvoice } | { readonly kind: "failed"; readonly problem: Problem };

/**
 * One act on one request, as its form holds it (issue 35 item 5): the invoice number typed,
 * checked by `Invoice.readInvoiceNumber` (blanks and dashes dropped, 8 to 20 digits); a PDF chosen
 * on the device, checked by its size and bytes before it is sent; or the refusal's reason,
 * required. Nothing is sent twice: a second send while one is on its way does nothing. A failure
 * keeps everything typed and chosen, so the act can be sent again.
 */
export class InvoiceActStore {
  number = "";
  reason = "";
  pdf: ChosenPdf | undefined = undefined;
  /** Why the chosen file was not taken. */
  pdfProblem: Problem | undefined = undefined;
  readingPdf = false;
  numberProblem: Problem | undefined = undefined;
  reasonProblem: Problem | undefined = undefined;
  /** Why the last send failed, shown in the form. */
  problem: Problem | undefined = undefined;
  busy = false;

  constructor(
    private readonly ports: DeskPorts,
    readonly invoice: DeskInvoice,
    readonly act: InvoiceAct,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setNumber(number: string): void {
    this.number = number;
    this.numberProblem = undefined;
  }

  setReason(reason: string): void {
    this.reason = reason;
    this.reasonProblem = undefined;
  }

  async choosePdf(file: ChosenFile<Uint8Array>): Promise<void> {
    this.pdfProblem = undefined;
    this.readingPdf = true;
    const read = await readInvoicePdf(file);
    runInAction(() => {
      this.readingPdf = false;
      if (Result.isSuccess(read)) this.pdf = read.success;
      else this.pdfProblem = read.failure;
    });
  }

  removePdf(): void {
    this.pdf = undefined;
    this.pdfProblem = undefined;
  }

  /** Checks the form and sends the act; undefined when nothing was sent (a field refused, or already sending). */
  async send(): Promise<ActOutcome | undefined> {
    if (this.busy || this.readingPdf) return undefined;
    const request = this.act === "issue" ? this.issueRequest() : this.refuseRequest();
    if (request === undefined) return undefined;
    this.busy = true;
    this.problem = undefined;
    const answer = await run(request.kind === "issue" ? this.ports.api.call("deskInvoiceIssue", request.body) : this.ports.api.call("deskInvoiceRefuse", request.body));
    runInAction(() => {
      this.busy = false;
      if (!answer.ok) this.problem = answer.error;
    });
    return answer.ok ? { kind: "done", invoice: answer.value } : { kind: "failed", problem: answer.error };
  }

  private issueRequest() {
    const number = Invoice.readInvoiceNumber(this.number);
    if (number === undefined) {
      this.numberProblem = this.number.trim() === "" ? deskProblem("desk.invoices.numberMissing") : { _tag: "InvoiceNumberInvalid" };
      return undefined;
    }
    const pdf = this.pdf === undefined ? {} : { pdf: this.pdf.dataUrl };
    return { kind: "issue" as const, body: { invoice_id: this.invoice.invoice_id, number, ...pdf } };
  }

  private refuseRequest() {
    const reason = Validation.cleanFreeText(this.reason);
    if (reason === "") {
      this.reasonProblem = { _tag: "InvoiceRefusalReasonMissing" };
      return undefined;
    }
    if ([...reason].length > Invoice.REFUSAL_REASON_MAX_LENGTH) {
      this.reasonProblem = deskProblem("desk.invoices.reasonTooLong", { max: Invoice.REFUSAL_REASON_MAX_LENGTH });
      return undefined;
    }
    return { kind: "refuse" as const, body: { invoice_id: this.invoice.invoice_id, reason } };
  }
}
