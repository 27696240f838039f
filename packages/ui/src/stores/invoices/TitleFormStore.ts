import type { AppPorts } from "@fuel/adapters/ports";
import { Invoice } from "@fuel/domain";
import type { InvoiceTitle } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { reportFailure } from "../failures.ts";
import type { Problem } from "../messages.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import { storeKind } from "../storeKind.ts";
import { invoiceTitlesStore, type InvoiceTitlesStore } from "./InvoiceTitlesStore.ts";

/** The text fields of the form, in its order. */
export const TITLE_TEXT_FIELDS = ["name", "tax_id", "email", "phone", "address", "bank", "account"] as const;
export type TitleTextField = (typeof TITLE_TEXT_FIELDS)[number];

/** The optional fields kept under 'more' (e-mail stays in sight: it is where a copy of the invoice goes). */
export const MORE_FIELDS: ReadonlyArray<TitleTextField> = ["phone", "address", "bank", "account"];

const empty = (): Record<TitleTextField, string> => ({ name: "", tax_id: "", email: "", phone: "", address: "", bank: "", account: "" });

/**
 * Issue 35 item 2: the add/edit form of an invoice title. Every field is checked with
 * `Invoice.titleProblems`, the rules the server applies, so the messages are the server's: a field
 * shows its problem once it was left (or typed into after a problem showed), and all of them on
 * submit. A failed save keeps what was typed.
 */
export class TitleFormStore {
  /** The title edited; undefined for a new one. */
  titleId: number | undefined = undefined;
  type: Invoice.TitleType = "company";
  values: Record<TitleTextField, string> = empty();
  makeDefault = false;
  /** Whether the optional fields under 'more' are shown. */
  moreOpen = false;
  saving = false;
  /** The server's refusal of the last save (worded when shown). */
  refusal: Problem | undefined = undefined;
  private touched = new Set<TitleTextField>();
  private submitted = false;

  constructor(
    private readonly ports: Pick<AppPorts, "invoices">,
    private readonly titles: InvoiceTitlesStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** A new title (no `title`) or one to edit: the form starts over with its fields. */
  start(title?: InvoiceTitle): void {
    this.titleId = title?.title_id;
    this.type = title?.type ?? "company";
    this.values = title === undefined ? empty() : Object.fromEntries(TITLE_TEXT_FIELDS.map((f) => [f, title[f] ?? ""])) as Record<TitleTextField, string>;
    // The first title becomes the default anyway (the server's rule); a later one only when asked.
    this.makeDefault = title?.is_default ?? false;
    this.moreOpen = title !== undefined && MORE_FIELDS.some((f) => (title[f] ?? "") !== "");
    this.refusal = undefined;
    this.touched = new Set();
    this.submitted = false;
  }

  get problems(): ReadonlyArray<Invoice.TitleProblem> {
    return Invoice.titleProblems({ type: this.type, ...this.values });
  }

  /** The problem of a field, worded, once it is to be shown (left, or the form submitted). */
  errorOf(field: TitleTextField): string | undefined {
    if (!this.submitted && !this.touched.has(field)) return undefined;
    const problem = this.problems.find((p) => p.field === field);
    return problem === undefined ? undefined : this.i18n.t(problem.key, problem.params);
  }

  /** Whether the taxpayer id is asked (a company's title). */
  get company(): boolean {
    return this.type === "company";
  }

  setType(type: Invoice.TitleType): void {
    this.type = type;
    this.refusal = undefined;
  }

  set(field: TitleTextField, value: string): void {
    this.values = { ...this.values, [field]: value };
    this.refusal = undefined;
  }

  /** The field was left: its problem shows from now on, and goes as soon as it is fixed. */
  leave(field: TitleTextField): void {
    this.touched.add(field);
    // Observed through `errorOf`: a new set, so MobX sees the change.
    this.touched = new Set(this.touched);
  }

  setMakeDefault(value: boolean): void {
    this.makeDefault = value;
  }

  toggleMore(): void {
    this.moreOpen = !this.moreOpen;
  }

  /**
   * Saves the title: every problem shown when there is one (and 'more' opened when one is under
   * it), else one call; answers the saved title, or undefined (what was typed stays).
   */
  async submit(): Promise<InvoiceTitle | undefined> {
    if (this.saving) return undefined;
    this.submitted = true;
    const problems = this.problems;
    if (problems.length > 0) {
      if (problems.some((p) => (MORE_FIELDS as ReadonlyArray<string>).includes(p.field))) this.moreOpen = true;
      return undefined;
    }
    this.saving = true;
    this.refusal = undefined;
    const company = this.company;
    const answer = await run(
      this.ports.invoices.saveTitle({
        ...(this.titleId === undefined ? {} : { title_id: this.titleId }),
        type: this.type,
        name: this.values.name,
        // A person has no taxpayer id on an invoice: one typed before switching is not sent.
        tax_id: company ? this.values.tax_id : null,
        email: this.values.email,
        phone: this.values.phone,
        address: this.values.address,
        bank: this.values.bank,
        account: this.values.account,
        ...(this.makeDefault ? { is_default: true } : {}),
      }),
    );
    return runInAction(() => {
      this.saving = false;
      if (!answer.ok) {
        this.refusal = answer.error;
        reportFailure(answer.error, this.i18n, this.notices);
        return undefined;
      }
      this.titles.accept(answer.value);
      this.notices.show(this.i18n.t("invoices.saved"), "success");
      return answer.value;
    });
  }
}

/** Built the first time a title form opens (../storeKind.ts). */
export const titleFormStore = storeKind((root) => new TitleFormStore(root.ports, root.use(invoiceTitlesStore), root.i18n, root.notices));
