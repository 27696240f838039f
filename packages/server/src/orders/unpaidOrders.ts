import { Constants } from "@fuel/domain";
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { orders } from "../db/schema.ts";
import type { Queryable } from "../db/queryable.ts";
import { refuse } from "../refusals/Refusal.ts";
import { PAYABLE_COLUMNS, STATUS, type PayableOrder } from "../orderRecords/rows.ts";

/**
 * At most {@link Constants.MAX_UNPAID_ORDERS} unpaid orders per customer, fuel and recharge
 * together (issue 9): in production each unpaid order holds a prepay open at the payment channel,
 * so without a cap one customer (or a script with their token) could open thousands. An order
 * counts while it is unpaid and its pay window is open; past the window it is as good as
 * cancelled (../orderRecords/expiry.ts), whether or not the sweep has written that yet.
 *
 * Order creation (../orders/storeNewOrder.ts) checks twice: {@link refuseTooManyUnpaid} before
 * opening the prepay, so a refused creation costs the channel nothing, and
 * {@link refuseWhenFull} over {@link openUnpaidOrders} inside the transaction that holds the
 * customer's row lock, which is what makes the cap hold under parallel creations. The same draft
 * again within the double-tap window is not a new order (it gets the first one's answer), so it
 * is never refused.
 */

/** The draft being placed, and since when an unpaid order from it is a double tap. */
export interface DraftKey {
  readonly hash: string;
  readonly repeatSince: Date;
}

const open = (userId: number, now: number) => and(eq(orders.userId, userId), eq(orders.status, STATUS.unpaid), gt(orders.payDeadline, new Date(now)));

const refusal = () => refuse("TooManyUnpaidOrders", { max: Constants.MAX_UNPAID_ORDERS });

/** The early check, without the lock: one count. */
export const refuseTooManyUnpaid = async (db: Queryable, userId: number, draft: DraftKey, now: number): Promise<void> => {
  const [row] = await db
    .select({
      unpaid: count(),
      repeat: sql<boolean>`coalesce(bool_or(${orders.draftHash} = ${draft.hash} AND ${orders.createdAt} > ${draft.repeatSince}), false)`,
    })
    .from(orders)
    .where(open(userId, now));
  // count() is int8: a number from PGlite, a string from pg.
  if (row !== undefined && !row.repeat && Number(row.unpaid) >= Constants.MAX_UNPAID_ORDERS) throw refusal();
};

export type OpenUnpaidOrder = PayableOrder & { readonly draftHash: string; readonly createdAt: Date };

/**
 * The customer's unpaid orders still in their pay window, newest first: under the row lock, the
 * one read that serves both the double-tap check and the cap (a handful of rows, since the cap holds).
 */
export const openUnpaidOrders = (db: Queryable, userId: number, now: number): Promise<OpenUnpaidOrder[]> =>
  db
    .select({ ...PAYABLE_COLUMNS, draftHash: orders.draftHash, createdAt: orders.createdAt })
    .from(orders)
    .where(open(userId, now))
    .orderBy(desc(orders.createdAt), desc(orders.id));

/** The order a double tap of `draft` repeats, if any. */
export const doubleTapOf = (unpaid: readonly OpenUnpaidOrder[], draft: DraftKey): OpenUnpaidOrder | undefined =>
  unpaid.find((o) => o.draftHash === draft.hash && o.createdAt > draft.repeatSince);

/** 409 when the customer already holds the most unpaid orders allowed. */
export const refuseWhenFull = (unpaid: readonly unknown[]): void => {
  if (unpaid.length >= Constants.MAX_UNPAID_ORDERS) throw refusal();
};
