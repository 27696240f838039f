import type { Order } from "./Record.ts";
import type { OrderStatus } from "./Status.ts";

/**
 * Issue 25: which word goes before an order's money (`amount`, what is charged).
 * @module
 */

/**
 * - `payable`: still to be paid (unpaid, the countdown running);
 * - `paid`: the money was paid (payment time set), whatever happened since, a refund included
 *   (the refund shows beside it as its own line);
 * - `unpaid`: closed without payment (cancelled, or expired unpaid): nothing was or is owed.
 */
export type AmountLabel = "payable" | "paid" | "unpaid";

/** The states only a paid order reaches (spec §4): paid even when the payment time is missing from the data. */
const PAID_STATUSES: ReadonlyArray<OrderStatus> = ["unused", "used", "rejected", "voided"];

/** The word for an order's `amount` by its status and payment: 'payable' only while it can still be paid. */
export const amountLabel = (order: Pick<Order, "status" | "paidAt">): AmountLabel => {
  if (order.paidAt !== undefined || PAID_STATUSES.includes(order.status)) return "paid";
  return order.status === "unpaid" ? "payable" : "unpaid";
};
