import { Order, Refund } from "@fuel/domain";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import { orders, payments } from "../db/schema.ts";
import { domainOrder } from "../orders/rows.ts";
import { ChannelUnavailable, type ChannelName, type PaymentChannel, type RefundOutcome } from "./PaymentChannel.ts";

/**
 * Giving money back through the channel it came from (issue 4: "customers of such apps complain
 * most about refunds that never come"). Two kinds:
 *
 * - an order refund (a customer's request, or a recharge the distributor rejected): the order's
 *   `refund_status` goes 1 requested -> 2 refunding (the channel accepted, not yet done) -> 3
 *   refunded, and a refunded fuel order is voided (7) through the state machine (`Order.afterRefund`);
 * - a stray payment (it arrived for an order that was cancelled or had expired, or paid an order
 *   twice): `payments.refund_required`, settled by `refunded_at`.
 *
 * Each refund has our own number, written before the channel is asked (`refund_no`, one per
 * payment), so asking again after a crash or a timeout is the same refund, never a second one.
 * A refusal or an outage leaves the refund pending; the sweeper (src/jobs/sweeper.ts) asks again.
 */

export interface RefundDeps {
  readonly db: Database;
  readonly channels: Readonly<Record<ChannelName, PaymentChannel>>;
  readonly log: Pick<FastifyBaseLogger, "error" | "warn" | "info">;
}

type PaymentRow = typeof payments.$inferSelect;

const refundNoOf = (payment: PaymentRow): string => `RF${payment.id}T${payment.transactionId}`.slice(0, 64);

/** Asks the channel to return one payment; never throws (an outage is logged and left for the sweeper). */
const askChannel = async (deps: RefundDeps, payment: PaymentRow, mchntOrderNo: string, reason: string): Promise<RefundOutcome | "unavailable"> => {
  const refundNo = payment.refundNo ?? refundNoOf(payment);
  if (payment.refundNo === null) {
    await deps.db.update(payments).set({ refundNo }).where(and(eq(payments.id, payment.id), isNull(payments.refundNo)));
  }
  const channel = deps.channels[payment.channel === "fy" ? "fy" : "wechat"];
  try {
    const outcome = await channel.refund({
      mchntOrderNo,
      transactionId: payment.transactionId,
      refundNo,
      amountCents: payment.amount,
      totalCents: payment.amount,
      reason,
    });
    if (outcome === "refused") deps.log.error({ paymentId: payment.id, mchntOrderNo }, "the payment channel refused a refund; it will be asked again");
    return outcome;
  } catch (err) {
    if (!(err instanceof ChannelUnavailable)) throw err;
    deps.log.warn({ paymentId: payment.id, err: err.message }, "refund not sent: payment channel unavailable; it will be asked again");
    return "unavailable";
  }
};

/** Returns a stray payment (`refund_required`). Idempotent: a payment already refunded is left alone. */
export const refundStrayPayment = async (deps: RefundDeps, paymentId: number, now: number): Promise<void> => {
  const [row] = await deps.db
    .select({ payment: payments, mchntOrderNo: orders.mchntOrderNo })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(payments.refundRequired, true), isNull(payments.refundedAt)))
    .limit(1);
  if (row === undefined) return;
  const outcome = await askChannel(deps, row.payment, row.mchntOrderNo, "order closed before the payment arrived");
  if (outcome === "refunded" || outcome === "pending") {
    await deps.db.update(payments).set({ refundedAt: new Date(now) }).where(and(eq(payments.id, paymentId), isNull(payments.refundedAt)));
  }
};

/**
 * Carries an order's requested refund (refund_status 1 or 2) as far as the channel allows: to 3
 * refunded (and a fuel order to voided), or 2 refunding when the channel is still at it.
 * Returns the order's refund_status afterwards.
 */
export const refundOrder = async (deps: RefundDeps, orderId: number, now: number): Promise<number> => {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (order === undefined) return Refund.REFUND_STATUS.none;
  if (!Refund.isRefundUnderWay(order.refundStatus)) return order.refundStatus;
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.refundRequired, false)))
    .orderBy(asc(payments.id))
    .limit(1);
  if (payment === undefined) {
    deps.log.error({ orderId }, "refund requested for an order without a recorded payment");
    return order.refundStatus;
  }
  const outcome = await askChannel(deps, payment, order.mchntOrderNo, order.refundReason ?? order.reason ?? "refund");
  if (outcome === "refunded") {
    // A refunded fuel order can no longer be used: the state machine voids it (`Void`); a rejected
    // recharge keeps its status and reason (`Order.afterRefund`).
    const before = domainOrder(order);
    const after = Order.afterRefund(before, now);
    const closed = after.status !== before.status;
    await deps.db.transaction(async (tx) => {
      await tx.update(payments).set({ refundedAt: new Date(now) }).where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)));
      await tx
        .update(orders)
        .set({
          refundStatus: Refund.REFUND_STATUS.refunded,
          refundedAt: new Date(now),
          ...(closed ? { status: Order.statusCode(after.status), closedAt: new Date(now) } : {}),
        })
        .where(and(eq(orders.id, orderId), inArray(orders.refundStatus, [Refund.REFUND_STATUS.requested, Refund.REFUND_STATUS.refunding])));
    });
    return Refund.REFUND_STATUS.refunded;
  }
  if (outcome === "pending" && order.refundStatus === Refund.REFUND_STATUS.requested) {
    await deps.db
      .update(orders)
      .set({ refundStatus: Refund.REFUND_STATUS.refunding })
      .where(and(eq(orders.id, orderId), eq(orders.refundStatus, Refund.REFUND_STATUS.requested)));
    return Refund.REFUND_STATUS.refunding;
  }
  return order.refundStatus;
};
