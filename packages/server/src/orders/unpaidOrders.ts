import { Constants } from "@fuel/domain";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { orders } from "../db/schema.ts";
import type { Database } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { refuse } from "../refusals/Refusal.ts";
import { STATUS } from "../orderRecords/rows.ts";

/**
 * At most {@link Constants.MAX_UNPAID_ORDERS} unpaid orders per customer, fuel and recharge
 * together (issue 9): in production each unpaid order holds a prepay open at the payment channel,
 * so without a cap one customer (or a script with their token) could open thousands. An order
 * counts while it is unpaid and its pay window is open; past the window it is as good as
 * cancelled (../orderRecords/expiry.ts), whether or not the sweep has written that yet.
 *
 * Order creation (../orders/storeNewOrder.ts) checks twice: {@link refuseTooManyUnpaid} before
 * opening the prepay, so a refused creation costs the channel nothing, and the database function
 * `place_order` (drizzle/0007_place_order.sql) counts again under the customer's row lock, which
 * is what makes the cap hold under parallel creations ({@link tooManyUnpaidOrders} is its
 * refusal). The same draft again within the double-tap window is not a new order (it gets the
 * first one's answer), so it is never refused.
 */

/** The draft being placed, and since when an unpaid order from it is a double tap. */
export interface DraftKey {
  readonly hash: string;
  readonly repeatSince: Date;
}


/** 409: the customer already holds the most unpaid orders allowed. */
export const tooManyUnpaidOrders = () => refuse("TooManyUnpaidOrders", { max: Constants.MAX_UNPAID_ORDERS });

/**
 * The early check's count: the customer's unpaid orders in their pay window, and whether one of
 * them is this draft's double tap. Read through orders_user_status_deadline_idx (the customer's
 * few rows, whatever others hold), which test/orders/unpaidOrders.test.ts holds it to.
 */
export const unpaidCountStatement = (db: Database) =>
  db
    .select({
      unpaid: count(),
      repeat: sql<boolean>`coalesce(bool_or(${orders.draftHash} = ${sql.placeholder("draftHash")} AND ${orders.createdAt} > ${sql.placeholder("repeatSince")}), false)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder("userId")), eq(orders.status, STATUS.unpaid), gt(orders.payDeadline, sql.placeholder("now"))));

/** {@link unpaidCountStatement} prepared once per database (src/db/prepared.ts): every creation makes it. */
const unpaidCountQuery = preparedPerDatabase("unpaid_orders_count", (db, name) => unpaidCountStatement(db).prepare(name));

/** The early check, without the lock: one count of the unpaid orders still in their pay window. */
export const refuseTooManyUnpaid = async (db: Database, userId: number, draft: DraftKey, now: number): Promise<void> => {
  const [row] = await unpaidCountQuery(db).execute({ userId, draftHash: draft.hash, repeatSince: draft.repeatSince.toISOString(), now: new Date(now).toISOString() });
  // count() is int8: a number from PGlite, a string from pg.
  if (row !== undefined && !row.repeat && Number(row.unpaid) >= Constants.MAX_UNPAID_ORDERS) throw tooManyUnpaidOrders();
};
