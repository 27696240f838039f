import { Constants } from "@fuel/domain";
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { orders } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import { refuseTooManyUnpaid, tooManyUnpaidOrders } from "./unpaidOrders.ts";
import { countCreation, withdrawCreation } from "./creationLimit.ts";
import { openPrepay } from "../payments/openPayment.ts";
import type { ChannelName, PaymentChannel } from "../payments/PaymentChannel.ts";
import { payerOpenidOf } from "../payments/payer.ts";
import { newMchntOrderNo } from "./draftRules.ts";
import { PAYABLE_COLUMNS, STATUS, type PayableOrder } from "../orderRecords/rows.ts";

/**
 * Places a new order (fuel or recharge), or finds the one a double tap already made:
 *
 * 1. the payer must have a messaging-app identity (spec §5: 'authorize via messaging app first');
 * 2. the channel opens the payment first (a prepay id for a fresh merchant order number), so a
 *    channel that is down leaves no dangling unpaid order behind, only a 503 to retry; this is
 *    network I/O in production, so it happens before, not inside, the database's work;
 * 3. one statement, the database function `place_order` (drizzle/0007_place_order.sql), locks
 *    the customer's row (one customer's creations never interleave: the double-tap check and the
 *    insert are atomic), answers an unpaid order from the same draft within
 *    {@link DOUBLE_TAP_WINDOW_MS} if there is one (the prepay just opened is never used and lapses
 *    at the channel), and otherwise inserts the order with its prepay id. One round trip, so the
 *    row lock is held for the function's few statements, not across four round trips (issue 14).
 *
 * A customer with 5 unpaid orders is refused (409, ./unpaidOrders.ts): checked before the
 * prepay is opened, and again under the row lock, where parallel creations cannot both pass.
 * Then the churn limit counts the creation (429, ./creationLimit.ts), also before the prepay;
 * a creation that fails after that is withdrawn from the count. A double tap of the same draft
 * without an Idempotency-Key counts: it did open a prepay.
 */

export const DOUBLE_TAP_WINDOW_MS = 5_000;

export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "userId" | "mchntOrderNo" | "draftHash" | "status" | "prepayId"> & {
  readonly amount: number;
  readonly payDeadline: Date;
  readonly paytype: ChannelName;
};

export interface PlaceOrder {
  readonly userId: number;
  /** The payer's identity as authentication read it; undefined: read it from the customer's row. */
  readonly oauthId: string | null | undefined;
  readonly draftHash: string;
  readonly prefix: "FO" | "RC";
  readonly description: string;
  readonly values: NewOrder;
}

export const storeNewOrder = async (
  deps: { readonly db: Database; readonly channels: Readonly<Record<ChannelName, PaymentChannel>> },
  place: PlaceOrder,
  now: number,
): Promise<{ readonly order: PayableOrder; readonly payerOpenid: string }> => {
  const { db } = deps;
  const { userId } = place;
  const payerOpenid = await payerOpenidOf(db, userId, place.oauthId);
  const draft = { hash: place.draftHash, repeatSince: new Date(now - DOUBLE_TAP_WINDOW_MS) };
  await refuseTooManyUnpaid(db, userId, draft, now);
  const counted = await countCreation(db, userId, now);
  try {
    return await openAndPlace(deps, place, draft.repeatSince, payerOpenid, now);
  } catch (err) {
    await withdrawCreation(db, counted);
    throw err;
  }
};

/** Opens the prepay and places the order (steps 2 and 3 above). */
const openAndPlace = async (
  deps: { readonly db: Database; readonly channels: Readonly<Record<ChannelName, PaymentChannel>> },
  place: PlaceOrder,
  repeatSince: Date,
  payerOpenid: string,
  now: number,
): Promise<{ readonly order: PayableOrder; readonly payerOpenid: string }> => {
  const { db } = deps;
  const { userId, values } = place;
  for (;;) {
    const mchntOrderNo = newMchntOrderNo(place.prefix, now);
    const prepayId = await openPrepay(deps.channels[values.paytype], {
      mchntOrderNo,
      amountCents: values.amount,
      description: place.description,
      payerOpenid,
      expiresAt: values.payDeadline,
    });
    const placed = await placeOrder(db, { userId, draftHash: place.draftHash, repeatSince, now }, { ...values, status: STATUS.unpaid, mchntOrderNo, prepayId });
    switch (placed.outcome) {
      case "placed":
      case "repeat":
        return { order: placed.order, payerOpenid };
      case "full":
        throw tooManyUnpaidOrders();
      case "no-customer":
        throw refuse("OrderNotFound");
      case "taken":
        // The random merchant number was taken (a once-in-an-age event): draw again.
        continue;
    }
  }
};

/** What `place_order` did: placed the order, found a double tap's, refused (cap), found no customer, or found the merchant number taken. */
export type Placement =
  | { readonly outcome: "placed" | "repeat"; readonly order: PayableOrder }
  | { readonly outcome: "full" | "no-customer" | "taken" };

/** The row to insert, as `place_order` takes it: every column but id, user_id and draft_hash (its parameters). */
export type PlacedRow = Omit<typeof orders.$inferInsert, "id" | "userId" | "draftHash">;

/**
 * The columns `place_order` writes from its `p_order` JSON, with what a column left out gets: the
 * schema's own default, as an INSERT through Drizzle would (checked when this module loads, so a
 * default the JSON cannot carry, an SQL expression, fails every test at once rather than one order).
 */
const WRITTEN_COLUMNS = Object.entries(getTableColumns(orders))
  .filter(([key]) => key !== "id" && key !== "userId" && key !== "draftHash")
  .map(([key, column]) => {
    if (column.defaultFn !== undefined || is(column.default, SQL)) {
      throw new Error(`orders.${column.name} has a computed default, which place_order's JSON row cannot apply: give its value in storeNewOrder`);
    }
    return { key, column, absent: column.default ?? null };
  });

/** The row as JSON keyed by column name, each value as the driver would send it (instants as ISO text). */
export const placedRowJson = (row: PlacedRow): string => {
  const record: Record<string, unknown> = {};
  for (const { key, column, absent } of WRITTEN_COLUMNS) {
    const given: unknown = (row as Record<string, unknown>)[key];
    const value = given === undefined ? absent : given;
    record[column.name] = value === null ? null : column.mapToDriverValue(value);
  }
  return JSON.stringify(record);
};

/**
 * The payable columns as `place_order`'s answer names them, each mapped by its `orders` column
 * (instants to `Date`), as Drizzle maps a select of `orders` on either driver.
 */
const PLACED_FIELDS = Object.fromEntries(Object.entries(PAYABLE_COLUMNS).map(([key, column]) => [key, sql`${sql.identifier(column.name)}`.mapWith(column)])) as {
  readonly [K in keyof PayableOrder]: SQL<PayableOrder[K]>;
};

/** `place_order` prepared once per database (src/db/prepared.ts): the hot statement of order creation. */
const placeOrderQuery = preparedPerDatabase("place_order", (db, name) => {
  const ph = sql.placeholder;
  const call = sql`place_order(${ph("userId")}, ${ph("draftHash")}, ${ph("repeatSince")}, ${ph("now")}, ${STATUS.unpaid}, ${Constants.MAX_UNPAID_ORDERS}, ${ph("order")})`;
  return db
    .select({ outcome: sql<Placement["outcome"]>`outcome`, ...PLACED_FIELDS })
    .from(sql`(SELECT p.outcome, (p.placed).* FROM ${call} AS p) AS placement`)
    .prepare(name);
});

/** One call of `place_order`: lock, double-tap check, cap, insert (drizzle/0007_place_order.sql). */
export const placeOrder = async (
  db: Database,
  key: { readonly userId: number; readonly draftHash: string; readonly repeatSince: Date; readonly now: number },
  row: PlacedRow,
): Promise<Placement> => {
  const [result] = await placeOrderQuery(db).execute({
    userId: key.userId,
    draftHash: key.draftHash,
    repeatSince: key.repeatSince.toISOString(),
    now: new Date(key.now).toISOString(),
    order: placedRowJson(row),
  });
  if (result === undefined) throw new Error("place_order answered no row");
  const { outcome, ...order } = result;
  return outcome === "placed" || outcome === "repeat" ? { outcome, order } : { outcome };
};
