import type { AppPorts } from "@fuel/adapters/ports";
import { Invoice, Time } from "@fuel/domain";
import type { InvoiceTitle, Station, Order as WireOrder } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { PendingTaps } from "../checkout/pendingTap.ts";
import { reportFailure } from "../failures.ts";
import { failed, idle, loaded, loading, valueOf, type Load } from "../Load.ts";
import type { Problem } from "../messages.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import type { SiteStore } from "../SiteStore.ts";
import { storeKind } from "../storeKind.ts";
import { kindOf } from "../orders/OrderEntry.ts";
import { candidateOf, mayStillBeInWindow, rulesFor, usedAtOf, windowDaysOf } from "./invoiceFacts.ts";
import { invoiceTitlesStore, type InvoiceTitlesStore } from "./InvoiceTitlesStore.ts";

/** The most pages of used orders read for the list (10 orders a page): far more than a window holds for one driver. */
const MAX_PAGES = 10;

/** Where this tab keeps the key of an unanswered request (a retry answers the first request, not a second). */
const PENDING_KEY = "fuel.invoiceApplyTap";

/** What stops the request from being sent, worded by the page: a rule of the domain, or no title chosen. */
export type ApplyProblem = Invoice.InvoiceRefusal | { readonly key: "invoices.chooseTitle"; readonly params: Readonly<Record<string, number>> };

/**
 * Issue 35 item 3 (/invoiceApply?order_ids=): one invoice for used orders of one station. It lists
 * the order the driver came from and their other used orders of the same station that may be
 * invoiced (`Invoice.orderRefusal`), ticked as chosen; the titles with the default picked; the
 * line of the ticked orders (`Invoice.fuelInvoiceLine`, what the server invoices); and sends one
 * request, under one action key per request so a retry does not ask twice.
 */
export class InvoiceApplyStore {
  /** The orders named in the address, the first the one the driver came from. */
  seedIds: ReadonlyArray<number> = [];
  /** The used orders read: the seeds and the driver's other used orders still in the window. */
  orders: Load<ReadonlyArray<WireOrder>> = idle;
  ticked: ReadonlySet<number> = new Set();
  chosenTitleId: number | undefined = undefined;
  sending = false;
  /** A tap on submit while something stops it: the reason shows. */
  tried = false;
  /** The server's refusal of the last request (worded when shown). */
  refusal: Problem | undefined = undefined;
  now: number;

  constructor(
    private readonly ports: Pick<AppPorts, "orders" | "invoices" | "clock" | "tabValues" | "newActionKey">,
    readonly titles: InvoiceTitlesStore,
    private readonly site: SiteStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
  ) {
    this.now = ports.clock.now();
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The page opened for these orders: the titles, the settings and the orders are read together. */
  async open(orderIds: ReadonlyArray<number>): Promise<void> {
    const same = orderIds.length === this.seedIds.length && orderIds.every((id, i) => id === this.seedIds[i]);
    if (!same) {
      this.seedIds = orderIds;
      this.orders = idle;
      this.ticked = new Set();
    }
    this.tried = false;
    this.refusal = undefined;
    await Promise.all([this.titles.load(), this.site.load(), this.loadOrders()]);
  }

  async loadOrders(): Promise<void> {
    const seeds = this.seedIds;
    if (seeds.length === 0) return;
    this.now = this.ports.clock.now();
    this.orders = loading(valueOf(this.orders));
    const read = await this.readUsedOrders(seeds);
    runInAction(() => {
      if (this.seedIds !== seeds) return;
      if (!read.ok) {
        this.orders = failed(read.error, valueOf(this.orders));
        return;
      }
      this.orders = loaded(read.value);
      const pickable = new Set(this.pickable.map((o) => o.order_id));
      this.ticked = new Set(seeds.filter((id) => pickable.has(id)));
    });
  }

  /**
   * The driver's used orders, newest first, page by page until one made too long ago to be in the
   * window (or the last page); then any order named in the address not among them, by its detail.
   */
  private async readUsedOrders(seeds: ReadonlyArray<number>): Promise<{ ok: true; value: ReadonlyArray<WireOrder> } | { ok: false; error: Problem }> {
    const found = new Map<number, WireOrder>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = await run(this.ports.orders.list(page, "used"));
      if (!answer.ok) return answer;
      for (const order of answer.value.data) found.set(order.order_id, order);
      const oldest = answer.value.data.at(-1);
      const createdAt = oldest === undefined ? undefined : Time.parseWireInstant(oldest.created_at);
      if (page >= answer.value.last_page || createdAt === undefined) break;
      if (!mayStillBeInWindow(createdAt, this.now, windowDaysOf(valueOf(this.site.info)))) break;
    }
    const missing = seeds.filter((id) => !found.has(id));
    const details = await Promise.all(missing.map((id) => run(this.ports.orders.detail(id))));
    for (const detail of details) {
      if (!detail.ok) return detail;
      found.set(detail.value.order_id, detail.value);
    }
    return { ok: true, value: [...found.values()] };
  }

  private get all(): ReadonlyArray<WireOrder> {
    return valueOf(this.orders) ?? [];
  }

  /** The order the driver came from. */
  get seed(): WireOrder | undefined {
    const first = this.seedIds[0];
    return this.all.find((o) => o.order_id === first);
  }

  /** Whether the invoice is of top-ups and card purchases (prepaid cards), not of one station's fuel. */
  get topUps(): boolean {
    const seed = this.seed;
    return seed !== undefined && kindOf(seed) === "recharge";
  }

  get station(): Station | null {
    return this.seed?.stationInfo ?? null;
  }

  get rules(): Invoice.InvoiceRules {
    return rulesFor(this.all, valueOf(this.site.info), this.now);
  }

  /** Why an order cannot be on the invoice now, or undefined. */
  refusalOf(order: WireOrder): Invoice.InvoiceRefusal<Invoice.OrderRefusalKey> | undefined {
    return Invoice.orderRefusal(candidateOf(order), this.rules);
  }

  /**
   * The orders that may share the seed's invoice, most recently used first: fuel orders of its
   * station, or (a top-up) the other top-ups and card purchases, which share no station.
   */
  get pickable(): ReadonlyArray<WireOrder> {
    const seed = this.seed;
    if (seed === undefined) return [];
    const kind = kindOf(seed);
    const stationId = seed.stationInfo?.id;
    const sameInvoice = (o: WireOrder) => kindOf(o) === kind && (kind === "recharge" || o.stationInfo?.id === stationId);
    const usedAt = (o: WireOrder) => usedAtOf(o) ?? 0;
    return this.all
      .filter((o) => sameInvoice(o) && this.refusalOf(o) === undefined)
      .sort((a, b) => usedAt(b) - usedAt(a));
  }

  /** The orders named in the address that cannot be invoiced now, with why (a stale link, a refund since). */
  get refusedSeeds(): ReadonlyArray<{ readonly order: WireOrder; readonly refusal: Invoice.InvoiceRefusal<Invoice.OrderRefusalKey> }> {
    return this.seedIds.flatMap((id) => {
      const order = this.all.find((o) => o.order_id === id);
      const refusal = order === undefined ? undefined : this.refusalOf(order);
      return order === undefined || refusal === undefined ? [] : [{ order, refusal }];
    });
  }

  get tickedOrders(): ReadonlyArray<WireOrder> {
    return this.all.filter((o) => this.ticked.has(o.order_id));
  }

  /** The invoiced line of the ticked orders, as the server will invoice it. */
  get line(): Invoice.InvoiceLine {
    const orders = this.tickedOrders;
    return orders[0] !== undefined && candidateOf(orders[0]).kind === "recharge" ? Invoice.rechargeInvoiceLine(orders) : Invoice.fuelInvoiceLine(orders);
  }

  /** The title the invoice goes to: the one picked, else the default. */
  get title(): InvoiceTitle | undefined {
    return (this.chosenTitleId === undefined ? undefined : this.titles.byId(this.chosenTitleId)) ?? this.titles.defaultTitle;
  }

  /** What stops the request now (the domain's first reason, or no title), or undefined. */
  get problem(): ApplyProblem | undefined {
    const checked = Invoice.checkInvoiceRequest(this.tickedOrders.map(candidateOf), this.rules);
    if (Result.isFailure(checked)) return checked.failure;
    return this.title === undefined ? { key: "invoices.chooseTitle", params: {} } : undefined;
  }

  toggle(orderId: number): void {
    const ticked = new Set(this.ticked);
    if (ticked.has(orderId)) ticked.delete(orderId);
    else ticked.add(orderId);
    this.ticked = ticked;
    this.refusal = undefined;
  }

  chooseTitle(titleId: number): void {
    this.chosenTitleId = titleId;
    this.refusal = undefined;
  }

  /**
   * Sends the request; answers the new request's id, or undefined (the reason shows, what was
   * chosen stays). The same request sent again after a lost answer carries the same key.
   */
  async submit(): Promise<number | undefined> {
    if (this.sending) return undefined;
    this.tried = true;
    const title = this.title;
    if (this.problem !== undefined || title === undefined) return undefined;
    const request = { order_ids: this.tickedOrders.map((o) => o.order_id), title_id: title.title_id };
    const taps = new PendingTaps(this.ports.tabValues, PENDING_KEY);
    const fingerprint = JSON.stringify(request);
    const key = taps.keyFor(fingerprint, () => this.ports.newActionKey());
    taps.keep({ key, fingerprint });
    this.sending = true;
    this.refusal = undefined;
    const answer = await run(this.ports.invoices.apply(request, { idempotencyKey: key }));
    return runInAction(() => {
      this.sending = false;
      if (!answer.ok) {
        // A refusal is final for this request; a lost answer (offline, timed out, 5xx) is retried with the same key.
        if (answer.error._tag === "ServerRefused") taps.forget();
        this.refusal = answer.error;
        reportFailure(answer.error, this.i18n, this.notices);
        return undefined;
      }
      taps.forget();
      this.notices.show(this.i18n.t("invoices.requested"), "success");
      return answer.value.invoice_id;
    });
  }
}

/** Built the first time /invoiceApply opens (../storeKind.ts). */
export const invoiceApplyStore = storeKind((root) => new InvoiceApplyStore(root.ports, root.use(invoiceTitlesStore), root.site, root.i18n, root.notices));
