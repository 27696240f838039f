import { payInfoOf, type ApiError, type AppPorts } from "@fuel/adapters/ports";
import { Maintenance, Routes, type Money } from "@fuel/domain";
import type { RechargeOrderCreateResponse, RechargeOrderCreated } from "@fuel/domain/api";
import { Effect } from "effect";
import { makeAutoObservable } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { CheckoutFlow, type CreateAnswer, type PayPhase } from "../checkout/CheckoutFlow.ts";
import { problem } from "../messages.ts";
import type { NavigationStore } from "../NavigationStore.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import type { SessionStore } from "../SessionStore.ts";
import { storeKind } from "../storeKind.ts";

/** What is being paid: a recharge of a card (/rechargeordernew) or a new card (/heartcard). */
export type CheckoutKind = "recharge" | "cardPurchase";

/** Where the key of the tap being paid is kept for this tab, per kind, until its order is settled. */
export const pendingCheckoutKey = (kind: CheckoutKind): string => `fuel.pendingCheckout.${kind}`;

/** One order to create and pay: the request (as its fingerprint), the payable, and the call that creates it with a key. */
export interface CheckoutOrder {
  readonly kind: CheckoutKind;
  /** The request as sent: the same request is the same action, so a retry sends the same key. */
  readonly fingerprint: string;
  /** What the pay sheet shows (the quote the server charges). */
  readonly payable: Money.Cents;
  readonly create: (idempotencyKey: string) => Effect.Effect<RechargeOrderCreateResponse, ApiError>;
  /** The order is paid or left unpaid to the order list: the page's draft is done. */
  readonly settled: () => void;
}

/**
 * What the pay button has set going (`PayPhase`), with the kind of order it is about, so each page
 * shows only its own. A failure may also be the channel's `result_msg` or the maintenance window.
 */
export type CheckoutPhase = { readonly _tag: "Idle" } | (Exclude<PayPhase, { readonly _tag: "Idle" }> & { readonly kind: CheckoutKind });

const taken = (answer: RechargeOrderCreateResponse): answer is RechargeOrderCreated => "order_id" in answer && answer.result_code === "000000";

/** Spec §8: the FY channel may not take the order; its `result_msg` is then the refusal, in its own words. */
const answerOf = (answer: RechargeOrderCreateResponse): CreateAnswer =>
  taken(answer) ? { _tag: "ToPay", orderId: answer.order_id, payInfo: payInfoOf(answer) } : { _tag: "NotTaken", message: answer.result_msg };

/**
 * Paying a fuel-card order through the FY channel: a recharge from /rechargeordernew or a new card
 * from /heartcard (spec §2, §4 payment result, §5 oauth rule, §8 result_msg and the maintenance
 * window), through the `CheckoutFlow` fuel orders are paid with: one tap is one action key kept
 * in `tabValues` (per kind) until the order is settled, paid is the server's word. Paid opens the
 * order's detail, cancelled the order list. The maintenance window stops it before any call.
 */
export class CardCheckoutStore {
  /** The kind of order the last tap was for: the flow's phase is about it. */
  private kind: CheckoutKind | undefined = undefined;
  readonly #checkout: CheckoutFlow;

  constructor(
    private readonly ports: Pick<AppPorts, "payments" | "payment" | "tabValues" | "newActionKey" | "clock">,
    session: SessionStore,
    private readonly i18n: I18nStore,
    notices: NoticeStore,
    navigation: NavigationStore,
  ) {
    this.#checkout = new CheckoutFlow(ports, session, i18n, notices, navigation);
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get phase(): CheckoutPhase {
    const phase = this.#checkout.phase;
    const kind = this.kind;
    return phase._tag === "Idle" || kind === undefined ? { _tag: "Idle" } : { ...phase, kind };
  }

  /** The button is busy from the tap until the answer (and while leaving the page afterwards). */
  get busy(): boolean {
    return this.#checkout.busy;
  }

  /** Spec §8/§9: card services are paused (2024-11-25 01:30-06:30 China time), by the device's clock. */
  get underMaintenance(): boolean {
    return Maintenance.isUnderMaintenance(this.ports.clock.now());
  }

  /** The page's phase, when the phase is about this kind of order. */
  phaseOf(kind: CheckoutKind): CheckoutPhase {
    return this.phase._tag === "Idle" || this.phase.kind === kind ? this.phase : { _tag: "Idle" };
  }

  /** A checkout page opened: a finished earlier payment's state does not carry over. */
  reset(): void {
    this.#checkout.reset();
  }

  /** The pay button of a checkout page, for `order`. */
  async pay(order: CheckoutOrder): Promise<void> {
    if (this.busy) return;
    this.kind = order.kind;
    if (this.underMaintenance) {
      this.#checkout.fail(problem("MaintenanceWindow"));
      return;
    }
    await this.#checkout.pay({
      pendingKey: pendingCheckoutKey(order.kind),
      fingerprint: order.fingerprint,
      payable: order.payable,
      create: (idempotencyKey) => Effect.map(order.create(idempotencyKey), answerOf),
      paidPath: Routes.rechargeOrderDetailPath,
      cancelledPath: () => Routes.ORDER_LIST_PATH,
      settled: order.settled,
    });
  }
}

export const cardCheckoutStore = storeKind((root) => new CardCheckoutStore(root.ports, root.session, root.i18n, root.notices, root.navigation));
