import { Invoice } from "@fuel/domain";
import type { InvoiceApplyRequest } from "@fuel/domain/api";
import { and, asc, eq, inArray } from "drizzle-orm";
import { Result } from "effect";
import { invoicePolicyOf } from "../catalogue/stations.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation, type Tx } from "../db/queryable.ts";
import { invoiceOrders, invoices, orders, stations } from "../db/schema.ts";
import { expireDueOrders } from "../orderRecords/expiry.ts";
import type { OrderRow } from "../orderRecords/rows.ts";
import { refuse } from "../refusals/Refusal.ts";
import { orderStatusOf } from "./records.ts";
import { readInvoiceSettings } from "./settings.ts";
import { findOwnTitle } from "./titles.ts";

/**
 * `POST /api/invoice/apply` (issue 35 item 3): one request for used orders of the customer's own,
 * by `Invoice.checkInvoiceRequest`, its line by `Invoice.fuelInvoiceLine` / `rechargeInvoiceLine`
 * (what was paid, never the pump amount), written in ONE transaction that first locks the orders
 * (SELECT ... FOR UPDATE, in id order so two requests never deadlock). A refund takes the same
 * lock (src/orders/requestRefund.ts), so a request racing a refund of one of its orders sees the
 * refund and is refused, or is written first and the refund finds the order used; never both.
 * Two requests for one order at once: the second sees the first's hold after the lock, and the
 * partial unique index on held orders refuses it even if it did not.
 */

/** The orders, locked, in id order; undefined when any is missing or another customer's. */
const lockOwnOrders = async (tx: Tx, userId: number, ids: readonly number[]): Promise<OrderRow[] | undefined> => {
  const rows = await tx.select().from(orders).where(inArray(orders.id, [...ids])).orderBy(asc(orders.id)).for("update");
  if (rows.length !== ids.length || rows.some((r) => r.userId !== userId)) return undefined;
  return rows;
};

/** The state of the request holding each order, if one does. */
const holdersOf = async (tx: Tx, ids: readonly number[]): Promise<Map<number, Invoice.InvoiceState>> => {
  const rows = await tx
    .select({ orderId: invoiceOrders.orderId, state: invoices.state })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(and(inArray(invoiceOrders.orderId, [...ids]), eq(invoiceOrders.holds, true)));
  return new Map(rows.map((r) => [r.orderId, r.state as Invoice.InvoiceState]));
};

const candidateOf = (row: OrderRow, holder: Invoice.InvoiceState | undefined): Invoice.InvoiceCandidate => ({
  order_id: row.id,
  kind: row.kind === "recharge" ? "recharge" : "fuel",
  status: orderStatusOf(row.status),
  refund_status: row.refundStatus,
  station_id: row.stationId,
  used_at: row.usedAt === null ? null : row.usedAt.getTime(),
  invoice_state: holder ?? null,
});

export const applyForInvoice = async (db: Database, userId: number, request: InvoiceApplyRequest, now: number): Promise<{ invoice_id: number }> => {
  const distinct = [...new Set(request.order_ids)];
  // What time has decided (an unpaid order past its deadline) shows here as on the order list.
  if (distinct.length > 0) await expireDueOrders(db, now, { userId });
  try {
    return await db.transaction(async (tx) => {
      const locked = distinct.length === 0 ? [] : await lockOwnOrders(tx, userId, distinct);
      if (locked === undefined) throw refuse("OrderNotFound");
      const title = await findOwnTitle(tx, userId, request.title_id);
      if (title === undefined) throw refuse("InvoiceTitleNotFound");

      const byId = new Map(locked.map((r) => [r.id, r]));
      const holders = distinct.length === 0 ? new Map<number, Invoice.InvoiceState>() : await holdersOf(tx, distinct);
      const stationIds = [...new Set(locked.flatMap((r) => (r.stationId === null ? [] : [r.stationId])))];
      const stationRows =
        stationIds.length === 0
          ? []
          : await tx.select({ id: stations.id, title: stations.title, invoicePolicy: stations.invoicePolicy }).from(stations).where(inArray(stations.id, stationIds));
      const stationById = new Map(stationRows.map((s) => [s.id, s]));
      const settings = await readInvoiceSettings(tx);

      // In the order asked for, duplicates included: the rule names an order listed twice.
      const candidates = request.order_ids.map((id) => candidateOf(byId.get(id)!, holders.get(id)));
      const shape = Invoice.checkInvoiceRequest(candidates, {
        now,
        windowDays: settings.windowDays,
        rechargeInvoice: settings.rechargeInvoice,
        policyOf: (id) => {
          const s = stationById.get(id);
          return s === undefined ? undefined : invoicePolicyOf(s);
        },
      });
      if (Result.isFailure(shape)) throw refuse(shape.failure.key, shape.failure.params);
      const { kind, stationId, issuer } = shape.success;

      const line =
        kind === "fuel"
          ? Invoice.fuelInvoiceLine(locked.map((r) => ({ amount: r.amount, order_amount: r.orderAmount, gas_original_price: r.gasOriginalPrice })))
          : Invoice.rechargeInvoiceLine(locked);
      const [added] = await tx
        .insert(invoices)
        .values({
          userId,
          state: "requested",
          issuer,
          kind,
          stationId,
          stationTitle: stationId === null ? null : (stationById.get(stationId)?.title ?? null),
          titleType: title.type,
          titleName: title.name,
          titleTaxId: title.taxId,
          titleEmail: title.email,
          titlePhone: title.phone,
          titleAddress: title.address,
          titleBank: title.bank,
          titleAccount: title.account,
          description: line.description,
          unit: line.unit,
          litres: line.litres,
          unitPrice: line.unitPrice,
          amount: line.amount,
          tax: line.tax,
          net: line.net,
          taxPercent: line.taxPercent,
          createdAt: new Date(now),
        })
        .returning({ id: invoices.id });
      const invoiceId = added!.id;
      await tx.insert(invoiceOrders).values(distinct.map((orderId) => ({ invoiceId, orderId, holds: true })));
      return { invoice_id: invoiceId };
    });
  } catch (err) {
    // Another request took one of the orders between our checks and our write: it holds it now.
    if (isUniqueViolation(err)) throw refuse("InvoiceOrderPending", { order_id: distinct[0] ?? 0 });
    throw err;
  }
};
