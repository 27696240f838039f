import { Invoice } from "@fuel/domain";
import { desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../db/queryable.ts";
import { invoiceOrders, invoices } from "../db/schema.ts";

/** Issue 35: the invoice request behind each order, read with the orders (`Order.invoice`). */

const stateOf = (s: string): Invoice.InvoiceState => ((Invoice.INVOICE_STATES as ReadonlyArray<string>).includes(s) ? (s as Invoice.InvoiceState) : "requested");

/** The newest request of each order (the one holding it, when one does), for `Order.invoice` on every order answer. */
export const invoicesOfOrders = async (db: Queryable, orderIds: readonly number[]): Promise<Map<number, { invoice_id: number; state: Invoice.InvoiceState }>> => {
  const found = new Map<number, { invoice_id: number; state: Invoice.InvoiceState }>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select({ orderId: invoiceOrders.orderId, invoiceId: invoices.id, state: invoices.state })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(inArray(invoiceOrders.orderId, [...new Set(orderIds)]))
    .orderBy(desc(invoices.id));
  // Newest first: the first row of an order is its newest request. An order is held by one
  // request at most (invoice_orders_one_holder_idx), and a later one can only follow a refusal.
  for (const r of rows) if (!found.has(r.orderId)) found.set(r.orderId, { invoice_id: r.invoiceId, state: stateOf(r.state) });
  return found;
};

