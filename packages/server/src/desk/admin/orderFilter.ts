import { Order, Time, Validation } from "@fuel/domain";
import type { DeskOrdersExportQuery, OrderSortColumn } from "@fuel/domain/api";
import { and, asc, desc, eq, gte, inArray, isNull, lt, notInArray, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders, users } from "../../db/schema.ts";
import { orRefuse, refuse } from "../../refusals/Refusal.ts";

/**
 * The desk's order filters as SQL (issue 34): the one-box search (at most one key), status,
 * category, station and China days of creation, all together. The list and its CSV export read
 * the same conditions, so the file holds exactly the orders the list pages through.
 */

/** The filter and sort part of a list or export query. */
export type DeskOrderFilter = Omit<DeskOrdersExportQuery, "lang">;

/**
 * A phone finds the orders that name it (the phone typed on the order form) and every order of the
 * customer whose account it is: staff are asked about either.
 */
const byPhone = (db: Database, phone: string): SQL | undefined =>
  or(eq(orders.phone, phone), inArray(orders.userId, db.select({ id: users.id }).from(users).where(eq(users.phone, phone))));

const { entity, virtual, topUpReplacement } = Order.CARD_TYPE_CODES;

/** Each category as its stored columns: the same split as `Order.categoryOf` (a test holds them together). */
const byCategory = (category: Order.OrderCategory): SQL | undefined => {
  const recharge = (...more: Array<SQL | undefined>) => and(eq(orders.kind, "recharge"), eq(orders.issuesCard, false), ...more);
  switch (category) {
    case "fuel":
      return eq(orders.kind, "fuel");
    case "cardPurchase":
      return and(eq(orders.kind, "recharge"), eq(orders.issuesCard, true));
    case "virtualRecharge":
      return recharge(eq(orders.cardType, virtual));
    case "topUpReplacement":
      return recharge(eq(orders.cardType, topUpReplacement));
    case "entityRecharge":
      // categoryOf reads a card type we do not define (or none) as an entity recharge.
      return recharge(or(isNull(orders.cardType), eq(orders.cardType, entity), notInArray(orders.cardType, [entity, virtual, topUpReplacement])));
  }
};

/** The conditions of `filter`; refuses two search keys at once, an unreadable phone, a reversed day range. */
export const orderConditions = (db: Database, filter: DeskOrderFilter): SQL | undefined => {
  const searched = [filter.phone, filter.order_id, filter.merchant_no].filter((v) => v !== undefined);
  if (searched.length > 1) throw refuse("OrderSearchInvalid");
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) throw refuse("DayRangeReversed", { from: filter.from, to: filter.to });
  // The contract admits only real days (ChinaDay), so each reads.
  const from = filter.from === undefined ? undefined : Time.parseChinaDay(filter.from);
  const to = filter.to === undefined ? undefined : Time.parseChinaDay(filter.to);
  return and(
    filter.phone === undefined ? undefined : byPhone(db, orRefuse(Validation.validatePhone(filter.phone))),
    filter.order_id === undefined ? undefined : eq(orders.id, filter.order_id),
    filter.merchant_no === undefined ? undefined : eq(orders.mchntOrderNo, filter.merchant_no.trim()),
    filter.status === undefined ? undefined : eq(orders.status, filter.status),
    filter.type === undefined ? undefined : byCategory(filter.type),
    filter.station_id === undefined ? undefined : eq(orders.stationId, filter.station_id),
    from === undefined ? undefined : gte(orders.createdAt, new Date(from.start)),
    to === undefined ? undefined : lt(orders.createdAt, new Date(to.end)),
  );
};

const COLUMN = { created_at: orders.createdAt, amount: orders.amount } as const satisfies Record<OrderSortColumn, unknown>;

/** The list's order: the sort column (default: created, newest first), ties by id the same way, so pages never overlap. */
export const orderSort = (filter: DeskOrderFilter): SQL[] => {
  const direction = filter.dir === "asc" ? asc : filter.dir === "desc" || filter.sort === undefined ? desc : asc;
  return [direction(COLUMN[filter.sort ?? "created_at"]), direction(orders.id)];
};
