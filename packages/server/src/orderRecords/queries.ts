import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { StationRow } from "../catalogue/stations.ts";
import { cards, orders, qrCodes, stations, users } from "../db/schema.ts";
import type { Queryable } from "../db/queryable.ts";
import type { OrderRow } from "./rows.ts";

/** Reading orders: one of a customer's, one by merchant number, a page of a customer's. */

/** The customer's order with that id; another customer's order is as good as none (404, not 403). */
export const findOwnOrder = async (db: Queryable, userId: number, orderId: number): Promise<OrderRow | undefined> =>
  (await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).limit(1))[0];

export const findOrder = async (db: Queryable, orderId: number): Promise<OrderRow | undefined> =>
  (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0];

export const findOrderByMchntNo = async (db: Queryable, mchntOrderNo: string): Promise<OrderRow | undefined> =>
  (await db.select().from(orders).where(eq(orders.mchntOrderNo, mchntOrderNo)).limit(1))[0];

/** The order with its row locked until the transaction ends: every status change of an order takes this lock first. */
export const lockOrder = async (tx: Queryable, orderId: number): Promise<OrderRow | undefined> =>
  (await tx.select().from(orders).where(eq(orders.id, orderId)).for("update"))[0];

/**
 * Which of these card numbers are registered to the customer's own phone: the others an order
 * answer shows by their last 4 digits only (issue 22).
 */
export const ownCardNumbers = async (db: Queryable, userId: number, cardNums: readonly string[]): Promise<Set<string>> => {
  if (cardNums.length === 0) return new Set();
  const rows = await db
    .select({ cardnum: cards.cardnum })
    .from(cards)
    .innerJoin(users, eq(users.phone, cards.phonenum))
    .where(and(eq(users.id, userId), inArray(cards.cardnum, [...cardNums])));
  return new Set(rows.map((r) => r.cardnum));
};

/** The live (neither voided nor redeemed) QR code of each order that has one. */
export const liveQrCodes = async (db: Queryable, orderIds: readonly number[]): Promise<Map<number, string>> => {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: qrCodes.orderId, code: qrCodes.code })
    .from(qrCodes)
    .where(and(inArray(qrCodes.orderId, [...orderIds]), isNull(qrCodes.voidedAt), isNull(qrCodes.redeemedAt)));
  return new Map(rows.map((r) => [r.orderId, r.code]));
};

export const stationsByIds = async (db: Queryable, ids: readonly number[]): Promise<Map<number, StationRow>> => {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(stations).where(inArray(stations.id, [...new Set(ids)]));
  return new Map(rows.map((s) => [s.id, s]));
};

export interface OrderPageRows {
  readonly total: number;
  readonly rows: OrderRow[];
}

/** One page of a customer's orders with the given statuses, newest first (ties by id, so pages never overlap). */
export const orderPage = async (
  db: Queryable,
  userId: number,
  statuses: readonly number[],
  page: number,
  pageSize: number,
): Promise<OrderPageRows> => {
  const where = and(eq(orders.userId, userId), inArray(orders.status, [...statuses]));
  const [totalRow] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // count() is int8: a number from PGlite, a string from pg.
  return { total: Number(totalRow?.n ?? 0), rows };
};
