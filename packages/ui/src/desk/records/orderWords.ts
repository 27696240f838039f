import { Order, OrderWords, QrCode, Refund, Time } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import { rechargeCardTitle } from "../../components/orders/rechargeCard.ts";
import { kindOf } from "../../stores/orders/OrderEntry.ts";
import { rechargeCardOf } from "../../stores/orders/RechargeCard.ts";
import type { DeskI18n } from "../i18n/DeskI18n.ts";

/** What an order buys, as the desk names it: fuel, a card's recharge, or a new card. */
export type DeskOrderKind = "fuel" | "recharge" | "cardPurchase";

export const deskKindOf = (order: WireOrder): DeskOrderKind => {
  if (kindOf(order) === "fuel") return "fuel";
  return rechargeCardOf(order)._tag === "NewCard" ? "cardPurchase" : "recharge";
};

export const kindText = (order: WireOrder, i18n: DeskI18n): string => i18n.t(`desk.records.kind.${deskKindOf(order)}`);

/** The order's category (`Order.categoryOf`: which card a recharge is for) in the desk's words, as the filter and the CSV name it. */
export const categoryText = (order: WireOrder, i18n: DeskI18n): string =>
  OrderWords.categoryWord(Order.categoryOf({ kind: kindOf(order), cardType: order.card_type, issuesCard: deskKindOf(order) === "cardPurchase" }), i18n.locale);

/** What the order is at: its station for fuel, its card for a recharge (as the customer's list names them). */
export const placeText = (order: WireOrder, i18n: DeskI18n): string =>
  kindOf(order) === "recharge" ? rechargeCardTitle(rechargeCardOf(order), i18n) : (order.stationInfo?.title ?? i18n.t("desk.records.kind.fuel"));

/** Spec §4: until when a paid fuel order's QR code is valid (48 h after payment); undefined for a recharge or an unpaid order. */
export const qrValidUntil = (order: WireOrder): number | undefined => {
  if (kindOf(order) !== "fuel" || order.payment_time === null) return undefined;
  const paidAt = Time.parseWireInstant(order.payment_time);
  return paidAt === undefined ? undefined : QrCode.fuelQrExpiresAt(paidAt);
};

/** The order's refund state in the customer's words (`ordersRefund_1..3`), undefined when none was asked for. */
export const refundStateText = (order: WireOrder, i18n: DeskI18n): string | undefined => {
  switch (order.refund_status) {
    case Refund.REFUND_STATUS.requested:
    case Refund.REFUND_STATUS.refunding:
    case Refund.REFUND_STATUS.refunded:
      return i18n.t(`ordersRefund_${order.refund_status}`);
    default:
      return undefined;
  }
};

/** A payment channel as the customer reads it (WeChat Pay, FY Pay), or its code when it is another. */
export const channelText = (channel: string, i18n: DeskI18n): string =>
  channel === "wechat" || channel === "fy" ? i18n.t(`ordersChannel_${channel}`) : channel;
