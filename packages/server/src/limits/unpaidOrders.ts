import { Constants } from "@fuel/domain";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { orders } from "../db/schema.ts";
import type { Queryable } from "../identity/sql.ts";
import { conflict } from "../http/refusals.ts";
import { STATUS } from "../orders/rows.ts";

/**
 * At most {@link Constants.MAX_UNPAID_ORDERS} unpaid orders per customer, fuel and recharge
 * together (issue 9): in production each unpaid order holds a prepay open at the payment channel,
 * so without a cap one customer (or a script with their token) could open thousands. An order
 * counts while it is unpaid and its pay window is open; past the window it is as good as
 * cancelled (../orders/expiry.ts), whether or not the sweep has written that yet.
 *
 * Order creation (../orders/storeNewOrder.ts) asks twice: before opening the prepay, so a refused
 * creation costs the channel nothing, and again inside the transaction that holds the customer's
 * row lock, which is what makes the cap hold under parallel creations. The same draft again
 * within the double-tap window is not a new order (it gets the first one's answer), so it is
 * never refused here.
 */
export const refuseTooManyUnpaid = async (
  db: Queryable,
  userId: number,
  /** The draft being placed, and since when an unpaid order from it is a double tap. */
  draft: { readonly hash: string; readonly repeatSince: Date },
  now: number,
): Promise<void> => {
  const [row] = await db
    .select({
      unpaid: count(),
      repeat: sql<boolean>`coalesce(bool_or(${orders.draftHash} = ${draft.hash} AND ${orders.createdAt} > ${draft.repeatSince}), false)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, STATUS.unpaid), gt(orders.payDeadline, new Date(now))));
  const max = Constants.MAX_UNPAID_ORDERS;
  // count() is int8: a number from PGlite, a string from pg.
  if (row !== undefined && !row.repeat && Number(row.unpaid) >= max) throw conflict("TooManyUnpaidOrders", { max });
};
