import { Order } from "@fuel/domain";
import type { OrderStatusAnswer } from "@fuel/domain/api";
import { and, eq } from "drizzle-orm";
import { Result } from "effect";
import { orders } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import { reconcileWithChannel, type PaymentDeps } from "../payments/customerPayments.ts";
import { lockOrder } from "../orderRecords/queries.ts";
import { ownOrderNow } from "../orderRecords/readOrders.ts";
import { domainOrder, STATUS, type OrderRow } from "../orderRecords/rows.ts";

/**
 * `POST /api/order/cancel` (spec §4): only an unpaid order, and atomic against a payment arriving
 * at the same moment: both take the order's row lock, so exactly one wins. If the payment wins,
 * the cancel is refused (409); if the cancel wins, the payment is recorded and refunded
 * (src/payments/applyPayment.ts). Never both, never lost.
 */
/**
 * Tells the channel a cancelled order is closed. If the channel already holds money for it (paid
 * a moment before the cancel, its notification not yet here), that payment is fetched, recorded
 * and given back now rather than whenever a notification comes. Best effort: an unreachable
 * channel is logged, and the notification or the sweeper finishes the job.
 */
export const closeAtChannel = async (deps: PaymentDeps, order: Pick<OrderRow, "id" | "paytype" | "mchntOrderNo">, now: number): Promise<void> => {
  try {
    const outcome = await deps.channels[order.paytype === "fy" ? "fy" : "wechat"].close(order.mchntOrderNo);
    if (outcome === "paid") await reconcileWithChannel(deps, order, now);
  } catch (err) {
    deps.log.warn({ orderId: order.id, err: String(err) }, "could not close the order at the payment channel");
  }
};

export const cancelOrder = async (
  deps: PaymentDeps,
  userId: number,
  orderId: number,
  now: number,
): Promise<OrderStatusAnswer> => {
  const { db } = deps;
  const current = await ownOrderNow(db, userId, orderId, now);
  // The pay window closed on its own: the order is already cancelled, which is what the customer asked for.
  if (current.status === STATUS.cancelled) return { order_id: current.id, order_status: STATUS.cancelled };

  const cancelled = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order === undefined || order.userId !== userId) return false;
    if (Result.isFailure(Order.transition(domainOrder(order), Order.OrderEvent.Cancel(), now))) return false;
    await tx
      .update(orders)
      .set({ status: STATUS.cancelled, closedAt: new Date(now) })
      .where(and(eq(orders.id, orderId), eq(orders.status, STATUS.unpaid)));
    return true;
  });
  if (!cancelled) throw refuse("OrderNotCancellable");

  // Tell the channel not to take money for it any more; if a payment slips through anyway it is refunded.
  if (current.prepayId === null) return { order_id: orderId, order_status: STATUS.cancelled };
  await closeAtChannel(deps, current, now);
  return { order_id: orderId, order_status: STATUS.cancelled };
};
