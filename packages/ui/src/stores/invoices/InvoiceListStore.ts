import type { AppPorts } from "@fuel/adapters/ports";
import type { Invoice } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import { failing, idle, loaded, reloading, type Load } from "../Load.ts";
import { run } from "../run.ts";
import { storeKind } from "../storeKind.ts";

/**
 * Issue 35 item 4: 我的发票, the customer's invoice requests newest first (the server's order).
 * Read again each time the page opens, showing the last list meanwhile.
 */
export class InvoiceListStore {
  invoices: Load<ReadonlyArray<Invoice>> = idle;

  constructor(private readonly ports: Pick<AppPorts, "invoices">) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    if (this.invoices._tag === "Loading") return;
    this.invoices = reloading(this.invoices);
    const answer = await run(this.ports.invoices.list());
    runInAction(() => {
      this.invoices = answer.ok ? loaded(answer.value.invoices) : failing(this.invoices, answer.error);
    });
  }
}

/** Built the first time /invoices opens (../storeKind.ts). */
export const invoiceListStore = storeKind((root) => new InvoiceListStore(root.ports));
