import type { AppPorts } from "@fuel/adapters/ports";
import { Order } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { reportFailure } from "../failures.ts";
import { failed, idle, loaded, loading, valueOf, type Load } from "../Load.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import { entryOf, secondsLeftToPay, type OrderEntry } from "./OrderEntry.ts";
import { orderActionsStore, type OrderActionsStore } from "./OrderActionsStore.ts";
import { storeKind } from "../storeKind.ts";

/** The orders of one tab loaded so far: pages 1..`page` of `lastPage`. */
export interface TabPages {
  readonly entries: ReadonlyArray<OrderEntry>;
  readonly page: number;
  readonly lastPage: number;
  readonly total: number;
}

/** What one tab remembers while the customer looks at another (issue 12: its list and its scroll). */
export interface TabState {
  list: Load<TabPages>;
  /** A further page is on its way. */
  loadingMore: boolean;
  /** The window's scroll offset when the customer left the tab. */
  scrollTop: number;
  /** Something changed orders (a cancel, a payment): reload when the tab shows again. */
  stale: boolean;
}

const newTab = (): TabState => ({ list: idle, loadingMore: false, scrollTop: 0, stale: false });

/** Whether a text names a tab (the `?tab=` of /orderlist). */
export const isOrderListTab = (text: string | null | undefined): text is Order.OrderListTab =>
  (Order.ORDER_LIST_TABS as ReadonlyArray<string>).includes(text ?? "");

/**
 * The order list (spec §2 /orderlist): the tabs all, unpaid, unused, used and expired
 * (`Order.ORDER_LIST_TABS`, each asking `orders.list(page, tab)`, pages of 10), each keeping its
 * own orders and scroll position; further pages when scrolled to the bottom; pull to refresh.
 * `now` is the clock at the last tick: unpaid orders count down from `count` and turn cancelled
 * at 0 (`Order.expireIfDue`) without a reload.
 */
export class OrderListStore {
  tab: Order.OrderListTab = "all";
  readonly tabs: Record<Order.OrderListTab, TabState> = {
    all: newTab(),
    unpaid: newTab(),
    unused: newTab(),
    used: newTab(),
    expired: newTab(),
  };
  now: number;

  constructor(
    private readonly ports: Pick<AppPorts, "orders" | "clock">,
    readonly actions: OrderActionsStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
  ) {
    this.now = ports.clock.now();
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get current(): TabState {
    return this.tabs[this.tab];
  }

  /** The orders of a tab to show, or undefined before its first page is in. */
  entries(tab: Order.OrderListTab = this.tab): ReadonlyArray<OrderEntry> | undefined {
    return valueOf(this.tabs[tab].list)?.entries;
  }

  /** Whether a tab has pages beyond those loaded (InfiniteScroll's `hasMore`). */
  hasMore(tab: Order.OrderListTab = this.tab): boolean {
    const state = this.tabs[tab];
    const pages = valueOf(state.list);
    if (pages === undefined) return state.list._tag !== "Failed";
    return pages.page < pages.lastPage && state.list._tag !== "Failed";
  }

  /** Whether any shown order counts down (the page ticks only then). */
  get counting(): boolean {
    return (this.entries() ?? []).some((e) => secondsLeftToPay(e, this.now) > 0);
  }

  /** Moves the countdowns to the clock's time (the page calls this every second while one runs). */
  tick(): void {
    this.now = this.ports.clock.now();
  }

  /** The page opened on `tab` (or the customer switched to it): its first page unless it has one already. */
  async show(tab: Order.OrderListTab): Promise<void> {
    this.tab = tab;
    const state = this.tabs[tab];
    if (state.list._tag === "Loading") return;
    if (state.list._tag === "Idle" || state.stale) await this.load(tab);
  }

  /** Keeps the scroll offset of the tab being left. */
  rememberScroll(tab: Order.OrderListTab, scrollTop: number): void {
    this.tabs[tab].scrollTop = scrollTop;
  }

  /** Pull to refresh: the current tab from its first page again. */
  async refresh(): Promise<void> {
    await this.load(this.tab);
  }

  /**
   * The next page of the current tab (scrolled to the bottom). Resolves false when it failed, so
   * the list offers to try again; the orders already shown stay.
   */
  async loadMore(): Promise<boolean> {
    const tab = this.tab;
    const state = this.tabs[tab];
    const pages = valueOf(state.list);
    if (pages === undefined) {
      await this.load(tab);
      return this.tabs[tab].list._tag === "Loaded";
    }
    if (state.loadingMore || pages.page >= pages.lastPage) return true;
    state.loadingMore = true;
    const answer = await run(this.ports.orders.list(pages.page + 1, tab));
    return runInAction(() => {
      state.loadingMore = false;
      if (!answer.ok) {
        reportFailure(answer.error, this.i18n, this.notices);
        return false;
      }
      const at = this.ports.clock.now();
      const seen = new Set(pages.entries.map((e) => e.order.order_id));
      // An order placed meanwhile shifts the pages by one: an order already shown is not shown twice.
      const fresh = answer.value.data.filter((o) => !seen.has(o.order_id)).map((o) => entryOf(o, at));
      state.list = loaded({
        entries: [...pages.entries, ...fresh],
        page: answer.value.current_page,
        lastPage: answer.value.last_page,
        total: answer.value.total,
      });
      return true;
    });
  }

  /** Cancels an unpaid order (the page asked for confirmation); then the list refreshes and the other tabs reload when shown. */
  async cancel(orderId: number): Promise<void> {
    if (await this.actions.cancel(orderId)) await this.changed();
  }

  /** Pays an unpaid order again; the list then shows where it stands. */
  async pay(order: WireOrder): Promise<void> {
    const outcome = await this.actions.pay(order, "list");
    if (outcome !== "failed") await this.changed();
  }

  /** Orders changed: every tab is stale, the current one reloads now. */
  private async changed(): Promise<void> {
    for (const tab of Order.ORDER_LIST_TABS) this.tabs[tab].stale = true;
    await this.load(this.tab);
  }

  private async load(tab: Order.OrderListTab): Promise<void> {
    const state = this.tabs[tab];
    const previous = valueOf(state.list);
    state.list = loading(previous);
    state.stale = false;
    const answer = await run(this.ports.orders.list(1, tab));
    runInAction(() => {
      if (answer.ok) {
        const at = this.ports.clock.now();
        state.list = loaded({
          entries: answer.value.data.map((o) => entryOf(o, at)),
          page: answer.value.current_page,
          lastPage: answer.value.last_page,
          total: answer.value.total,
        });
        this.now = at;
        return;
      }
      state.list = failed(answer.error, previous);
      if (previous !== undefined) reportFailure(answer.error, this.i18n, this.notices);
    });
  }
}

/** Built the first time /orderlist opens (../storeKind.ts). */
export const orderListStore = storeKind((root) => new OrderListStore(root.ports, root.use(orderActionsStore), root.i18n, root.notices));
