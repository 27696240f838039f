import fc from "fast-check";
import { FUEL_QR_VALIDITY_MS, RECHARGE_QR_EXPIRED_AFTER_MS, RECHARGE_QR_REGENERATE_HIDDEN_AFTER_MS, UNPAID_PAY_WINDOW_SECONDS } from "../Constants.ts";
import {
  CARD_TYPE_CODES,
  createOrder,
  ORDER_STATUSES,
  OrderEvent,
  STATUS_CODES,
  type CardType,
  type Order,
  type OrderKind,
  type OrderStatus,
  type StatusCode,
} from "../Order.ts";
import { REFUND_STATUS } from "../Refund.ts";
import type { EpochMs } from "../Time.ts";

/**
 * fast-check arbitraries for the order rules (`Order`, `QrCode`): statuses, orders in every state
 * they can reach, events, and timed event sequences whose gaps cluster around the rules'
 * boundaries (15 min, 8 min, 24 h, 48 h), so other teams can property-test against our life cycle.
 * @module
 */

const PAY_WINDOW_MS = UNPAID_PAY_WINDOW_SECONDS * 1_000;

/** An instant (epoch ms) between 2020 and 2040. */
export const epochMs: fc.Arbitrary<EpochMs> = fc.integer({ min: 1_577_836_800_000, max: 2_208_988_800_000 });

/** An order kind: fuel or recharge. */
export const orderKind: fc.Arbitrary<OrderKind> = fc.constantFrom<OrderKind>("fuel", "recharge");

/** A named order status (spec §4). */
export const orderStatus: fc.Arbitrary<OrderStatus> = fc.constantFrom(...ORDER_STATUSES);

/** An order_status code spec §4 defines. */
export const orderStatusCode: fc.Arbitrary<StatusCode> = fc.constantFrom(...STATUS_CODES);

/** Any number that is not an order_status code: other integers, fractions, NaN, infinities. */
export const unknownStatusCode: fc.Arbitrary<number> = fc
  .oneof(fc.integer(), fc.double())
  .filter((n) => !(STATUS_CODES as ReadonlyArray<number>).includes(n));

/** A recharge card type. */
export const cardType: fc.Arbitrary<CardType> = fc.constantFrom(...(Object.keys(CARD_TYPE_CODES) as CardType[]));

/** A refund_status code we define (0..3). */
export const refundStatus: fc.Arbitrary<number> = fc.constantFrom(...Object.values(REFUND_STATUS));

const boundaries = [PAY_WINDOW_MS, RECHARGE_QR_REGENERATE_HIDDEN_AFTER_MS, RECHARGE_QR_EXPIRED_AFTER_MS, FUEL_QR_VALIDITY_MS];

/**
 * A duration (ms, 0 .. a little over 48 h) that lands on, or within a second either side of, a rule
 * boundary half the time, and anywhere the other half.
 */
export const durationMs: fc.Arbitrary<number> = fc.oneof(
  fc.tuple(fc.constantFrom(...boundaries), fc.integer({ min: -1_000, max: 1_000 })).map(([b, d]) => b + d),
  fc.integer({ min: 0, max: FUEL_QR_VALIDITY_MS + 60 * 60 * 1_000 }),
);

/** A rejection reason: usually text, sometimes blank (which the machine must refuse). */
export const rejectionReason: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\t\n") },
);

/** The statuses an order of `kind` can reach: only fuel orders expire by QR, only recharges are rejected. */
export const reachableStatuses = (kind: OrderKind): ReadonlyArray<OrderStatus> =>
  ORDER_STATUSES.filter((s) => (kind === "fuel" ? s !== "rejected" : s !== "expired"));

/**
 * An order record in a state the life cycle can reach: unpaid and cancelled orders never paid,
 * every other status paid inside the pay window, a rejected recharge carries a reason. Optionally
 * pinned to one kind or status.
 */
export const order = (pin: { readonly kind?: OrderKind; readonly status?: OrderStatus } = {}): fc.Arbitrary<Order> =>
  fc
    .record({
      kind: pin.kind === undefined ? orderKind : fc.constant(pin.kind),
      createdAt: epochMs,
      payLagMs: fc.integer({ min: 0, max: PAY_WINDOW_MS - 1 }),
      pick: fc.nat(),
      reason: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ""),
    })
    .filter(({ kind }) => pin.status === undefined || reachableStatuses(kind).includes(pin.status))
    .map(({ kind, createdAt, payLagMs, pick, reason }) => {
      const statuses = reachableStatuses(kind);
      const status = pin.status ?? statuses[pick % statuses.length]!;
      const base = createOrder({ kind, createdAt });
      if (status === "unpaid" || status === "cancelled") return { ...base, status };
      const paid: Order = { ...base, status, paidAt: createdAt + payLagMs };
      return status === "rejected" ? { ...paid, reason: reason.trim() } : paid;
    });

const eventOf = (pay: fc.Arbitrary<EpochMs>, payWeight: number): fc.Arbitrary<OrderEvent> =>
  fc.oneof(
    { weight: 1, arbitrary: orderKind.map((kind) => OrderEvent.Create({ kind })) },
    { weight: payWeight, arbitrary: pay.map((at) => OrderEvent.Pay({ at })) },
    { weight: 1, arbitrary: fc.constant(OrderEvent.Cancel()) },
    { weight: 1, arbitrary: fc.constant(OrderEvent.Redeem()) },
    { weight: 1, arbitrary: fc.constant(OrderEvent.ExpireUnpaid()) },
    { weight: 1, arbitrary: fc.constant(OrderEvent.ExpireQr()) },
    { weight: 1, arbitrary: fc.constant(OrderEvent.Void()) },
    { weight: 1, arbitrary: rejectionReason.map((reason) => OrderEvent.RejectRecharge({ reason })) },
    { weight: 1, arbitrary: fc.constant(OrderEvent.SettleRecharge()) },
  );

/**
 * Any order event, each kind equally likely. `Pay` is made at an instant within a day of `around`
 * (default: anywhere in {@link epochMs}), so it may fall either side of a pay deadline.
 */
export const orderEvent = (around?: EpochMs): fc.Arbitrary<OrderEvent> =>
  eventOf(
    around === undefined
      ? epochMs
      : fc.integer({ min: around - RECHARGE_QR_EXPIRED_AFTER_MS, max: around + RECHARGE_QR_EXPIRED_AFTER_MS }),
    1,
  );

/** One step of a timed event sequence: the event and the instant (epoch ms) it is applied. */
export interface TimedEvent {
  readonly now: EpochMs;
  readonly event: OrderEvent;
}

/**
 * A sequence of events applied at non-decreasing instants from `start`. Gaps are mostly short
 * (under a minute) and otherwise drawn from {@link durationMs}, and `Pay` is drawn more often than
 * the others, so sequences get past the unpaid state and reach every later one. A `Pay` is
 * reported as made up to 2 minutes before the instant it is applied, the way a provider's
 * notification trails the payment.
 */
export const timedEvents = (start: EpochMs, options: { readonly maxLength?: number } = {}): fc.Arbitrary<ReadonlyArray<TimedEvent>> =>
  fc
    .array(
      fc.record({
        gap: fc.oneof(
          { weight: 1, arbitrary: fc.constant(0) },
          { weight: 3, arbitrary: fc.integer({ min: 0, max: 60_000 }) },
          { weight: 2, arbitrary: durationMs },
        ),
        event: eventOf(fc.constant(0), 4),
        payLag: fc.integer({ min: 0, max: 120_000 }),
      }),
      { maxLength: options.maxLength ?? 12 },
    )
    .map((steps) => {
      let now = start;
      return steps.map(({ gap, event, payLag }) => {
        now += gap;
        return { now, event: event._tag === "Pay" ? OrderEvent.Pay({ at: now - payLag }) : event };
      });
    });
