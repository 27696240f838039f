import { CardNumber, Order, Refund, Validation } from "@fuel/domain";
import type { OrderStatusAnswer } from "@fuel/domain/api";
import { and, eq } from "drizzle-orm";
import { Result } from "effect";
import { voidQrCodes } from "../cashier/qrCodes.ts";
import type { Tx } from "../db/queryable.ts";
import { orders } from "../db/schema.ts";
import { refusalOf, refuse } from "../refusals/Refusal.ts";
import { lockOrder } from "../orderRecords/queries.ts";
import { domainOrder, STATUS } from "../orderRecords/rows.ts";
import { refundOrder, type RefundDeps } from "../payments/refunds.ts";
import { issueVirtualCard } from "./issueCard.ts";

/** A settlement as it happened: the order's status code before (2) and after (3 done, 6 rejected). */
export interface Settled {
  readonly orderId: number;
  readonly before: number;
  readonly status: OrderStatusAnswer["order_status"];
  readonly rejected: boolean;
  /** The rejection's reason as stored (cleaned), for the audit. */
  readonly reason: string | undefined;
}

/**
 * The card distributor settles a paid recharge (spec §4; `POST /api/sandbox/recharge/settle` in
 * the sandbox): done (3), or rejected (6) with the reason the customer will read. A rejected
 * recharge's money goes back at once: the refund is recorded in the same transaction as the
 * rejection and sent to the channel right after. A card purchase (issue 13) settled 'done' gets
 * its new card in the same transaction; rejected, it is refunded and issues nothing. The desk's
 * `POST /api/desk/settle`, the sandbox route and the sandbox distributor's page all call this;
 * `within` runs in the settling transaction (the desk's audit row), so it commits with it or not at all.
 */
export const settleRecharge = async (
  deps: RefundDeps,
  orderId: number,
  result: "done" | "rejected",
  reason: string | undefined,
  now: number,
  within?: (tx: Tx, settled: Settled) => Promise<void>,
): Promise<OrderStatusAnswer> => {
  const event = result === "done" ? Order.OrderEvent.SettleRecharge() : Order.OrderEvent.RejectRecharge({ reason: Validation.cleanFreeText(reason) });
  const settled = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order === undefined || order.kind !== "recharge") throw refuse("OrderNotFound");
    // The distributor reads why: settled already (a second tap, another distributor), or the customer's refund came first.
    if (order.status === STATUS.used || order.status === STATUS.rejected) throw refuse("RechargeAlreadySettled");
    if (order.refundStatus !== Refund.REFUND_STATUS.none) throw refuse("RechargeRefundUnderWay");
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
    const settled: Settled = { orderId, before: order.status, status: Order.statusCode(step.success.status), rejected, reason: step.success.reason };
    if (within !== undefined) await within(tx, settled);
    return settled;
  });
  if (settled.rejected) await refundOrder(deps, orderId, now);
  return { order_id: orderId, order_status: settled.status };
};
