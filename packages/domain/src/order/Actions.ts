import { canRegenerateRechargeQr, fuelQrValid, rechargeQrExpiredOrUsed } from "../QrCode.ts";
import { REFUND_STATUS } from "../Refund.ts";
import type { EpochMs } from "../Time.ts";
import type { CardType } from "./Kinds.ts";
import { paidAtOf, type Order } from "./Record.ts";

/**
 * Spec §4: the actions the order list and detail may offer on an order at an instant.
 * @module
 */

/** The actions the order list and detail may offer (spec §4). */
export type OrderAction = "cancel" | "pay" | "showQr" | "regenerateQr";

/** The recharge-order facts beyond {@link Order} that decide 'regenerate QR' (spec §4). */
export interface RechargeDetail {
  /** The order's `refund_status` code as received. */
  readonly refundStatus: number;
  readonly cardType: CardType;
}

/**
 * Spec §4: the actions the UI may offer on an order at `now`, in display order.
 * - unpaid, before the pay deadline: cancel and pay.
 * - unused fuel order with a valid QR code (under 48 h since payment): show QR.
 * - unused recharge order: show QR until payment is more than 24 h old (then the QR area reads
 *   expired/used), and regenerate QR while {@link canRegenerateRechargeQr} allows it.
 *   Without `recharge` detail the regenerate button stays hidden: offering it on a refunded or
 *   top-up replacement order is worse than hiding it.
 * - anything else: nothing.
 */
export const allowedActions = (order: Order, now: EpochMs, recharge?: RechargeDetail): ReadonlyArray<OrderAction> => {
  if (order.status === "unpaid") return now < order.payDeadline ? ["cancel", "pay"] : [];
  if (order.status !== "unused") return [];
  const paidAt = paidAtOf(order);
  if (order.kind === "fuel") return fuelQrValid(paidAt, now) ? ["showQr"] : [];
  const actions: OrderAction[] = [];
  if (!rechargeQrExpiredOrUsed(paidAt, now)) actions.push("showQr");
  if (recharge !== undefined && canRegenerateRechargeQr({ paidAt, ...recharge }, now)) actions.push("regenerateQr");
  return actions;
};

/**
 * Spec §4 / issue 4: whether an order's detail may show its QR code at `now`: while
 * {@link allowedActions} offers 'showQr' (an unused fuel order under 48 h since payment, an unused
 * recharge order until its QR area reads expired/used after 24 h) and no refund was asked for
 * (`refundStatus` 0): asking for a refund voids the code at once, so it is never shown while the
 * money is on its way back.
 */
export const qrVisible = (order: Order, refundStatus: number, now: EpochMs): boolean =>
  refundStatus === REFUND_STATUS.none && allowedActions(order, now).includes("showQr");

/**
 * Spec §4: what an order detail's QR area shows at `now`: a code (`code`), the words
 * 'expired/used' (`expiredOrUsed`), or no area (`none`), in the spec's precedence for each kind:
 * - both: a used or expired order reads expired/used; an order not paid-and-unused has no area;
 * - fuel: a refund asked for takes the area away (the code is void while the money goes back),
 *   else the code for 48 h after payment, then expired/used;
 * - recharge: more than 24 h after payment the area reads expired/used whatever else holds, else a
 *   refund asked for takes it away, else the code.
 * `code` is exactly {@link qrVisible}. The detail pages render this (with the code's own loading
 * and failure); the server sends a code only when it is `code`.
 */
export type QrArea = "none" | "expiredOrUsed" | "code";

export const qrArea = (order: Order, refundStatus: number, now: EpochMs): QrArea => {
  if (order.status === "used" || order.status === "expired") return "expiredOrUsed";
  if (order.status !== "unused") return "none";
  const paidAt = paidAtOf(order);
  if (order.kind === "fuel") {
    if (refundStatus !== REFUND_STATUS.none) return "none";
    return fuelQrValid(paidAt, now) ? "code" : "expiredOrUsed";
  }
  if (rechargeQrExpiredOrUsed(paidAt, now)) return "expiredOrUsed";
  return refundStatus === REFUND_STATUS.none ? "code" : "none";
};
