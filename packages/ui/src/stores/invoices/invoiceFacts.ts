import { Constants, Invoice, Order, Time } from "@fuel/domain";
import type { WebInfo, Order as WireOrder } from "@fuel/domain/api";
import { Result } from "effect";
import { kindOf } from "../orders/OrderEntry.ts";

/**
 * Issue 35: an order and the site settings as `Invoice`'s rules read them. Only translation from
 * the wire here; what may be invoiced is the domain's (`Invoice.orderRefusal`, `checkInvoiceRequest`).
 */

/** The site's invoice window in days; the domain's default until the settings say otherwise. */
export const windowDaysOf = (info: WebInfo | undefined): number => info?.invoice_window_days ?? Invoice.DEFAULT_INVOICE_WINDOW_DAYS;

/** How the site invoices top-ups; the domain's default until the settings say otherwise. */
export const rechargeModeOf = (info: WebInfo | undefined): Invoice.RechargeInvoiceMode => info?.recharge_invoice ?? Invoice.DEFAULT_RECHARGE_INVOICE;

/** When the order was used, as an instant; null when it was not (or an older server does not say). */
export const usedAtOf = (order: WireOrder): number | null => {
  const wire = order.used_at;
  return wire === undefined || wire === null ? null : (Time.parseWireInstant(wire) ?? null);
};

/** The order as `Invoice.orderRefusal` reads it. */
export const candidateOf = (order: WireOrder): Invoice.InvoiceCandidate => {
  const status = Order.statusFromCode(order.order_status);
  return {
    order_id: order.order_id,
    kind: kindOf(order),
    // The contract admits only the spec's codes; an unknown one reads voided, as the order pages read it.
    status: Result.isSuccess(status) ? status.success : "voided",
    refund_status: order.refund_status,
    station_id: order.stationInfo?.id ?? null,
    used_at: usedAtOf(order),
    invoice_state: order.invoice?.state ?? null,
  };
};

/** The rules at `now`, each station's policy read off the orders themselves (their `stationInfo`). */
export const rulesFor = (orders: ReadonlyArray<WireOrder>, info: WebInfo | undefined, now: number): Invoice.InvoiceRules => ({
  now,
  windowDays: windowDaysOf(info),
  policyOf: (stationId) => orders.find((o) => o.stationInfo?.id === stationId)?.stationInfo?.invoice_policy,
  rechargeInvoice: rechargeModeOf(info),
});

// A fuel order is used within its code's 48 h after payment, paid within minutes of being made:
// one made longer ago than the window and that can no longer be inside it.
const USED_AFTER_CREATION_MAX_MS = Constants.FUEL_QR_VALIDITY_MS + 3_600_000;

/**
 * Whether an order made at `createdAt` may still be inside the invoice window at `now`: the order
 * list is newest first, so the apply screen stops reading pages at the first that cannot.
 */
export const mayStillBeInWindow = (createdAt: number, now: number, windowDays: number): boolean =>
  Invoice.isWithinInvoiceWindow(createdAt + USED_AFTER_CREATION_MAX_MS, now, windowDays);
