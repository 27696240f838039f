import type { AppPorts } from "@fuel/adapters/ports";
import type { Invoice } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
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

  constructor(private readonly ports: Pick<AppPorts, "invoices">) {
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

  /** The orders of the request, to ask again for them. */
  get orderIds(): ReadonlyArray<number> {
    return this.detail._tag === "Loaded" ? this.detail.value.orders.map((o) => o.order_id) : [];
  }
}

/** Built the first time /invoice/:id opens (../storeKind.ts). */
export const invoiceDetailStore = storeKind((root) => new InvoiceDetailStore(root.ports));
