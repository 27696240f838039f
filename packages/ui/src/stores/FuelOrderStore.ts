import { payAndConfirm, payInfoOf, type AppPorts, type PayError } from "@fuel/adapters/ports";
import { Constants, Validation } from "@fuel/domain";
import type { DraftOrder, PayType } from "@fuel/domain/api";
import { Result } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import type { ConfirmedDraft, FuelDraftStore } from "./FuelDraftStore.ts";
import { valueOf } from "./Load.ts";
import { describeError } from "./messages.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run } from "./run.ts";
import type { SessionStore } from "./SessionStore.ts";

/** Where the key of the tap being paid is kept for this tab, until its order is settled. */
export const PENDING_ORDER_KEY = "fuel.pendingFuelOrder";

/**
 * How long the server is asked whether the money arrived after the sheet said 'ok': the channel's
 * notification usually follows within a second or two; after ~15 s the order list settles it.
 */
export const CONFIRM_ATTEMPTS = 10;
export const CONFIRM_INTERVAL_MS = 1_500;

/** Spec §2/§5 routes the paying flow leads to. */
export const ORDER_LIST_PATH = "/orderlist";
export const WECHAT_LOGIN_PATH = "/wechatlogin";
export const orderDetailPath = (orderId: number): string => `/orderDetail/${orderId}`;

/** What the pay button has set going. */
export type PayPhase =
  | { readonly _tag: "Idle" }
  /** The order is being created (or its first answer fetched again with the same key). */
  | { readonly _tag: "Creating" }
  /** The pay sheet is open. */
  | { readonly _tag: "Paying"; readonly orderId: number }
  /** The sheet said 'ok'; the server's word is awaited. */
  | { readonly _tag: "Confirming"; readonly orderId: number }
  | { readonly _tag: "Paid"; readonly orderId: number }
  /** The server had not confirmed within the bounded wait: 'payment being confirmed', not a failure. */
  | { readonly _tag: "Pending"; readonly orderId: number }
  /** No messaging-app identity (spec §5): the message shows, then /wechatlogin. */
  | { readonly _tag: "NeedsOauth" }
  /** A refusal or a failed payment; the message says which. The pay button works again. */
  | { readonly _tag: "Failed"; readonly message: string };

/** The tap being paid: its key, the draft it was for, and its order once created. */
interface PendingTap {
  readonly key: string;
  readonly draft: string;
  readonly orderId?: number;
}

const readPending = (raw: string | null): PendingTap | undefined => {
  if (raw === null) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<PendingTap>;
    return typeof v.key === "string" && typeof v.draft === "string" ? (v as PendingTap) : undefined;
  } catch {
    return undefined;
  }
};

/** The wire draft of spec §3 (order_amount is cents as a string). */
const wireDraft = (draft: ConfirmedDraft): DraftOrder => ({
  gas_Type: Constants.DIESEL_0,
  order_amount: String(draft.amount),
  phone: draft.phone,
  station_id: draft.station.id,
  ...(draft.remark === "" ? {} : { remark: draft.remark }),
  paytype: draft.paytype,
});

/**
 * Paying a one-key fuel order from its checklist (spec §2 /order, /orderNew; §4 payment result; §5
 * oauth rule). One tap is one action key (`newActionKey`), kept in `tabValues` until the order is
 * settled: a retry after a timeout, a second tap, or a reload during payment sends the same key,
 * and the server answers the first order instead of creating another. Paid means the server says
 * so (`payAndConfirm`), never the sheet alone.
 */
export class FuelOrderStore {
  phase: PayPhase = { _tag: "Idle" };
  #redirect: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "orders" | "payments" | "payment" | "tabValues" | "newActionKey">,
    private readonly drafts: FuelDraftStore,
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

  /** The checklist opened: a finished earlier payment's state does not carry over. */
  reset(): void {
    if (this.phase._tag === "Failed" || this.phase._tag === "Paid" || this.phase._tag === "Pending") this.phase = { _tag: "Idle" };
  }

  /** The checklist's pay button for the draft, through `paytype`'s channel. */
  async pay(paytype: PayType): Promise<void> {
    if (this.busy) return;
    const confirmed = this.drafts.confirmed;
    if (confirmed === undefined) return;
    const draft = wireDraft({ ...confirmed, paytype });
    this.phase = { _tag: "Creating" };

    if (this.session.user._tag !== "Loaded") await this.session.loadUser();
    const oauthId = valueOf(this.session.user)?.oauth_id;
    if (Result.isFailure(Validation.validatePaymentAuthorized(oauthId))) {
      this.needsOauth();
      return;
    }

    const fingerprint = JSON.stringify(draft);
    const earlier = readPending(this.ports.tabValues.get(PENDING_ORDER_KEY));
    const key = earlier !== undefined && earlier.draft === fingerprint ? earlier.key : this.ports.newActionKey();
    this.keep({ key, draft: fingerprint });

    const created = await run(this.ports.orders.create(draft, { idempotencyKey: key }));
    if (!created.ok) {
      this.fail(describeError(created.error, this.i18n));
      return;
    }
    const orderId = created.value.order_id;
    this.keep({ key, draft: fingerprint, orderId });
    runInAction(() => (this.phase = { _tag: "Paying", orderId }));

    const concluded = await run(
      payAndConfirm(
        this.ports.payment,
        this.ports.payments,
        { orderId, payInfo: payInfoOf(created.value), amountCents: confirmed.quote.payable, oauthId },
        { attempts: CONFIRM_ATTEMPTS, intervalMs: CONFIRM_INTERVAL_MS, onConfirming: () => runInAction(() => (this.phase = { _tag: "Confirming", orderId })) },
      ),
    );
    if (!concluded.ok) {
      this.payFailed(concluded.error);
      return;
    }
    const next = paytype === "fy" ? orderDetailPath(orderId) : ORDER_LIST_PATH;
    switch (concluded.value.kind) {
      case "paid":
        this.settled();
        runInAction(() => (this.phase = { _tag: "Paid", orderId }));
        this.notices.show(this.i18n.t("order.paid"), "success");
        this.navigation.go(next, { replace: true });
        return;
      case "cancelled":
        // Spec §4: cancel also leads to the order list, where the unpaid order waits to be paid.
        this.settled();
        runInAction(() => (this.phase = { _tag: "Idle" }));
        this.notices.show(this.i18n.t("order.payCancelled"), "info");
        this.navigation.go(next, { replace: true });
        return;
      case "pending":
        // The key stays: a reload and another tap must find this order, not make a second.
        runInAction(() => (this.phase = { _tag: "Pending", orderId }));
        return;
    }
  }

  /** Where a pending payment can be followed up (the order's detail for FY, the order list otherwise). */
  followUpPath(paytype: PayType, orderId: number): string {
    return paytype === "fy" ? orderDetailPath(orderId) : ORDER_LIST_PATH;
  }

  private needsOauth(): void {
    this.phase = { _tag: "NeedsOauth" };
    this.notices.show(this.i18n.t("OauthRequired"), "fail");
    clearTimeout(this.#redirect);
    this.#redirect = setTimeout(() => {
      runInAction(() => (this.phase = { _tag: "Idle" }));
      this.navigation.go(WECHAT_LOGIN_PATH);
    }, Constants.PAYMENT_AUTH_REDIRECT_DELAY_MS);
  }

  private payFailed(error: PayError | { readonly _tag: string; readonly message?: string }): void {
    if (error._tag === "OauthRequired") {
      this.needsOauth();
      return;
    }
    const text = error._tag === "PaymentFailed" ? this.i18n.t("order.payFailed", { reason: error.message ?? "" }) : describeError(error, this.i18n);
    this.fail(text);
  }

  private fail(message: string): void {
    runInAction(() => (this.phase = { _tag: "Failed", message }));
    this.notices.show(message, "fail");
  }

  private keep(tap: PendingTap): void {
    this.ports.tabValues.set(PENDING_ORDER_KEY, JSON.stringify(tap));
  }

  /** The order is paid or left to the order list: the next tap is a new action, the draft is done. */
  private settled(): void {
    this.ports.tabValues.set(PENDING_ORDER_KEY, null);
    this.drafts.clear();
  }
}
