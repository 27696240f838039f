import { QrCode, Refund } from "@fuel/domain";
import type { Database } from "../db/client.ts";
import { conflict, notFound } from "../http/refusals.ts";
import { findOrderByMchntNo, lockOrder } from "../orders/queries.ts";
import { ownOrderNow } from "../orders/readOrders.ts";
import { cardTypeOf, STATUS } from "../orders/rows.ts";
import { issueQrCode, regenerateQrCode } from "./qrCodes.ts";

/**
 * `POST /api/kepai/getqrcode {orderNumber}` (spec §4, §7): the cashier QR of the caller's paid fuel
 * order, while it is unused, not being refunded and within 48 h of payment. `orderNumber` is the
 * merchant order number the cashier system knows the order by.
 */
export const fuelOrderQrCode = async (db: Database, userId: number, orderNumber: string, now: number): Promise<string> => {
  // Merchant order numbers are letters and digits; anything else names no order of ours.
  const found = /^[A-Za-z0-9]{1,32}$/.test(orderNumber) ? await findOrderByMchntNo(db, orderNumber) : undefined;
  if (found === undefined || found.userId !== userId) throw notFound("OrderNotFound");
  const order = await ownOrderNow(db, userId, found.id, now);
  if (order.kind !== "fuel") throw conflict("QrNotAvailable");
  if (order.status === STATUS.used) throw conflict("QrAlreadyUsed");
  if (order.status === STATUS.expired) throw conflict("QrExpired");
  if (order.status !== STATUS.unused || order.refundStatus !== Refund.REFUND_STATUS.none || order.paidAt === null) throw conflict("QrNotAvailable");
  if (!QrCode.fuelQrValid(order.paidAt.getTime(), now)) throw conflict("QrExpired");
  return issueQrCode(db, order.id, now);
};

/**
 * `POST /api/order/resetQR {order_id}` (spec §4): a paid recharge order's QR code, regenerated
 * while the detail would show the button (`QrCode.canRegenerateRechargeQr`: within 8 minutes of
 * payment, not refunded, not a top-up replacement) and the QR area is not yet expired (24 h).
 * The old code is voided in the same transaction.
 */
export const resetRechargeQrCode = async (db: Database, userId: number, orderId: number, now: number): Promise<string> => {
  await ownOrderNow(db, userId, orderId, now);
  const code = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order === undefined || order.userId !== userId) throw notFound("OrderNotFound");
    const cardType = cardTypeOf(order);
    if (order.kind !== "recharge" || order.status !== STATUS.unused || order.paidAt === null || cardType === undefined) return undefined;
    const paidAt = order.paidAt.getTime();
    if (QrCode.rechargeQrExpiredOrUsed(paidAt, now)) return undefined;
    if (!QrCode.canRegenerateRechargeQr({ paidAt, refundStatus: order.refundStatus, cardType }, now)) return undefined;
    return regenerateQrCode(tx, order.id, now);
  });
  if (code === undefined) throw conflict("QrNotRegenerable");
  return code;
};
