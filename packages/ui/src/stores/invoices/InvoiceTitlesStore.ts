import type { AppPorts } from "@fuel/adapters/ports";
import { Invoice } from "@fuel/domain";
import type { InvoiceTitle, InvoiceTitleSaveRequest, InvoiceTitlesResponse } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { reportFailure } from "../failures.ts";
import { failing, idle, loaded, reloading, valueOf, type Load } from "../Load.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import { storeKind } from "../storeKind.ts";

/** A kept title as the save endpoint takes it back (its fields, not its id or default mark). */
export const saveRequestOf = (title: InvoiceTitle): InvoiceTitleSaveRequest => ({
  title_id: title.title_id,
  type: title.type,
  name: title.name,
  tax_id: title.tax_id,
  email: title.email,
  phone: title.phone,
  address: title.address,
  bank: title.bank,
  account: title.account,
});

/**
 * Issue 35 item 2: the customer's invoice titles (at most `max`, the server's word; the domain's
 * `MAX_TITLES` until it answers), shared by /invoiceTitles, the title form and the apply screen's
 * picker. Deleting and making a title the default are one call each; the list is then read again,
 * since the server decides which title becomes the default when the default goes.
 */
export class InvoiceTitlesStore {
  titles: Load<InvoiceTitlesResponse> = idle;
  /** The title a delete or 'make default' is under way for (its buttons are busy). */
  busyId: number | undefined = undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "invoices">,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get list(): ReadonlyArray<InvoiceTitle> {
    return valueOf(this.titles)?.titles ?? [];
  }

  get max(): number {
    return valueOf(this.titles)?.max ?? Invoice.MAX_TITLES;
  }

  /** No room for another title. */
  get full(): boolean {
    return this.list.length >= this.max;
  }

  get defaultTitle(): InvoiceTitle | undefined {
    return this.list.find((t) => t.is_default) ?? this.list[0];
  }

  byId(titleId: number): InvoiceTitle | undefined {
    return this.list.find((t) => t.title_id === titleId);
  }

  /** Reads the titles (each page that shows them, on mount; a load under way is not repeated). */
  async load(): Promise<void> {
    if (this.titles._tag === "Loading") return;
    this.titles = reloading(this.titles);
    const answer = await run(this.ports.invoices.titles());
    runInAction(() => {
      this.titles = answer.ok ? loaded(answer.value) : failing(this.titles, answer.error);
    });
  }

  /** A title the form saved: shown at once (the default mark moved to it when it took it), then read again. */
  accept(saved: InvoiceTitle): void {
    const others = this.list.filter((t) => t.title_id !== saved.title_id).map((t) => (saved.is_default ? { ...t, is_default: false } : t));
    const titles = saved.is_default ? [saved, ...others] : [...others, saved];
    this.titles = loaded({ titles, max: this.max });
    void this.load();
  }

  /** Deletes a title (the page asked the customer first). */
  async remove(title: InvoiceTitle): Promise<void> {
    if (this.busyId !== undefined) return;
    this.busyId = title.title_id;
    const answer = await run(this.ports.invoices.deleteTitle(title.title_id));
    runInAction(() => {
      this.busyId = undefined;
      if (answer.ok) this.notices.show(this.i18n.t("invoices.deleted"), "success");
      else reportFailure(answer.error, this.i18n, this.notices);
    });
    await this.load();
  }

  /** Makes a title the default (saved again as it is, with `is_default`). */
  async makeDefault(title: InvoiceTitle): Promise<void> {
    if (this.busyId !== undefined || title.is_default) return;
    this.busyId = title.title_id;
    const answer = await run(this.ports.invoices.saveTitle({ ...saveRequestOf(title), is_default: true }));
    runInAction(() => {
      this.busyId = undefined;
      if (answer.ok) {
        this.accept(answer.value);
        this.notices.show(this.i18n.t("invoices.madeDefault"), "success");
      } else reportFailure(answer.error, this.i18n, this.notices);
    });
  }
}

/** Built the first time an invoice page needs the titles (../storeKind.ts). */
export const invoiceTitlesStore = storeKind((root) => new InvoiceTitlesStore(root.ports, root.i18n, root.notices));
