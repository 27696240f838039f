import { Constants } from "@fuel/domain";
import { and, eq, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, qrCodes } from "../db/schema.ts";
import { STATUS } from "./rows.ts";

/**
 * Time-driven transitions, derived from stored instants so they are right at read time even when
 * no background job ran (issue 4), and written back so every reader agrees. The rule is the
 * domain's `Order.expireIfDue` (the machine's `ExpireUnpaid` and `ExpireQr` events), applied here
 * as bulk SQL rather than order by order; test/orders/expiryAgreement.property.test.ts proves the
 * SQL leaves every status the machine gives, for every kind, status, refund state and instant:
 *
 * - an unpaid order whose pay window has closed (`now >= pay_deadline`) becomes cancelled (9);
 * - an unused fuel order whose QR code is 48 h old (`now >= paid_at + 48 h`) and has no refund
 *   under way becomes expired (8), and its QR code is voided. A refund under way keeps the status
 *   until the refund settles it (`Order.afterRefund`).
 *
 * Each is one conditional UPDATE on the status, so it cannot undo a payment, a redemption or a
 * cancel that committed first.
 */

export interface ExpiryScope {
  readonly userId?: number;
  readonly orderId?: number;
}

export interface ExpiredOrders {
  /** Unpaid orders that were closed: the channel may be told (best effort) that they are. */
  readonly cancelled: ReadonlyArray<{ readonly id: number; readonly mchntOrderNo: string; readonly paytype: string; readonly prepayId: string | null }>;
  readonly expired: readonly number[];
}

const scoped = (scope: ExpiryScope, ...conditions: SQL[]): SQL | undefined =>
  and(
    ...conditions,
    ...(scope.userId === undefined ? [] : [eq(orders.userId, scope.userId)]),
    ...(scope.orderId === undefined ? [] : [eq(orders.id, scope.orderId)]),
  );

export const expireDueOrders = async (db: Database, now: number, scope: ExpiryScope = {}): Promise<ExpiredOrders> => {
  const at = new Date(now);
  const cancelled = await db
    .update(orders)
    .set({ status: STATUS.cancelled, closedAt: sql`${orders.payDeadline}` })
    .where(scoped(scope, eq(orders.status, STATUS.unpaid), lte(orders.payDeadline, at)))
    .returning({ id: orders.id, mchntOrderNo: orders.mchntOrderNo, paytype: orders.paytype, prepayId: orders.prepayId });

  const qrValidFrom = new Date(now - Constants.FUEL_QR_VALIDITY_MS);
  const expired = await db
    .update(orders)
    .set({ status: STATUS.expired, closedAt: sql`${orders.paidAt} + make_interval(secs => ${Constants.FUEL_QR_VALIDITY_MS / 1000})` })
    .where(scoped(scope, eq(orders.status, STATUS.unused), eq(orders.kind, "fuel"), eq(orders.refundStatus, 0), lte(orders.paidAt, qrValidFrom)))
    .returning({ id: orders.id });

  const expiredIds = expired.map((r) => r.id);
  if (expiredIds.length > 0) {
    await db
      .update(qrCodes)
      .set({ voidedAt: at })
      .where(and(inArray(qrCodes.orderId, expiredIds), isNull(qrCodes.voidedAt), isNull(qrCodes.redeemedAt)));
  }
  return { cancelled, expired: expiredIds };
};
