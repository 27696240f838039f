import { Order, QrCode, Refund } from "@fuel/domain";
import type { Database } from "../db/client.ts";
import { refuse } from "../refusals/Refusal.ts";
import { findOrderByMchntNo, lockOrder } from "../orderRecords/queries.ts";
import { ownOrderNow } from "../orderRecords/readOrders.ts";
import { domainOrder, STATUS, type OrderRow } from "../orderRecords/rows.ts";
import { issueQrCode, regenerateQrCode } from "./qrCodes.ts";

/**
 * `POST /api/kepai/getqrcode {orderNumber}` (spec §4, §7): the cashier QR of the caller's paid fuel
 * order, while it is unused, not being refunded and within 48 h of payment. `orderNumber` is the
 * merchant order number the cashier system knows the order by.
 */
export const fuelOrderQrCode = async (db: Database, userId: number, orderNumber: string, now: number): Promise<string> => {
  // Merchant order numbers are letters and digits; anything else names no order of ours.
  const found = /^[A-Za-z0-9]{1,32}$/.test(orderNumber) ? await findOrderByMchntNo(db, orderNumber) : undefined;
  if (found === undefined || found.userId !== userId) throw refuse("OrderNotFound");
  const order = await ownOrderNow(db, userId, found.id, now);
  if (order.kind !== "fuel") throw refuse("QrNotAvailable");
  if (order.status === STATUS.used) throw refuse("QrAlreadyUsed");
  if (order.status === STATUS.expired) throw refuse("QrExpired");
  if (order.status !== STATUS.unused || order.refundStatus !== Refund.REFUND_STATUS.none || order.paidAt === null) throw refuse("QrNotAvailable");
  if (!QrCode.fuelQrValid(order.paidAt.getTime(), now)) throw refuse("QrExpired");
  return issueQrCode(db, order.id, now);
};

/**
 * `POST /api/order/resetQR {order_id}` (spec §4, issue 12): a new QR code in place of the order's
 * live one, the old one voided in the same transaction.
 * - a paid recharge order: while the detail would show the button (`QrCode.canRegenerateRechargeQr`:
 *   within 8 minutes of payment, not refunded, not a top-up replacement) and the QR area is not yet
 *   expired (24 h);
 * - a paid fuel order: while it is unused, no refund was asked for and its code is within the 48 h
 *   (`QrCode.canRegenerateFuelQr`); the new code keeps the order's 48 h, counted from payment.
 */
export const resetQrCode = async (db: Database, userId: number, orderId: number, now: number): Promise<string> => {
  await ownOrderNow(db, userId, orderId, now);
  const code = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order === undefined || order.userId !== userId) throw refuse("OrderNotFound");
    return regenerable(order, now) ? regenerateQrCode(tx, order.id, now) : undefined;
  });
  if (code === undefined) throw refuse("QrNotRegenerable");
  return code;
};

/** Whether the locked order's code may be replaced at `now` (the domain's rule for its kind). */
const regenerable = (order: OrderRow, now: number): boolean => {
  if (order.kind !== "recharge") return QrCode.canRegenerateFuelQr(domainOrder(order), order.refundStatus, now);
  const cardType = Order.cardTypeOf(order.cardType);
  if (order.status !== STATUS.unused || order.paidAt === null || cardType === undefined) return false;
  const paidAt = order.paidAt.getTime();
  return !QrCode.rechargeQrExpiredOrUsed(paidAt, now) && QrCode.canRegenerateRechargeQr({ paidAt, refundStatus: order.refundStatus, cardType }, now);
};
