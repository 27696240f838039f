import { UNPAID_PAY_WINDOW_SECONDS } from "../Constants.ts";
import type { EpochMs } from "../Time.ts";
import type { OrderKind } from "./Kinds.ts";
import type { OrderStatus } from "./Status.ts";

/**
 * The order record the life-cycle rules work on (spec §3, §4), its creation and the unpaid countdown.
 * The full wire entity lives in the API contract.
 * @module
 */

const MS_PER_SECOND = 1_000;

/**
 * The facts of an order the life-cycle rules need (spec §3, §4). `paidAt` is set once paid;
 * `reason` is the distributor's rejection reason of a rejected recharge order.
 */
export interface Order {
  readonly kind: OrderKind;
  readonly status: OrderStatus;
  /** Epoch ms the order was created (created_at). */
  readonly createdAt: EpochMs;
  /** Epoch ms from which the order can no longer be paid: createdAt + 15 min. */
  readonly payDeadline: EpochMs;
  /** Epoch ms of payment (payment_time). */
  readonly paidAt?: EpochMs;
  /** Spec §3/§4: why the distributor rejected a recharge order. */
  readonly reason?: string;
}

/** Issue 4: the instant (epoch ms) an order created at `createdAt` can no longer be paid: 15 minutes later. */
export const payDeadline = (createdAt: EpochMs): EpochMs => createdAt + UNPAID_PAY_WINDOW_SECONDS * MS_PER_SECOND;

/** Spec §4: a new order is unpaid, with 15 minutes to pay. */
export const createOrder = (input: { readonly kind: OrderKind; readonly createdAt: EpochMs }): Order => ({
  kind: input.kind,
  status: "unpaid",
  createdAt: input.createdAt,
  payDeadline: payDeadline(input.createdAt),
});

/**
 * Spec §3/§4: whole seconds left to pay an order at `now`: the value of the `count` field a server
 * sends. Rounded up, so the order is payable exactly while this is above 0; never negative.
 */
export const secondsLeftToPay = (order: Pick<Order, "payDeadline">, now: EpochMs): number =>
  Math.max(0, Math.ceil((order.payDeadline - now) / MS_PER_SECOND));

/**
 * Spec §3/§4: the unpaid countdown shown on the list and detail, in whole seconds. `countAtLoad` is
 * the `count` field (seconds left to pay when the order was loaded) and `elapsedMs` the time since.
 * It ticks down once per full second elapsed, stops at 0, and never counts up: a negative elapsed
 * time (a clock set back) counts as none, and nonsense input reads as 0 so nothing stays payable by
 * accident.
 */
export const unpaidSecondsLeft = (countAtLoad: number, elapsedMs: number): number => {
  if (!Number.isFinite(countAtLoad) || Number.isNaN(elapsedMs)) return 0;
  // In integer milliseconds, so no binary fraction can push a whole second across the rounding.
  const leftMs = Math.round(countAtLoad * MS_PER_SECOND) - Math.max(0, elapsedMs);
  return Math.max(0, Math.ceil(leftMs / MS_PER_SECOND));
};

/**
 * The payment instant the QR rules judge a paid order by: its `paidAt`. A paid order without
 * payment_time is bad data; the payment happened before the pay deadline, so the deadline is the
 * latest instant it can have happened: using it never cuts a code short, and errs by at most the
 * 15 minutes the pay window lasts.
 */
export const paidAtOf = (order: Order): EpochMs => order.paidAt ?? order.payDeadline;
