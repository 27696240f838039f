import type { ApiError, AppPorts } from "@fuel/adapters/ports";
import { Order } from "@fuel/domain";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { reportFailure } from "../failures.ts";
import { failed, idle, loaded, loading, valueOf, type Load } from "../Load.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import type { OrderActionsStore } from "./OrderActionsStore.ts";
import { entryOf, factsAt, secondsLeftToPay, type OrderEntry } from "./OrderEntry.ts";

export interface LoadOptions {
  /** A poll: its failure says nothing (it runs every few seconds). */
  readonly quiet?: boolean;
}

/** What a detail store has of its own when the server did not answer. */
export interface FailedLoadFallback {
  /** An order to show when none was loaded before (the fuel detail: the device's copy). */
  readonly kept: OrderEntry | undefined;
  /** The page's own notice says why already: a toast would say it twice (or cover a code being scanned). */
  readonly saidByPage: boolean;
}

const NOTHING_KEPT: FailedLoadFallback = { kept: undefined, saidByPage: false };

/**
 * One order loaded by id and what time makes of it: the part the fuel and the recharge detail
 * share (spec §2 /orderDetail/:id and /orderDetail/2/:id). A detail store composes it and adds
 * what follows a load (the fuel code, the recharge card) in its own `load`, between
 * {@link fetchDetail} and {@link show}; `reload` is that load, so cancel, pay and a poll refresh
 * everything the page shows, not only the order.
 */
export class LoadedOrder {
  orderId: number | undefined = undefined;
  detail: Load<OrderEntry> = idle;
  /** The clock at the last tick or load: every fact below is read at it, so the screen moves only when told to. */
  now: number;

  constructor(
    private readonly ports: Pick<AppPorts, "orders" | "clock" | "browser">,
    private readonly actions: OrderActionsStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly reload: (options?: LoadOptions) => Promise<void>,
  ) {
    this.now = ports.clock.now();
    makeAutoObservable<this, "ports" | "actions" | "i18n" | "notices" | "reload">(
      this,
      { ports: false, actions: false, i18n: false, notices: false, reload: false },
      { autoBind: true },
    );
  }

  get entry(): OrderEntry | undefined {
    return valueOf(this.detail);
  }

  /** The order's facts as time has left them (an unpaid order at 0 reads cancelled, a fuel code past 48 h expired). */
  get facts(): Order.Order | undefined {
    const entry = this.entry;
    return entry === undefined ? undefined : factsAt(entry, this.now);
  }

  /** The server could not be reached: what shows is the last answer (or a store's own copy). */
  get offline(): boolean {
    return this.detail._tag === "Failed" && this.entry !== undefined;
  }

  get secondsLeftToPay(): number {
    const entry = this.entry;
    return entry === undefined ? 0 : secondsLeftToPay(entry, this.now);
  }

  /** When the order was paid, for the QR rules (`Order.paidAtOf`); undefined before payment. */
  get paidAt(): number | undefined {
    const facts = this.facts;
    if (facts === undefined || (facts.paidAt === undefined && facts.status !== "unused")) return undefined;
    return Order.paidAtOf(facts);
  }

  /** Moves the screen to the clock's time (every second while something counts, and when a deadline passes). */
  tick(): void {
    this.now = this.ports.clock.now();
  }

  /**
   * A deadline between two ticks (a button that must go at its exact instant): a timer that moves
   * the screen just past `instant`. Answers its cancellation (the page leaves, or the deadline changed).
   */
  tickJustAfter(instant: number): () => void {
    const timer = setTimeout(this.tick, Math.max(0, instant - this.ports.clock.now()) + 1);
    return () => clearTimeout(timer);
  }

  /**
   * The page opened for `orderId`. Answers whether it is another order than the one held, which is
   * then dropped (the composing store drops its own state with it); opened again for the same
   * order, what it had stays on screen while it reloads.
   */
  switchTo(orderId: number): boolean {
    if (this.orderId === orderId) return false;
    this.orderId = orderId;
    this.detail = idle;
    return true;
  }

  /** While a code shows, every QR_POLL_MS (the page's clock): a quiet reload, whose failure says nothing. */
  poll(): void {
    void this.reload({ quiet: true });
  }

  /**
   * Asks the server for the open order. Answers it, stamped with the clock, for the store to
   * {@link show}; or undefined when it failed, or the page moved to another order meanwhile (a
   * late answer is dropped). A failure keeps what is on screen (or the store's `fallback`): opening
   * or retrying says why over it, a quiet poll says nothing, and with nothing shown the page's
   * error says it.
   */
  async fetchDetail(options: LoadOptions = {}, fallback?: (orderId: number, error: ApiError) => FailedLoadFallback): Promise<OrderEntry | undefined> {
    const orderId = this.orderId;
    if (orderId === undefined) return undefined;
    const previous = valueOf(this.detail);
    if (!options.quiet) this.detail = loading(previous);
    const answer = await run(this.ports.orders.detail(orderId));
    if (this.orderId !== orderId) return undefined;
    if (answer.ok) return entryOf(answer.value, this.ports.clock.now());
    runInAction(() => {
      const { kept, saidByPage } = fallback?.(orderId, answer.error) ?? NOTHING_KEPT;
      const shown = previous ?? kept;
      this.detail = failed(answer.error, shown);
      if (!options.quiet && shown !== undefined && !saidByPage) reportFailure(answer.error, this.i18n, this.notices);
    });
    return undefined;
  }

  /** Shows a fresh answer; the screen's time is its load's. */
  show(entry: OrderEntry): void {
    this.detail = loaded(entry);
    this.now = entry.loadedAt;
  }

  /** Shows a change the server confirmed without sending the detail again (a refund asked for); the screen's time stays. */
  amend(entry: OrderEntry): void {
    this.detail = loaded(entry);
  }

  /** Cancels the unpaid order (the customer confirmed) through the shared actions, then reloads. */
  async cancel(): Promise<void> {
    const entry = this.entry;
    if (entry !== undefined && (await this.actions.cancel(entry.order.order_id))) await this.reload();
  }

  /** Pays the unpaid order again through the shared actions, then reloads unless paying failed. */
  async pay(): Promise<void> {
    const entry = this.entry;
    if (entry === undefined) return;
    const outcome = await this.actions.pay(entry.order, "detail");
    if (outcome !== "failed") await this.reload();
  }

  /** Keeps the screen on while a code is scanned (the Wake Lock, where the browser allows); answers its release. */
  keepScreenOn(): () => void {
    return this.ports.browser.keepScreenOn();
  }
}
