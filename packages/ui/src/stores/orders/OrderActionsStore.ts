import { payAndConfirm, type AppPorts, type ConfirmOptions } from "@fuel/adapters/ports";
import { Routes } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import { Effect } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { reportFailure } from "../failures.ts";
import { valueOf } from "../Load.ts";
import type { NavigationStore } from "../NavigationStore.ts";
import type { NoticeStore } from "../NoticeStore.ts";
import { run } from "../run.ts";
import type { SessionStore } from "../SessionStore.ts";
import { authorizeFirst } from "../checkout/authorizeFirst.ts";
import { CONFIRM_POLICY } from "../checkout/confirmPolicy.ts";
import { kindOf } from "./OrderEntry.ts";
import { storeKind } from "../storeKind.ts";

/** The detail page of an order of either kind: each has its own (spec §2). */
export const detailPathOf = (order: WireOrder): string =>
  kindOf(order) === "recharge" ? Routes.rechargeOrderDetailPath(order.order_id) : Routes.orderDetailPath(order.order_id);

/** What became of a tap on 'pay' for an order that is already there (unpaid, from the list or its detail). */
export type PayAgainOutcome = "paid" | "pending" | "cancelled" | "failed";

/**
 * The two things the customer can do to an unpaid order wherever it shows (spec §4): cancel it
 * (the page has asked for confirmation) and pay it again. Paying again asks the order's own channel
 * (`paytype`: wechat -> `payment/query`, fy -> `paymentfy/query`) for the pay sheet, opens it (the
 * `payment` port), and then believes only the server: `payAndConfirm` with the checkout's policy
 * (checkout/confirmPolicy.ts). One action at a time per order: a double tap is ignored while the
 * first runs.
 */
export class OrderActionsStore {
  /** The order being cancelled or paid, and which. */
  busy: { readonly orderId: number; readonly action: "cancel" | "pay" } | undefined = undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "orders" | "payments" | "payment">,
    private readonly session: SessionStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
    private readonly confirm: Pick<ConfirmOptions, "attempts" | "intervalMs"> = CONFIRM_POLICY,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  isBusy(orderId: number): boolean {
    return this.busy?.orderId === orderId;
  }

  /** Cancels an unpaid order (confirmed by the customer already); answers whether it is cancelled. */
  async cancel(orderId: number): Promise<boolean> {
    if (this.busy !== undefined) return false;
    this.busy = { orderId, action: "cancel" };
    const answer = await run(this.ports.orders.cancel(orderId));
    runInAction(() => {
      this.busy = undefined;
      if (answer.ok) this.notices.show(this.i18n.t("ordersCancelled"), "success");
      else reportFailure(answer.error, this.i18n, this.notices);
    });
    return answer.ok;
  }

  /**
   * Pays an unpaid order again through its channel. Spec §4: after the sheet, ok or cancel leads
   * to the order list, the FY variant to the order's detail: `from` says which page asked, so the
   * customer only moves when the spec's destination is another page.
   */
  async pay(order: WireOrder, from: "list" | "detail"): Promise<PayAgainOutcome> {
    if (this.busy !== undefined) return "failed";
    this.busy = { orderId: order.order_id, action: "pay" };
    if (valueOf(this.session.user) === undefined) await this.session.loadUser();
    const oauthId = valueOf(this.session.user)?.oauth_id;
    const { payments, payment } = this.ports;
    const fy = order.paytype === "fy";
    const confirm = this.confirm;
    const payInfo = fy ? Effect.map(payments.fyParams(order.order_id), (p) => p.reserved_pay_info) : Effect.map(payments.wechatParams(order.order_id), (p) => p.payInfo);
    const paid = await run(Effect.flatMap(payInfo, (info) => payAndConfirm(payment, payments, { orderId: order.order_id, payInfo: info, amountCents: order.amount, oauthId }, confirm)));
    return runInAction(() => {
      this.busy = undefined;
      if (!paid.ok) {
        if (paid.error._tag === "OauthRequired") this.authorizeFirst();
        else reportFailure(paid.error, this.i18n, this.notices);
        return "failed";
      }
      const conclusion = paid.value;
      if (conclusion.kind === "paid") this.notices.show(this.i18n.t("ordersPaid"), "success");
      if (conclusion.kind === "pending") this.notices.show(this.i18n.t("ordersPaymentConfirming"), "info");
      // Spec §4: the JSAPI channel's result leads to the order list, the FY variant's to the order's detail.
      if (fy && from === "list") this.navigation.go(detailPathOf(order));
      if (!fy && from === "detail") this.navigation.go(Routes.orderListPath("all"));
      return conclusion.kind;
    });
  }

  #cancelRedirect: () => void = () => undefined;

  private authorizeFirst(): void {
    this.#cancelRedirect();
    this.#cancelRedirect = authorizeFirst({ i18n: this.i18n, notices: this.notices, navigation: this.navigation });
  }
}

/** Built the first time a page with orders opens (the list, a detail) (../storeKind.ts). */
export const orderActionsStore = storeKind((root) => new OrderActionsStore(root.ports, root.session, root.i18n, root.notices, root.navigation));
