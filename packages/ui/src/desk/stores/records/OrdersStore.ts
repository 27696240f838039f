import type { DeskOrdersResponse, DeskStation } from "@fuel/domain/api";
import { DeskPlacesApi } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import { entryOf, type OrderEntry } from "../../../stores/orders/OrderEntry.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem, describeDeskError } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import { daysReversed, NO_ORDER_PARAMS, ordersExportQueryOf, ordersListQueryOf, type OrderListParams } from "./orderListParams.ts";
import { readOrderSearch, type OrderSearch } from "./orderSearch.ts";

/** A page of orders as the list shows it: each kept with the time it was loaded, so its status reads as the customer's does. */
export interface OrdersPage {
  readonly entries: ReadonlyArray<OrderEntry>;
  readonly total: number;
  readonly page: number;
  readonly pageSize: DeskOrdersResponse["page_size"];
}

/** The list's load: asked, answered, or failed (why, with a retry). */
export type OrdersLoad =
  | { readonly kind: "idle" }
  | { readonly kind: "loading" }
  | { readonly kind: "loaded"; readonly page: OrdersPage }
  | { readonly kind: "failed"; readonly problem: Problem };

/**
 * The admin's order list (issues 26, 34): what is typed in the one search box, the list's
 * parameters (search, filters, sort, page: the address's, `orderListParams.ts`), the page the
 * server answered with the total, and the stations for the station filter. A failed load keeps
 * nothing stale: the rows go, the reason shows with a retry.
 */
export class OrdersStore {
  typed = "";
  params: OrderListParams = NO_ORDER_PARAMS;
  load: OrdersLoad = { kind: "idle" };
  /** Why the box or the filters were refused before any call (blank box, reversed days). */
  formProblem: Problem | undefined = undefined;
  stations: ReadonlyArray<DeskStation> = [];
  private generation = 0;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get loading(): boolean {
    return this.load.kind === "loading";
  }

  /** What the search the rows are for was read as, if there is one. */
  get search(): OrderSearch | undefined {
    return readOrderSearch(this.params.q);
  }

  get problemText(): string | undefined {
    return this.load.kind === "failed" ? describeDeskError(this.load.problem, this.i18n) : undefined;
  }

  get formProblemText(): string | undefined {
    return this.formProblem === undefined ? undefined : describeDeskError(this.formProblem, this.i18n);
  }

  get filtered(): boolean {
    const p = this.params;
    return p.status !== undefined || p.type !== undefined || p.station !== undefined || p.from !== "" || p.to !== "";
  }

  /** The download of every order the filters select (all pages), in the admin's language. */
  get exportHref(): string {
    const query = new URLSearchParams(Object.entries(ordersExportQueryOf(this.params, this.i18n.locale)).map(([k, v]) => [k, String(v)]));
    return `${DeskPlacesApi.deskOrdersExport.path}?${query.toString()}`;
  }

  setTyped(typed: string): void {
    this.typed = typed;
    this.formProblem = undefined;
  }

  /** What the box holds, checked before it goes into the address: undefined (and why) when it is blank. */
  submitted(): string | undefined {
    if (readOrderSearch(this.typed) === undefined) {
      this.formProblem = deskProblem("desk.records.searchRequired");
      return undefined;
    }
    this.formProblem = undefined;
    return this.typed.trim();
  }

  /** The stations the station filter offers (once; the list works without them). */
  async loadStations(): Promise<void> {
    if (this.stations.length > 0) return;
    const answer = await run(this.ports.api.call("deskStations", {}));
    runInAction(() => {
      if (answer.ok) this.stations = answer.value.stations;
    });
  }

  /** Shows the list the address's parameters name: reversed days are refused here, before any call. */
  async show(params: OrderListParams): Promise<void> {
    this.params = params;
    this.typed = params.q;
    const generation = ++this.generation;
    if (daysReversed(params)) {
      this.formProblem = deskProblem("desk.records.audit.rangeReversed");
      this.load = { kind: "idle" };
      return;
    }
    this.formProblem = undefined;
    this.load = { kind: "loading" };
    const answer = await run(this.ports.api.call("deskOrders", ordersListQueryOf(params)));
    const loadedAt = this.ports.now();
    runInAction(() => {
      // Newer parameters went out meanwhile: their answer is the one to show.
      if (generation !== this.generation) return;
      this.load = answer.ok
        ? { kind: "loaded", page: { entries: answer.value.orders.map((order) => entryOf(order, loadedAt)), total: answer.value.total, page: answer.value.page, pageSize: answer.value.page_size } }
        : { kind: "failed", problem: answer.error };
    });
  }

  retry(): Promise<void> {
    return this.show(this.params);
  }
}
