import { Time, Validation } from "@fuel/domain";
import type { DeskOrderResponse, DeskOrdersQuery, Order as WireOrder } from "@fuel/domain/api";
import { asc, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders, payments, qrCodes, users } from "../../db/schema.ts";
import { expireDueOrders } from "../../orderRecords/expiry.ts";
import { liveQrCodes, stationsByIds } from "../../orderRecords/queries.ts";
import { orderToWire, type OrderRow } from "../../orderRecords/rows.ts";
import { orRefuse, refuse } from "../../refusals/Refusal.ts";

/**
 * The admin's look at orders (issue 26): find them and read one whole. Read only, so no audit row;
 * each order goes through the customer's own wire mapping (orderToWire), so the desk and the
 * customer never disagree about status, QR visibility or amounts.
 */

/** At most this many orders answer one search: a phone with more is read a page at a time by the customer. */
export const DESK_ORDER_SEARCH_LIMIT = 100;

const iso = (at: Date | null): string | null => (at === null ? null : Time.formatChinaIso(at.getTime()));

/** The customer's wire form of each row; the desk sees whole card numbers (`ownCard` true). */
const toWire = async (db: Database, rows: readonly OrderRow[], now: number): Promise<WireOrder[]> => {
  const stationIds = rows.flatMap((r) => (r.stationId === null ? [] : [r.stationId]));
  const [stations, codes] = await Promise.all([stationsByIds(db, stationIds), liveQrCodes(db, rows.map((r) => r.id))]);
  return rows.map((r) => orderToWire(r, r.stationId === null ? null : (stations.get(r.stationId) ?? null), codes.get(r.id) ?? null, now, true));
};

/**
 * A phone finds the orders that name it (the phone typed on the order form) and every order of the
 * customer whose account it is: staff are asked about either.
 */
const byPhone = (db: Database, phone: string): SQL | undefined =>
  or(eq(orders.phone, phone), inArray(orders.userId, db.select({ id: users.id }).from(users).where(eq(users.phone, phone))));

/** Orders matching exactly one of phone (normalized), order id or merchant order number; newest first. */
export const findDeskOrders = async (db: Database, query: DeskOrdersQuery, now: number): Promise<WireOrder[]> => {
  const given = [query.phone, query.order_id, query.merchant_no].filter((v) => v !== undefined);
  if (given.length !== 1) throw refuse("OrderSearchInvalid");
  const where =
    query.phone !== undefined
      ? byPhone(db, orRefuse(Validation.validatePhone(query.phone)))
      : query.order_id !== undefined
        ? eq(orders.id, query.order_id)
        : eq(orders.mchntOrderNo, (query.merchant_no ?? "").trim());
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(DESK_ORDER_SEARCH_LIMIT);
  return toWire(db, rows, now);
};

/** One order whole: the customer's view, its refund, payments and every QR code issued for it. */
export const deskOrder = async (db: Database, orderId: number, now: number): Promise<DeskOrderResponse> => {
  // What time has decided (an unpaid order past its deadline) shows here as it does to the customer.
  await expireDueOrders(db, now, { orderId });
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (row === undefined) throw refuse("OrderNotFound");
  const [[order], paid, codes] = await Promise.all([
    toWire(db, [row], now),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    db.select().from(qrCodes).where(eq(qrCodes.orderId, orderId)).orderBy(asc(qrCodes.issuedAt)),
  ]);
  if (order === undefined) throw refuse("OrderNotFound");
  return {
    order,
    refund_reason: row.refundReason,
    refund_requested_at: iso(row.refundRequestedAt),
    refunded_at: iso(row.refundedAt),
    payments: paid.map((p) => ({
      channel: p.channel,
      transaction_id: p.transactionId,
      amount: p.amount,
      paid_at: Time.formatChinaIso(p.paidAt.getTime()),
      refund_required: p.refundRequired,
      refunded_at: iso(p.refundedAt),
      refund_no: p.refundNo,
    })),
    qr_codes: codes.map((c) => ({
      code: c.code,
      issued_at: Time.formatChinaIso(c.issuedAt.getTime()),
      voided_at: iso(c.voidedAt),
      redeemed_at: iso(c.redeemedAt),
      redeemed_by: c.redeemedBy,
    })),
  };
};
