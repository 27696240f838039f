import { payAndConfirm, payInfoOf, type ApiError, type AppPorts, type PayError } from "@fuel/adapters/ports";
import { Constants, Maintenance, type Money, Validation } from "@fuel/domain";
import type { RechargeOrderCreateResponse, RechargeOrderCreated } from "@fuel/domain/api";
import { Result, type Effect } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { valueOf } from "../Load.ts";
import { describeError } from "../messages.ts";
import type { NavigationStore } from "../NavigationStore.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import type { SessionStore } from "../SessionStore.ts";
import { storeKind } from "../storeKind.ts";

/** How long the server is asked whether the money arrived after the sheet said 'ok' (as for fuel orders). */
export const CONFIRM_ATTEMPTS = 10;
export const CONFIRM_INTERVAL_MS = 1_500;

/** Spec §2 routes the paying flow leads to. */
export const ORDER_LIST_PATH = "/orderlist";
export const WECHAT_LOGIN_PATH = "/wechatlogin";
/** Spec §2 /orderDetail/2/:id: a fuel-card recharge order's detail (a card purchase is one too). */
export const rechargeOrderPath = (orderId: number): string => `/orderDetail/2/${orderId}`;

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

/** What the pay button has set going. */
export type CheckoutPhase =
  | { readonly _tag: "Idle" }
  /** The order is being created (or its first answer fetched again with the same key). */
  | { readonly _tag: "Creating"; readonly kind: CheckoutKind }
  | { readonly _tag: "Paying"; readonly kind: CheckoutKind; readonly orderId: number }
  /** The sheet said 'ok'; the server's word is awaited. */
  | { readonly _tag: "Confirming"; readonly kind: CheckoutKind; readonly orderId: number }
  | { readonly _tag: "Paid"; readonly kind: CheckoutKind; readonly orderId: number }
  /** Not confirmed within the bounded wait: 'payment being confirmed', not a failure. */
  | { readonly _tag: "Pending"; readonly kind: CheckoutKind; readonly orderId: number }
  /** No messaging-app identity (spec §5): the message shows, then /wechatlogin after 2 s. */
  | { readonly _tag: "NeedsOauth"; readonly kind: CheckoutKind }
  /** A refusal, the channel's `result_msg`, a failed payment, the maintenance window; the pay button works again. */
  | { readonly _tag: "Failed"; readonly kind: CheckoutKind; readonly message: string };

/** The tap being paid: its key, the request it was for, and its order once created. */
interface PendingTap {
  readonly key: string;
  readonly fingerprint: string;
  readonly orderId?: number;
}

const readPending = (raw: string | null): PendingTap | undefined => {
  if (raw === null) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<PendingTap>;
    return typeof v.key === "string" && typeof v.fingerprint === "string" ? (v as PendingTap) : undefined;
  } catch {
    return undefined;
  }
};

const taken = (answer: RechargeOrderCreateResponse): answer is RechargeOrderCreated => "order_id" in answer && answer.result_code === "000000";

/**
 * Paying a fuel-card order through the FY channel: a recharge from /rechargeordernew or a new card
 * from /heartcard (spec §2, §4 payment result, §5 oauth rule, §8 result_msg and the maintenance
 * window). As for fuel orders (`FuelOrderStore`): one tap is one action key (`newActionKey`), kept
 * in `tabValues` until the order is settled, so a second tap, a retry after a timeout or a reload
 * during payment send the same key and the server answers the first order; paid is the server's
 * word (`payAndConfirm`), never the sheet's. The channel may not take the order
 * (`RechargeOrderNotTaken`): its `result_msg` is shown and nothing is paid.
 */
export class CardCheckoutStore {
  phase: CheckoutPhase = { _tag: "Idle" };
  #redirect: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "payments" | "payment" | "tabValues" | "newActionKey" | "clock">,
    private readonly session: SessionStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The button is busy from the tap until the answer (and while leaving the page afterwards). */
  get busy(): boolean {
    const tag = this.phase._tag;
    return tag !== "Idle" && tag !== "Failed";
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
    const tag = this.phase._tag;
    if (tag === "Failed" || tag === "Paid" || tag === "Pending") this.phase = { _tag: "Idle" };
  }

  /** The pay button of a checkout page, for `order`. */
  async pay(order: CheckoutOrder): Promise<void> {
    if (this.busy) return;
    const { kind } = order;
    if (this.underMaintenance) {
      this.fail(kind, this.i18n.t("MaintenanceWindow"));
      return;
    }
    this.phase = { _tag: "Creating", kind };

    if (this.session.user._tag !== "Loaded") await this.session.loadUser();
    const oauthId = valueOf(this.session.user)?.oauth_id;
    if (Result.isFailure(Validation.validatePaymentAuthorized(oauthId))) {
      this.needsOauth(kind);
      return;
    }

    const storeKey = pendingCheckoutKey(kind);
    const earlier = readPending(this.ports.tabValues.get(storeKey));
    const key = earlier !== undefined && earlier.fingerprint === order.fingerprint ? earlier.key : this.ports.newActionKey();
    this.keep(kind, { key, fingerprint: order.fingerprint });

    const created = await run(order.create(key));
    if (!created.ok) {
      this.fail(kind, describeError(created.error, this.i18n));
      return;
    }
    const answer = created.value;
    if (!taken(answer)) {
      // Spec §8: the channel would not take the order. That answer is final for this request, so
      // the next tap is a new action rather than a replay of this refusal.
      this.forget(kind);
      this.fail(kind, answer.result_msg);
      return;
    }
    const orderId = answer.order_id;
    this.keep(kind, { key, fingerprint: order.fingerprint, orderId });
    runInAction(() => (this.phase = { _tag: "Paying", kind, orderId }));

    const concluded = await run(
      payAndConfirm(
        this.ports.payment,
        this.ports.payments,
        { orderId, payInfo: payInfoOf(answer), amountCents: order.payable, oauthId },
        { attempts: CONFIRM_ATTEMPTS, intervalMs: CONFIRM_INTERVAL_MS, onConfirming: () => runInAction(() => (this.phase = { _tag: "Confirming", kind, orderId })) },
      ),
    );
    if (!concluded.ok) {
      this.payFailed(kind, concluded.error);
      return;
    }
    switch (concluded.value.kind) {
      case "paid":
        this.settle(order);
        runInAction(() => (this.phase = { _tag: "Paid", kind, orderId }));
        this.notices.show(this.i18n.t("order.paid"), "success");
        this.navigation.go(rechargeOrderPath(orderId), { replace: true });
        return;
      case "cancelled":
        // Spec §4: cancel leads to the order list, where the unpaid order waits to be paid.
        this.settle(order);
        runInAction(() => (this.phase = { _tag: "Idle" }));
        this.notices.show(this.i18n.t("order.payCancelled"), "info");
        this.navigation.go(ORDER_LIST_PATH, { replace: true });
        return;
      case "pending":
        // The key stays: a reload and another tap must find this order, not make a second.
        runInAction(() => (this.phase = { _tag: "Pending", kind, orderId }));
        return;
    }
  }

  private needsOauth(kind: CheckoutKind): void {
    runInAction(() => (this.phase = { _tag: "NeedsOauth", kind }));
    this.notices.show(this.i18n.t("OauthRequired"), "fail");
    clearTimeout(this.#redirect);
    this.#redirect = setTimeout(() => {
      runInAction(() => (this.phase = { _tag: "Idle" }));
      this.navigation.go(WECHAT_LOGIN_PATH);
    }, Constants.PAYMENT_AUTH_REDIRECT_DELAY_MS);
  }

  private payFailed(kind: CheckoutKind, error: PayError | ApiError): void {
    if (error._tag === "OauthRequired") {
      this.needsOauth(kind);
      return;
    }
    const text = error._tag === "PaymentFailed" ? this.i18n.t("order.payFailed", { reason: error.message }) : describeError(error, this.i18n);
    this.fail(kind, text);
  }

  private fail(kind: CheckoutKind, message: string): void {
    runInAction(() => (this.phase = { _tag: "Failed", kind, message }));
    this.notices.show(message, "fail");
  }

  private keep(kind: CheckoutKind, tap: PendingTap): void {
    this.ports.tabValues.set(pendingCheckoutKey(kind), JSON.stringify(tap));
  }

  private forget(kind: CheckoutKind): void {
    this.ports.tabValues.set(pendingCheckoutKey(kind), null);
  }

  /** Paid, or left to the order list: the next tap is a new action, the page's draft is done. */
  private settle(order: CheckoutOrder): void {
    this.forget(order.kind);
    order.settled();
  }
}

export const cardCheckoutStore = storeKind((root) => new CardCheckoutStore(root.ports, root.session, root.i18n, root.notices, root.navigation));
