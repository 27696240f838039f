import type { DeskInvoice, DeskInvoicesResponse } from "@fuel/domain/api";
import { DeskInvoicesApi } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import type { NoticeStore } from "../../../stores/NoticeStore.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem, describeDeskError } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import { InvoiceActStore, type ActOutcome, type InvoiceAct } from "./InvoiceActStore.ts";
import { invoiceDaysReversed, invoicesExportQueryOf, invoicesListQueryOf, NO_INVOICE_PARAMS, type InvoiceListParams } from "./invoiceListParams.ts";

/** A page of requests as the server answered it. */
export interface InvoicesPage {
  readonly invoices: ReadonlyArray<DeskInvoice>;
  readonly total: number;
  readonly page: number;
  readonly pageSize: DeskInvoicesResponse["page_size"];
}

/** The queue's load: asked, answered, or failed (why, with a retry). */
export type InvoicesLoad =
  | { readonly kind: "idle" }
  | { readonly kind: "loading" }
  | { readonly kind: "loaded"; readonly page: InvoicesPage }
  | { readonly kind: "failed"; readonly problem: Problem };

/** A station the station filter offers; `title` undefined when this device does not know its name. */
export interface StationOption {
  readonly id: number;
  readonly title: string | undefined;
}

/** Refusals that mean the request is not as the list showed it: acted on meanwhile (409), taken by the e-invoice service (409), or gone. */
const STALE = new Set(["InvoiceNotOpen", "InvoiceWithProvider", "InvoiceNotFound"]);

/**
 * The desk's invoice queue (issue 35 item 5): the list's parameters (the address's,
 * `invoiceListParams.ts`), the page the server answered, the stations to filter by, and the act
 * open on one request. A done act replaces its row with the server's answer. A request someone
 * else issued or refused first (409 InvoiceNotOpen), or an act with no answer in time, is said
 * above the list and the list is read again: the server tells what is so now. Any other failure
 * keeps the act's form open with what was typed.
 */
export class InvoicesStore {
  params: InvoiceListParams = NO_INVOICE_PARAMS;
  load: InvoicesLoad = { kind: "idle" };
  /** Why the filters were refused before any call (reversed days). */
  formProblem: Problem | undefined = undefined;
  /** Why the last act did not happen, shown above the list until the next act. */
  actProblem: Problem | undefined = undefined;
  /** The stations the staff member may filter by. */
  stations: ReadonlyArray<StationOption> = [];
  /** The request shown whole (a table row's details), if any. */
  viewing: DeskInvoice | undefined = undefined;
  /** The act being written, if any. */
  acting: InvoiceActStore | undefined = undefined;
  private generation = 0;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
    private readonly notices: NoticeStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get loading(): boolean {
    return this.load.kind === "loading";
  }

  get invoices(): ReadonlyArray<DeskInvoice> {
    return this.load.kind === "loaded" ? this.load.page.invoices : [];
  }

  get problemText(): string | undefined {
    return this.load.kind === "failed" ? describeDeskError(this.load.problem, this.i18n) : undefined;
  }

  get formProblemText(): string | undefined {
    return this.formProblem === undefined ? undefined : describeDeskError(this.formProblem, this.i18n);
  }

  get actProblemText(): string | undefined {
    return this.actProblem === undefined ? undefined : describeDeskError(this.actProblem, this.i18n);
  }

  /** Whether the filters narrow the queue from what it opens on. */
  get filtered(): boolean {
    const p = this.params;
    return p.state !== NO_INVOICE_PARAMS.state || p.station !== undefined || p.from !== "" || p.to !== "";
  }

  /** The download of every request the filters select (all pages), in the staff member's language. */
  get exportHref(): string {
    const query = new URLSearchParams(Object.entries(invoicesExportQueryOf(this.params, this.i18n.locale)).map(([k, v]) => [k, String(v)]));
    return `${DeskInvoicesApi.deskInvoicesExport.path}?${query.toString()}`;
  }

  /**
   * The stations to filter by: every station for an admin (who may list them), else the stations
   * given to the staff member, named as their requests name them (the desk's station list is the
   * admin's). A failure leaves the filter without stations: the queue works without it.
   */
  async loadStations(mayListAll: boolean, own: ReadonlyArray<number>): Promise<void> {
    if (!mayListAll) {
      this.stations = own.map((id) => ({ id, title: undefined }));
      return;
    }
    const answer = await run(this.ports.api.call("deskStations", {}));
    runInAction(() => {
      if (answer.ok) this.stations = answer.value.stations.map((s) => ({ id: s.id, title: s.title }));
    });
  }

  /** A station's name as the filter shows it: known, or seen on a request of the list. */
  stationTitle(option: StationOption): string | undefined {
    return option.title ?? this.invoices.find((i) => i.station_id === option.id)?.station_title ?? undefined;
  }

  /** Shows the queue the address's parameters name: reversed days are refused here, before any call. */
  async show(params: InvoiceListParams): Promise<void> {
    this.params = params;
    const generation = ++this.generation;
    if (invoiceDaysReversed(params)) {
      this.formProblem = deskProblem("desk.records.audit.rangeReversed");
      this.load = { kind: "idle" };
      return;
    }
    this.formProblem = undefined;
    this.load = { kind: "loading" };
    const answer = await run(this.ports.api.call("deskInvoices", invoicesListQueryOf(params)));
    runInAction(() => {
      // Newer parameters went out meanwhile: their answer is the one to show.
      if (generation !== this.generation) return;
      this.load = answer.ok
        ? { kind: "loaded", page: { invoices: answer.value.invoices, total: answer.value.total, page: answer.value.page, pageSize: answer.value.page_size } }
        : { kind: "failed", problem: answer.error };
    });
  }

  retry(): Promise<void> {
    return this.show(this.params);
  }

  /** Shows one request whole (from a table row). */
  view(invoice: DeskInvoice): void {
    this.viewing = invoice;
  }

  closeView(): void {
    this.viewing = undefined;
  }

  /** Opens the form of an act on a request; not while another act is on its way. */
  startAct(invoice: DeskInvoice, act: InvoiceAct): void {
    if (this.acting?.busy === true) return;
    this.actProblem = undefined;
    this.acting = new InvoiceActStore(this.ports, invoice, act);
  }

  /** Closes the act's form, unless it is on its way. */
  cancelAct(): void {
    if (this.acting?.busy !== true) this.acting = undefined;
  }

  /** Sends the act being written and says how it ended. */
  async sendAct(): Promise<boolean> {
    const acting = this.acting;
    if (acting === undefined) return false;
    const outcome = await acting.send();
    if (outcome === undefined) return false;
    return this.settle(acting, outcome);
  }

  private async settle(acting: InvoiceActStore, outcome: ActOutcome): Promise<boolean> {
    if (outcome.kind === "done") {
      const invoice = outcome.invoice;
      runInAction(() => {
        this.keep(invoice);
        this.acting = undefined;
      });
      const text =
        acting.act === "issue"
          ? this.i18n.t("desk.invoices.issuedNotice", { id: invoice.invoice_id, number: invoice.number ?? "" })
          : this.i18n.t("desk.invoices.refusedNotice", { id: invoice.invoice_id });
      this.notices.show(text, "success");
      return true;
    }
    const problem = outcome.problem;
    const stale = problem._tag === "ServerRefused" && problem.tag !== undefined && STALE.has(problem.tag);
    if (!stale && problem._tag !== "TimedOut") return false;
    // Acted on by someone else, or no answer in time: the server's list tells what is so now.
    runInAction(() => {
      this.actProblem = stale ? problem : deskProblem("desk.invoices.actUnknown");
      this.acting = undefined;
      this.viewing = undefined;
    });
    this.notices.show(describeDeskError(this.actProblem ?? problem, this.i18n), "fail");
    await this.retry();
    return false;
  }

  /** A request the server answered for an act: its row replaced, and the request shown whole too. */
  private keep(invoice: DeskInvoice): void {
    if (this.viewing?.invoice_id === invoice.invoice_id) this.viewing = invoice;
    if (this.load.kind !== "loaded") return;
    const page = this.load.page;
    this.load = { kind: "loaded", page: { ...page, invoices: page.invoices.map((i) => (i.invoice_id === invoice.invoice_id ? invoice : i)) } };
  }
}
