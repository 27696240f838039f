import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import { entryOf, type OrderEntry } from "../../../stores/orders/OrderEntry.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem, describeDeskError } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";
import { ordersQueryOf, readOrderSearch, type OrderSearch } from "./orderSearch.ts";

/**
 * The admin's order search (issue 26): what is typed in the one box, what it was read as, and the
 * orders the server found (newest first, at most 100), each kept with the time it was loaded so
 * its status reads as the customer's does (`OrderEntry`). A failed search keeps nothing stale:
 * the results go, the reason shows with a retry.
 */
export class OrdersStore {
  typed = "";
  /** The search last sent: what the results are for. */
  search: OrderSearch | undefined = undefined;
  results: ReadonlyArray<OrderEntry> | undefined = undefined;
  loading = false;
  problem: Problem | undefined = undefined;
  private generation = 0;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get problemText(): string | undefined {
    return this.problem === undefined ? undefined : describeDeskError(this.problem, this.i18n);
  }

  setTyped(typed: string): void {
    this.typed = typed;
  }

  /** What the box holds, checked before it goes into the address: undefined (and why) when it is blank. */
  submitted(): string | undefined {
    if (readOrderSearch(this.typed) === undefined) {
      this.problem = deskProblem("desk.records.searchRequired");
      return undefined;
    }
    this.problem = undefined;
    return this.typed.trim();
  }

  /** Searches for `typed` (the address's `q`): read as a phone, order number or merchant number. */
  async find(typed: string): Promise<void> {
    this.typed = typed;
    const generation = ++this.generation;
    const search = readOrderSearch(typed);
    this.search = search;
    this.results = undefined;
    this.problem = undefined;
    if (search === undefined) return;
    this.loading = true;
    const answer = await run(this.ports.api.call("deskOrders", ordersQueryOf(search)));
    const loadedAt = this.ports.now();
    runInAction(() => {
      // A newer search went out meanwhile: its answer is the one to show.
      if (generation !== this.generation) return;
      this.loading = false;
      if (answer.ok) this.results = answer.value.orders.map((order) => entryOf(order, loadedAt));
      else this.problem = answer.error;
    });
  }

  retry(): Promise<void> {
    return this.find(this.typed);
  }
}
