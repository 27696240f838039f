import { Order, Refund } from "@fuel/domain";
import type { RefundResponse } from "@fuel/domain/api";
import { and, eq } from "drizzle-orm";
import { voidQrCodes } from "../cashier/qrCodes.ts";
import { orders } from "../db/schema.ts";
import { conflict, invalid } from "../http/refusals.ts";
import { refundOrder, type RefundDeps } from "../payments/refunds.ts";
import { cleanRemark } from "./draftRules.ts";
import { lockOrder } from "./queries.ts";
import { ownOrderNow } from "./readOrders.ts";
import { domainOrder, STATUS, type OrderRow } from "./rows.ts";

/** The fixed refund rule (issue 4), `Order.canRefund`, on a stored order. */
export const refundAllowed = (order: OrderRow, now: number): boolean => Order.canRefund(domainOrder(order), order.refundStatus, now);

/**
 * `POST /api/order/refund {order_id, reason}`. The request is recorded (refund_status 1) and the
 * QR code voided in one transaction under the order's lock, so the cashier cannot redeem a code
 * whose money is on its way back; then the channel is asked. The answer shows how far it got:
 * 3 refunded (the order is voided), 2 refunding, or 1 requested (the channel will be asked again).
 */
export const requestRefund = async (deps: RefundDeps, userId: number, orderId: number, rawReason: string, now: number): Promise<RefundResponse> => {
  const reason = cleanRemark(rawReason);
  if (reason === "") throw invalid("RefundReasonMissing");
  const current = await ownOrderNow(deps.db, userId, orderId, now);
  if (current.refundStatus !== Refund.REFUND_STATUS.none) throw conflict("RefundAlreadyRequested");

  const recorded = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order === undefined || order.userId !== userId || !refundAllowed(order, now)) return false;
    await tx
      .update(orders)
      .set({ refundStatus: Refund.REFUND_STATUS.requested, refundReason: reason, refundRequestedAt: new Date(now) })
      .where(and(eq(orders.id, orderId), eq(orders.status, STATUS.unused), eq(orders.refundStatus, Refund.REFUND_STATUS.none)));
    await voidQrCodes(tx, orderId, now);
    return true;
  });
  if (!recorded) throw conflict("RefundNotAllowed");

  const refundStatus = await refundOrder(deps, orderId, now);
  return { order_id: orderId, refund_status: refundStatus as RefundResponse["refund_status"] };
};
