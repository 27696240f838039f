import { Order } from "@fuel/domain";
import { Result } from "effect";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, payments } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import { issueFirstQrCode } from "../cashier/qrCodes.ts";
import { lockOrderByMchntNo } from "../orderRecords/queries.ts";
import { domainOrder, STATUS } from "../orderRecords/rows.ts";
import type { ChannelPayment } from "./PaymentChannel.ts";

/**
 * Money received, applied exactly once (issue 4). A payment reaches us as a notification (at
 * least once, maybe many times at once) or as the answer to a query; both come here.
 *
 * In one transaction:
 * 1. lock the order row (every status change of an order takes this lock first, so a cancel, an
 *    expiry or a second delivery waits for us or we for it);
 * 2. refuse an unknown order, a channel the order was not opened at, or a wrong amount (4xx,
 *    nothing written: the channel will deliver again, and a person must look at a wrong amount);
 * 3. record the payment, one row per channel transaction (`UNIQUE (channel, transaction_id)`):
 *    a repeat finds its row and changes nothing;
 * 4. apply `Order.transition(order, Pay{at})`: unpaid -> unused (paid), with the order's QR code
 *    issued in the same transaction. When the machine refuses (the order was cancelled or had
 *    expired meanwhile, or was already paid by another transaction), the payment stays recorded
 *    with `refund_required`, and the caller gives the money back: never lost, never kept for
 *    nothing.
 */

export type PaymentOutcome =
  | { readonly kind: "applied"; readonly orderId: number; readonly paymentId: number }
  | { readonly kind: "duplicate"; readonly orderId: number }
  | { readonly kind: "refund-required"; readonly orderId: number; readonly paymentId: number };

export const applyPayment = async (db: Database, payment: ChannelPayment, now: number): Promise<PaymentOutcome> =>
  db.transaction(async (tx) => {
    const order = await lockOrderByMchntNo(tx, payment.mchntOrderNo);
    if (order === undefined) throw refuse("OrderNotFound");
    // Each order is opened at one channel; another channel reporting money for it is not believed.
    if (payment.channel !== order.paytype) throw refuse("PaymentChannelMismatch");
    if (payment.amountCents !== order.amount) {
      throw refuse("PaymentAmountMismatch", { paid: payment.amountCents, due: order.amount });
    }

    const [recorded] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        channel: payment.channel,
        transactionId: payment.transactionId,
        amount: payment.amountCents,
        paidAt: payment.paidAt,
        receivedAt: new Date(now),
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (recorded === undefined) return { kind: "duplicate", orderId: order.id };

    const step = Order.transition(domainOrder(order), Order.OrderEvent.Pay({ at: payment.paidAt.getTime() }), now);
    if (Result.isFailure(step)) {
      await tx.update(payments).set({ refundRequired: true }).where(eq(payments.id, recorded.id));
      return { kind: "refund-required", orderId: order.id, paymentId: recorded.id };
    }
    await tx
      .update(orders)
      .set({ status: STATUS.unused, paidAt: payment.paidAt })
      .where(and(eq(orders.id, order.id), eq(orders.status, STATUS.unpaid)));
    await issueFirstQrCode(tx, order.id, now);
    return { kind: "applied", orderId: order.id, paymentId: recorded.id };
  });
