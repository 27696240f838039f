import { Money, Validation } from "@fuel/domain";
import type { DeskQueueResponse } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import type { NoticeStore } from "../../../stores/NoticeStore.ts";
import { run } from "../../../stores/run.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { deskProblem, describeDeskError } from "../deskMessages.ts";
import type { DeskPorts } from "../DeskPorts.ts";

/** One order waiting for the distributor, as the server sends it. */
export type WaitingOrder = DeskQueueResponse["orders"][number];

/** The queue as last read: the first load, the orders (oldest payment first), or why it could not be read. */
export type QueueList =
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Loaded"; readonly orders: ReadonlyArray<WaitingOrder> }
  | { readonly _tag: "Failed"; readonly problem: Problem };

/** A settlement on its way: which order, which way (one at a time: the buttons wait for it). */
export interface Settling {
  readonly orderId: number;
  readonly result: "done" | "rejected";
}

/** The rejection being written: for which order, the reason typed so far, and why it cannot be sent yet. */
export interface RejectDraft {
  readonly order: WaitingOrder;
  readonly reason: string;
  readonly problem: Problem | undefined;
}

/**
 * The distributor's queue (issue 26): paid recharges and card purchases waiting, as the server
 * orders them; 'done', or 'rejected' with the reason the customer reads. A settled order leaves
 * the list; a refusal (settled meanwhile, the customer's refund came first) is said and the list
 * read again; a network failure changed nothing and says so.
 */
export class QueueStore {
  list: QueueList = { _tag: "Loading" };
  /** A reload of a list already shown (the list stays while it runs). */
  reloading = false;
  settling: Settling | undefined = undefined;
  /** Why the last settlement did not happen, shown above the list until the next act. */
  actProblem: Problem | undefined = undefined;
  rejecting: RejectDraft | undefined = undefined;
  /** The clock the 'waiting for' of each row is read against; {@link tick} moves it on. */
  now: number;

  constructor(
    private readonly ports: DeskPorts,
    private readonly i18n: DeskI18n,
    private readonly notices: NoticeStore,
  ) {
    this.now = ports.now();
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get orders(): ReadonlyArray<WaitingOrder> {
    return this.list._tag === "Loaded" ? this.list.orders : [];
  }

  async load(): Promise<void> {
    if (this.reloading) return;
    if (this.list._tag === "Loaded") this.reloading = true;
    else this.list = { _tag: "Loading" };
    const answer = await run(this.ports.api.call("deskQueue", {}));
    runInAction(() => {
      this.reloading = false;
      this.now = this.ports.now();
      if (answer.ok) this.list = { _tag: "Loaded", orders: answer.value.orders };
      // A failed reload keeps the list on screen and says why above it.
      else if (this.list._tag === "Loaded") this.actProblem = answer.error;
      else this.list = { _tag: "Failed", problem: answer.error };
    });
  }

  tick(): void {
    this.now = this.ports.now();
  }

  /** Settles an order 'done' (the screen has confirmed it with the distributor). */
  done(order: WaitingOrder): Promise<boolean> {
    return this.settle(order, "done", undefined);
  }

  startRejecting(order: WaitingOrder): void {
    if (this.settling !== undefined) return;
    this.actProblem = undefined;
    this.rejecting = { order, reason: "", problem: undefined };
  }

  setReason(reason: string): void {
    if (this.rejecting !== undefined) this.rejecting = { ...this.rejecting, reason, problem: undefined };
  }

  cancelRejecting(): void {
    if (this.settling === undefined) this.rejecting = undefined;
  }

  /** Sends the rejection being written; a blank reason is refused before any call (the customer must read why). */
  async reject(): Promise<boolean> {
    const draft = this.rejecting;
    if (draft === undefined) return false;
    const reason = Validation.cleanFreeText(draft.reason);
    if (reason === "") {
      this.rejecting = { ...draft, problem: { _tag: "RejectionReasonMissing" } };
      return false;
    }
    const settled = await this.settle(draft.order, "rejected", reason);
    if (settled) runInAction(() => (this.rejecting = undefined));
    return settled;
  }

  /** The card an order puts money on, as the distributor names it: its number, or a new virtual card. */
  cardOf(order: WaitingOrder): string {
    return order.issues_card || order.card_num === null ? this.i18n.t("desk.distributor.newCard") : order.card_num;
  }

  private async settle(order: WaitingOrder, result: "done" | "rejected", reason: string | undefined): Promise<boolean> {
    if (this.settling !== undefined) return false;
    this.settling = { orderId: order.order_id, result };
    this.actProblem = undefined;
    const answer = await run(this.ports.api.call("deskSettle", { order_id: order.order_id, result, ...(reason === undefined ? {} : { reason }) }));
    runInAction(() => (this.settling = undefined));
    if (answer.ok) {
      runInAction(() => {
        if (this.list._tag === "Loaded") this.list = { _tag: "Loaded", orders: this.list.orders.filter((o) => o.order_id !== order.order_id) };
      });
      this.notices.show(this.settledText(order, result), "success");
      return true;
    }
    const problem = answer.error;
    if (problem._tag === "Offline") {
      // Nothing reached the server: the order is still waiting, as the list shows.
      runInAction(() => (this.actProblem = problem));
      return false;
    }
    // Refused (settled meanwhile, refunded) or no answer in time: the server's list tells what is so now.
    runInAction(() => {
      this.actProblem = problem._tag === "TimedOut" ? deskProblem("desk.distributor.settleUnknown") : problem;
      this.rejecting = undefined;
    });
    this.notices.show(describeDeskError(this.actProblem ?? problem, this.i18n), "fail");
    await this.load();
    return false;
  }

  private settledText(order: WaitingOrder, result: "done" | "rejected"): string {
    const amount = Money.formatYuan(order.order_amount);
    if (result === "rejected") return this.i18n.t("desk.distributor.settledRejected", { amount: Money.formatYuan(order.amount), phone: order.phone });
    return order.issues_card || order.card_num === null
      ? this.i18n.t("desk.distributor.settledDoneNewCard", { amount, phone: order.phone })
      : this.i18n.t("desk.distributor.settledDone", { amount, card: order.card_num });
  }
}
