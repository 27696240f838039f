import type { AppPorts } from "@fuel/adapters/ports";
import type { Invoice } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { reportFailure } from "../failures.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { failing, idle, loaded, reloading, type Load } from "../Load.ts";
import { run } from "../run.ts";
import { storeKind } from "../storeKind.ts";

/**
 * Issue 35 item 4: one invoice request (/invoice/:id): its title as asked, the invoiced line, the
 * orders; once issued its number, date and PDF (or the WeChat card wallet); once refused the
 * reason, and 'ask again' for the same orders.
 */
export class InvoiceDetailStore {
  invoiceId: number | undefined = undefined;
  detail: Load<Invoice> = idle;
  /** The PDF is being fetched (its button is busy). */
  openingPdf = false;

  constructor(
    private readonly ports: Pick<AppPorts, "invoices" | "documents">,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The page opened for `invoiceId` (another request's detail is not shown meanwhile). */
  async open(invoiceId: number): Promise<void> {
    if (this.invoiceId !== invoiceId) {
      this.invoiceId = invoiceId;
      this.detail = idle;
    }
    await this.load();
  }

  async load(): Promise<void> {
    const invoiceId = this.invoiceId;
    if (invoiceId === undefined) return;
    this.detail = reloading(this.detail);
    const answer = await run(this.ports.invoices.detail(invoiceId));
    runInAction(() => {
      if (this.invoiceId !== invoiceId) return;
      this.detail = answer.ok ? loaded(answer.value) : failing(this.detail, answer.error);
    });
  }

  /** Shows the issued invoice's PDF (ours behind the customer's token, or the provider's link); a failure says why. */
  async openPdf(): Promise<void> {
    const url = this.detail._tag === "Loaded" ? this.detail.value.pdf_url : null;
    if (url === null || this.openingPdf) return;
    this.openingPdf = true;
    const answer = await run(this.ports.documents.open(url));
    runInAction(() => {
      this.openingPdf = false;
      if (!answer.ok) reportFailure(answer.error, this.i18n, this.notices);
    });
  }

  /** The orders of the request, to ask again for them. */
  get orderIds(): ReadonlyArray<number> {
    return this.detail._tag === "Loaded" ? this.detail.value.orders.map((o) => o.order_id) : [];
  }
}

/** Built the first time /invoice/:id opens (../storeKind.ts). */
export const invoiceDetailStore = storeKind((root) => new InvoiceDetailStore(root.ports, root.i18n, root.notices));
