import { payAndConfirm, type ApiError, type AppPorts, type PayError } from "@fuel/adapters/ports";
import { type Money, Validation } from "@fuel/domain";
import type { PayInfo } from "@fuel/domain/api";
import { Result, type Effect } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { valueOf } from "../Load.ts";
import { describeError, type Problem } from "../messages.ts";
import type { NavigationStore } from "../NavigationStore.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import type { SessionStore } from "../SessionStore.ts";
import { authorizeFirst } from "./authorizeFirst.ts";
import { CONFIRM_POLICY } from "./confirmPolicy.ts";
import { PendingTaps } from "./pendingTap.ts";

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
  /** No messaging-app identity (spec §5): the message shows, then /wechatlogin after 2 s. */
  | { readonly _tag: "NeedsOauth" }
  /** A refusal or a failed payment; the error says which (worded when shown). The pay button works again. */
  | { readonly _tag: "Failed"; readonly error: Problem };

/** What creating the order answered: an order to pay, or the channel's refusal in its own words. */
export type CreateAnswer =
  | { readonly _tag: "ToPay"; readonly orderId: number; readonly payInfo: PayInfo }
  /** Final for this request: nothing is paid, and the next tap is a new action rather than a replay. */
  | { readonly _tag: "NotTaken"; readonly message: string };

/** One order to create and pay, as a checkout page describes it. */
export interface CheckoutRequest {
  /** Where the page's tap waits in `tabValues` until its order is settled. */
  readonly pendingKey: string;
  /** The request as sent: the same request is the same action, so a retry sends the same key. */
  readonly fingerprint: string;
  /** What the pay sheet shows (the quote the server charges). */
  readonly payable: Money.Cents;
  readonly create: (idempotencyKey: string) => Effect.Effect<CreateAnswer, ApiError>;
  /** Where the customer goes once paid. */
  readonly paidPath: (orderId: number) => string;
  /** Where the customer goes when the sheet is closed unpaid: where the unpaid order waits to be paid. */
  readonly cancelledPath: (orderId: number) => string;
  /** The order is paid or left unpaid for later: the page's draft is done. */
  readonly settled: () => void;
}

/**
 * Paying one order from a checkout page (spec §4 payment result, §5 oauth rule), for fuel orders
 * and fuel-card orders alike. One tap is one action key (`newActionKey`), kept in `tabValues` until
 * the order is settled (`PendingTaps`), so a second tap, a retry after a timeout or a reload
 * during payment send the same key and the server answers the first order. Paid is the server's
 * word (`payAndConfirm`), never the sheet's.
 */
export class CheckoutFlow {
  phase: PayPhase = { _tag: "Idle" };
  #cancelRedirect: () => void = () => undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "payments" | "payment" | "tabValues" | "newActionKey">,
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

  /** A checkout page opened: a finished earlier payment's state does not carry over. */
  reset(): void {
    const tag = this.phase._tag;
    if (tag === "Failed" || tag === "Paid" || tag === "Pending") this.phase = { _tag: "Idle" };
  }

  /** The pay button, for `request`. */
  async pay(request: CheckoutRequest): Promise<void> {
    if (this.busy) return;
    this.phase = { _tag: "Creating" };

    if (this.session.user._tag !== "Loaded") await this.session.loadUser();
    const oauthId = valueOf(this.session.user)?.oauth_id;
    if (Result.isFailure(Validation.validatePaymentAuthorized(oauthId))) {
      this.needsOauth();
      return;
    }

    const taps = new PendingTaps(this.ports.tabValues, request.pendingKey);
    const { fingerprint } = request;
    const key = taps.keyFor(fingerprint, () => this.ports.newActionKey());
    taps.keep({ key, fingerprint });

    const created = await run(request.create(key));
    if (!created.ok) {
      this.fail(created.error);
      return;
    }
    const answer = created.value;
    if (answer._tag === "NotTaken") {
      taps.forget();
      // The channel's own words, kept as they came.
      this.fail(answer);
      return;
    }
    const { orderId } = answer;
    taps.keep({ key, fingerprint, orderId });
    runInAction(() => (this.phase = { _tag: "Paying", orderId }));

    const concluded = await run(
      payAndConfirm(
        this.ports.payment,
        this.ports.payments,
        { orderId, payInfo: answer.payInfo, amountCents: request.payable, oauthId },
        { ...CONFIRM_POLICY, onConfirming: () => runInAction(() => (this.phase = { _tag: "Confirming", orderId })) },
      ),
    );
    if (!concluded.ok) {
      this.payFailed(concluded.error);
      return;
    }
    switch (concluded.value.kind) {
      case "paid":
        this.settle(taps, request);
        runInAction(() => (this.phase = { _tag: "Paid", orderId }));
        this.notices.show(this.i18n.t("order.paid"), "success");
        this.navigation.go(request.paidPath(orderId), { replace: true });
        return;
      case "cancelled":
        // Spec §4: cancel leads on too, to where the unpaid order waits to be paid.
        this.settle(taps, request);
        runInAction(() => (this.phase = { _tag: "Idle" }));
        this.notices.show(this.i18n.t("order.payCancelled"), "info");
        this.navigation.go(request.cancelledPath(orderId), { replace: true });
        return;
      case "pending":
        // The key stays: a reload and another tap must find this order, not make a second.
        runInAction(() => (this.phase = { _tag: "Pending", orderId }));
        return;
    }
  }

  /** A refusal: shown as the phase and as a notice; the pay button works again. */
  fail(error: Problem): void {
    runInAction(() => (this.phase = { _tag: "Failed", error }));
    this.notices.show(describeError(error, this.i18n), "fail");
  }

  private needsOauth(): void {
    runInAction(() => (this.phase = { _tag: "NeedsOauth" }));
    // The messaging app's sign-in comes back to this checkout page, with its draft (issue 25).
    this.session.keepReturn(this.navigation.current);
    this.#cancelRedirect();
    this.#cancelRedirect = authorizeFirst({ i18n: this.i18n, notices: this.notices, navigation: this.navigation }, () => runInAction(() => (this.phase = { _tag: "Idle" })));
  }

  private payFailed(error: PayError | ApiError): void {
    if (error._tag === "OauthRequired") {
      this.needsOauth();
      return;
    }
    this.fail(error);
  }

  /** Paid, or left unpaid for later: the next tap is a new action, the page's draft is done. */
  private settle(taps: PendingTaps, request: CheckoutRequest): void {
    taps.forget();
    request.settled();
  }
}
