import { Result } from "effect";
import type { OrderKind } from "../order/Kinds.ts";
import type { OrderStatus } from "../order/Status.ts";
import { REFUND_STATUS } from "../Refund.ts";
import type { EpochMs } from "../Time.ts";
import type { InvoicePolicy, RechargeInvoiceMode } from "./Policy.ts";
import { isOpen, type InvoiceState } from "./State.ts";
import { isWithinInvoiceWindow } from "./Window.ts";

/**
 * Issue 35 item 3: which orders may be invoiced, and which may share one request. The server
 * refuses with the first reason; the app greys out an order with the same reason.
 * @module
 */

/** The most orders one request merges. */
export const MAX_ORDERS_PER_INVOICE = 50;

/** An order as the rules read it. */
export interface InvoiceCandidate {
  readonly order_id: number;
  readonly kind: OrderKind;
  readonly status: OrderStatus;
  readonly refund_status: number;
  /** The fuel order's station; null for a top-up. */
  readonly station_id: number | null;
  /** When it was used (redeemed at the pump; a top-up: settled); null if never. */
  readonly used_at: EpochMs | null;
  /** The state of the newest request holding it; null when none does. */
  readonly invoice_state: InvoiceState | null;
}

export interface InvoiceRules {
  readonly now: EpochMs;
  readonly windowDays: number;
  /** The invoice policy of a station; undefined for one that is gone. */
  readonly policyOf: (stationId: number) => InvoicePolicy | undefined;
  readonly rechargeInvoice: RechargeInvoiceMode;
}

export type OrderRefusalKey =
  | "InvoiceOrderInvoiced"
  | "InvoiceOrderPending"
  | "InvoiceOrderRefunded"
  | "InvoiceOrderUnpaid"
  | "InvoiceOrderCancelled"
  | "InvoiceOrderExpired"
  | "InvoiceOrderVoided"
  | "InvoiceOrderNotUsed"
  | "InvoiceNotOffered"
  | "InvoiceRechargeAtConsumption"
  | "InvoiceWindowClosed";

export type RequestRefusalKey = OrderRefusalKey | "InvoiceNoOrders" | "InvoiceTooManyOrders" | "InvoiceOrderTwice" | "InvoiceStationsMixed" | "InvoiceKindsMixed";

export interface InvoiceRefusal<K extends string = RequestRefusalKey> {
  readonly key: K;
  readonly params: Readonly<Record<string, number>>;
}

const refusal = <K extends string>(key: K, params: Record<string, number> = {}): InvoiceRefusal<K> => ({ key, params });

const STATUS_REFUSALS: Readonly<Record<Exclude<OrderStatus, "used">, OrderRefusalKey>> = {
  unpaid: "InvoiceOrderUnpaid",
  unused: "InvoiceOrderNotUsed",
  rejected: "InvoiceOrderVoided",
  voided: "InvoiceOrderVoided",
  expired: "InvoiceOrderExpired",
  cancelled: "InvoiceOrderCancelled",
};

/** Why this one order cannot be invoiced now, or undefined when it can. */
export const orderRefusal = (order: InvoiceCandidate, rules: InvoiceRules): InvoiceRefusal<OrderRefusalKey> | undefined => {
  const id = { order_id: order.order_id };
  if (order.invoice_state === "issued") return refusal("InvoiceOrderInvoiced", id);
  if (order.invoice_state !== null && isOpen(order.invoice_state)) return refusal("InvoiceOrderPending", id);
  if (order.refund_status !== REFUND_STATUS.none) return refusal("InvoiceOrderRefunded", id);
  if (order.status !== "used" || order.used_at === null) return refusal(order.status === "used" ? "InvoiceOrderNotUsed" : STATUS_REFUSALS[order.status], id);
  if (order.kind === "recharge") {
    if (rules.rechargeInvoice === "at_consumption") return refusal("InvoiceRechargeAtConsumption", id);
  } else {
    const policy = order.station_id === null ? undefined : rules.policyOf(order.station_id);
    if (policy === undefined || policy === "none") return refusal("InvoiceNotOffered", id);
  }
  if (!isWithinInvoiceWindow(order.used_at, rules.now, rules.windowDays)) return refusal("InvoiceWindowClosed", { ...id, days: rules.windowDays });
  return undefined;
};

/** What a valid request is: one kind of order, one station for fuel, and who issues it. */
export interface InvoiceRequestShape {
  readonly kind: OrderKind;
  /** The station of its fuel orders; null for top-ups. */
  readonly stationId: number | null;
  /** `station` or `platform`; top-ups are the platform's (it sold the prepaid card). */
  readonly issuer: Exclude<InvoicePolicy, "none">;
}

/** Issue 35 item 3: whether these orders may be asked for in one request, and by whom it is issued; else the first reason. */
export const checkInvoiceRequest = (
  orders: ReadonlyArray<InvoiceCandidate>,
  rules: InvoiceRules,
): Result.Result<InvoiceRequestShape, InvoiceRefusal> => {
  if (orders.length === 0) return Result.fail(refusal("InvoiceNoOrders"));
  if (orders.length > MAX_ORDERS_PER_INVOICE) return Result.fail(refusal("InvoiceTooManyOrders", { max: MAX_ORDERS_PER_INVOICE }));
  const seen = new Set<number>();
  for (const order of orders) {
    if (seen.has(order.order_id)) return Result.fail(refusal("InvoiceOrderTwice", { order_id: order.order_id }));
    seen.add(order.order_id);
  }
  for (const order of orders) {
    const refused = orderRefusal(order, rules);
    if (refused !== undefined) return Result.fail(refused);
  }
  const first = orders[0]!;
  if (orders.some((o) => o.kind !== first.kind)) return Result.fail(refusal("InvoiceKindsMixed"));
  if (first.kind === "recharge") return Result.succeed({ kind: "recharge", stationId: null, issuer: "platform" });
  if (orders.some((o) => o.station_id !== first.station_id)) return Result.fail(refusal("InvoiceStationsMixed"));
  const policy = rules.policyOf(first.station_id!);
  // orderRefusal let only stations that offer invoices through.
  return Result.succeed({ kind: "fuel", stationId: first.station_id, issuer: policy === "platform" ? "platform" : "station" });
};
