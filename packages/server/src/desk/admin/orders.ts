import { Time } from "@fuel/domain";
import type { DeskOrderResponse, Order as WireOrder } from "@fuel/domain/api";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders, payments, qrCodes } from "../../db/schema.ts";
import { expireDueOrders } from "../../orderRecords/expiry.ts";
import { liveQrCodes, stationsByIds } from "../../orderRecords/queries.ts";
import { orderToWire, type OrderRow } from "../../orderRecords/rows.ts";
import { invoicesOfOrders } from "../../orderRecords/orderInvoices.ts";
import { refuse } from "../../refusals/Refusal.ts";

/**
 * The admin's look at one order whole (issue 26; the list and its CSV: orderList.ts). Read only, so no audit row;
 * each order goes through the customer's own wire mapping (orderToWire), so the desk and the
 * customer never disagree about status, QR visibility or amounts.
 */

const iso = (at: Date | null): string | null => (at === null ? null : Time.formatChinaIso(at.getTime()));

/** The customer's wire form of each row; the desk sees whole card numbers (`ownCard` true). */
export const deskOrdersToWire = async (db: Database, rows: readonly OrderRow[], now: number): Promise<WireOrder[]> => {
  const stationIds = rows.flatMap((r) => (r.stationId === null ? [] : [r.stationId]));
  const ids = rows.map((r) => r.id);
  const [stations, codes, invoices] = await Promise.all([stationsByIds(db, stationIds), liveQrCodes(db, ids), invoicesOfOrders(db, ids)]);
  return rows.map((r) => orderToWire(r, r.stationId === null ? null : (stations.get(r.stationId) ?? null), codes.get(r.id) ?? null, now, true, invoices.get(r.id) ?? null));
};

/** One order whole: the customer's view, its refund, payments and every QR code issued for it. */
export const deskOrder = async (db: Database, orderId: number, now: number): Promise<DeskOrderResponse> => {
  // What time has decided (an unpaid order past its deadline) shows here as it does to the customer.
  await expireDueOrders(db, now, { orderId });
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (row === undefined) throw refuse("OrderNotFound");
  const [[order], paid, codes] = await Promise.all([
    deskOrdersToWire(db, [row], now),
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
