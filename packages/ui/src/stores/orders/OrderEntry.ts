import { Order, Time } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import { Result } from "effect";

/**
 * An order as the server answered it and when (the device's clock at that moment): `count` is the
 * seconds left to pay *at load*, so the countdown and the status a customer sees now are measured
 * from `loadedAt` with the domain's rules (`Order.unpaidSecondsLeft`, `Order.expireIfDue`).
 */
export interface OrderEntry {
  readonly order: WireOrder;
  readonly loadedAt: number;
}

export const entryOf = (order: WireOrder, loadedAt: number): OrderEntry => ({ order, loadedAt });

/** Spec §4: order_type 1 (entity card) is a card recharge, anything with a card a recharge too; the rest are one-key fuel orders. */
export const kindOf = (order: WireOrder): Order.OrderKind =>
  order.card_type !== null || order.order_type === Order.orderTypeCode("entityCard") ? "recharge" : "fuel";

/** Spec §4: the named status of the wire code (the contract admits only the spec's codes). */
const statusOf = (order: WireOrder): Order.OrderStatus => {
  const status = Order.statusFromCode(order.order_status);
  return Result.isSuccess(status) ? status.success : "voided";
};

/** Whole seconds left to pay an unpaid order at `now` (spec §4's countdown from `count`); 0 otherwise. */
export const secondsLeftToPay = (entry: OrderEntry, now: number): number =>
  statusOf(entry.order) === "unpaid" ? Order.unpaidSecondsLeft(entry.order.count, now - entry.loadedAt) : 0;

/**
 * The domain's record of the order as time has left it at `now` (`Order.expireIfDue`): an unpaid
 * order whose countdown reached 0 reads cancelled, a paid fuel order 48 h after payment reads
 * expired, without asking the server again. The pay deadline is the server's (`count` at load),
 * not the phone's idea of created_at + 15 min, so a phone clock that is off does not matter.
 */
export const factsAt = (entry: OrderEntry, now: number): Order.Order => {
  const { order, loadedAt } = entry;
  const createdAt = Time.parseWireInstant(order.created_at) ?? loadedAt;
  const paidAt = order.payment_time === null ? undefined : Time.parseWireInstant(order.payment_time);
  const status = statusOf(order);
  const facts: Order.Order = {
    kind: kindOf(order),
    status,
    createdAt,
    payDeadline: status === "unpaid" ? loadedAt + order.count * 1_000 : Order.payDeadline(createdAt),
    ...(paidAt === undefined ? {} : { paidAt }),
    ...(order.reason === null ? {} : { reason: order.reason }),
  };
  return Order.expireIfDue(facts, order.refund_status, now);
};

/** Spec §4: the actions to offer on the order at `now` (cancel and pay while unpaid, show QR...). */
export const actionsAt = (entry: OrderEntry, now: number): ReadonlyArray<Order.OrderAction> => Order.allowedActions(factsAt(entry, now), now);

/** Spec §4: the status label to show (`Order.statusLabel`: code 2 reads 'paid' on the detail, a refund reads as one). */
export const statusLabelAt = (entry: OrderEntry, now: number, view: "list" | "detail"): Order.StatusLabel => {
  const facts = factsAt(entry, now);
  return Order.statusLabel(facts.status, facts.kind, view, entry.order.refund_status);
};

/** Issue 25: the word for the order's `amount` at `now` (`Order.amountLabel`: 'payable' only while it can be paid). */
export const amountLabelAt = (entry: OrderEntry, now: number): Order.AmountLabel => Order.amountLabel(factsAt(entry, now));
