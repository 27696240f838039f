import { CardNumber, Order, Refund, Validation } from "@fuel/domain";
import type { OrderStatusAnswer } from "@fuel/domain/api";
import { and, eq } from "drizzle-orm";
import { Result } from "effect";
import { voidQrCodes } from "../cashier/qrCodes.ts";
import { orders } from "../db/schema.ts";
import { refusalOf, refuse } from "../refusals/Refusal.ts";
import { lockOrder } from "../orderRecords/queries.ts";
import { domainOrder, STATUS } from "../orderRecords/rows.ts";
import { refundOrder, type RefundDeps } from "../payments/refunds.ts";
import { issueVirtualCard } from "./issueCard.ts";

/**
 * The card distributor settles a paid recharge (spec §4; `POST /api/sandbox/recharge/settle` in
 * the sandbox): done (3), or rejected (6) with the reason the customer will read. A rejected
 * recharge's money goes back at once: the refund is recorded in the same transaction as the
 * rejection and sent to the channel right after. A card purchase (issue 13) settled 'done' gets
 * its new card in the same transaction; rejected, it is refunded and issues nothing.
 */
export const settleRecharge = async (
  deps: RefundDeps,
  orderId: number,
  result: "done" | "rejected",
  reason: string | undefined,
  now: number,
): Promise<OrderStatusAnswer> => {
  const event = result === "done" ? Order.OrderEvent.SettleRecharge() : Order.OrderEvent.RejectRecharge({ reason: Validation.cleanFreeText(reason) });
  const settled = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order === undefined || order.kind !== "recharge") throw refuse("OrderNotFound");
    if (order.refundStatus !== Refund.REFUND_STATUS.none) throw refuse("IllegalTransition");
    const step = Order.transition(domainOrder(order), event, now);
    if (Result.isFailure(step)) {
      throw step.failure._tag === "RejectionReasonMissing" ? refusalOf(step.failure) : refuse("IllegalTransition");
    }
    const rejected = step.success.status === "rejected";
    // A purchase settled 'done' is its card issued (./issueCard.ts): in this transaction, on the
    // locked row, so two settlements at once cannot issue two cards.
    const issued = !rejected && order.issuesCard ? await issueVirtualCard(tx, order.phone, now) : undefined;
    await tx
      .update(orders)
      .set({
        status: Order.statusCode(step.success.status),
        closedAt: new Date(now),
        ...(rejected
          ? { reason: step.success.reason ?? null, refundStatus: Refund.REFUND_STATUS.requested, refundReason: step.success.reason ?? null, refundRequestedAt: new Date(now) }
          : { usedAt: new Date(now) }),
        ...(issued === undefined ? {} : { cardNum: issued.cardnum, lastNumber: CardNumber.lastDigits(issued.cardnum), team: issued.team }),
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, STATUS.unused)));
    await voidQrCodes(tx, orderId, now);
    return { status: Order.statusCode(step.success.status), rejected };
  });
  if (settled.rejected) await refundOrder(deps, orderId, now);
  return { order_id: orderId, order_status: settled.status };
};
