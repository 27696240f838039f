import type { DeskOrderResponse } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import { entryOf, type OrderEntry } from "../../../stores/orders/OrderEntry.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { describeDeskError } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";

/** One order whole, as the server answered it, and the time it was loaded (its status is read at that time). */
export interface LoadedOrderRecord {
  readonly record: DeskOrderResponse;
  readonly entry: OrderEntry;
}

/**
 * One order at the desk (issue 26): the customer's view of it, its refund, payments and every QR
 * code issued for it. Read only; a failure (no such order, no network) shows with a retry.
 */
export class OrderDetailStore {
  loaded: LoadedOrderRecord | undefined = undefined;
  loading = false;
  problem: Problem | undefined = undefined;
  private orderId = 0;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get problemText(): string | undefined {
    return this.problem === undefined ? undefined : describeDeskError(this.problem, this.i18n);
  }

  async load(orderId: number): Promise<void> {
    this.orderId = orderId;
    this.loading = true;
    this.problem = undefined;
    const answer = await run(this.ports.api.call("deskOrder", { order_id: orderId }));
    const loadedAt = this.ports.now();
    runInAction(() => {
      if (this.orderId !== orderId) return;
      this.loading = false;
      if (answer.ok) this.loaded = { record: answer.value, entry: entryOf(answer.value.order, loadedAt) };
      else {
        this.loaded = undefined;
        this.problem = answer.error;
      }
    });
  }

  retry(): Promise<void> {
    return this.load(this.orderId);
  }
}
