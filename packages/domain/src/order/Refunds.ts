import { Result } from "effect";
import { fuelQrValid } from "../QrCode.ts";
import { REFUND_STATUS } from "../Refund.ts";
import type { EpochMs } from "../Time.ts";
import { OrderEvent, transition } from "./Machine.ts";
import type { Order } from "./Record.ts";

/**
 * Issue 4: the fixed refund rule, and what a completed refund does to the order's status.
 * @module
 */

/**
 * Issue 4: whether a customer may ask for a refund of `order` at `now`. Only a fuel order that is
 * paid and unused (status 2), within its 48-hour QR validity (`QrCode.fuelQrValid`) and not
 * already being refunded (`refundStatus` 0) is refunded, in full, at once, without anyone
 * deciding. A recharge is never refunded on request: the distributor settles or rejects it.
 * An order without payment time is bad data and is not refunded.
 */
export const canRefund = (order: Order, refundStatus: number, now: EpochMs): boolean =>
  order.kind === "fuel" &&
  order.status === "unused" &&
  refundStatus === REFUND_STATUS.none &&
  order.paidAt !== undefined &&
  fuelQrValid(order.paidAt, now);

/**
 * Issue 4: the order once its refund has completed (refund_status 3). A refunded fuel order can no
 * longer be used, so an unused one is voided through the state machine (`Void`); anything else (a
 * rejected recharge whose money went back, an order already closed) keeps its status and reason.
 */
export const afterRefund = (order: Order, now: EpochMs): Order => {
  if (order.kind !== "fuel") return order;
  const voided = transition(order, OrderEvent.Void(), now);
  return Result.isSuccess(voided) ? voided.success : order;
};

/** Where a refund's money goes: back the way it was paid (the order's `paytype`), or unknown when the order does not say. */
export type RefundRoute = "wechat" | "fy" | "original";

/** The three states of a refund once asked for (`refund_status` 1, 2, 3). */
export type RefundState = "requested" | "refunding" | "refunded";

/**
 * The usual time a refund takes to arrive once the channel has it, in working days: WeChat Pay's
 * published figure (to the change balance within minutes, to a bank card up to 3 working days).
 * Shown while a refund is under way; the wire carries no refund time.
 */
export const REFUND_USUAL_MAX_WORKING_DAYS = 3;

/** Issue 25: what a customer reads about a refund: how much, where to, how far along, and what was paid net. */
export interface RefundFacts {
  /** Cents refunded (or to be): the whole amount paid (issue 4: refunds are full). */
  readonly amount: number;
  readonly route: RefundRoute;
  readonly state: RefundState;
  /** Cents the customer has paid once the refund is done (0), or the amount paid while it is under way. */
  readonly netPaid: number;
  /** Working days it usually takes to arrive; undefined once refunded. */
  readonly usualMaxWorkingDays: number | undefined;
}

const STATE_OF_CODE: ReadonlyMap<number, RefundState> = new Map([
  [REFUND_STATUS.requested, "requested"],
  [REFUND_STATUS.refunding, "refunding"],
  [REFUND_STATUS.refunded, "refunded"],
]);

/**
 * Issue 25: the refund of an order that paid `paid` cents through `paytype`, by its `refund_status`;
 * undefined when no refund was asked for (0) or the code is unknown. Refunds are full (issue 4),
 * back through the channel that took the money.
 */
export const refundFacts = (order: { readonly paid: number; readonly paytype: "wechat" | "fy" | undefined; readonly refundStatus: number }): RefundFacts | undefined => {
  const state = STATE_OF_CODE.get(order.refundStatus);
  if (state === undefined) return undefined;
  const done = state === "refunded";
  return {
    amount: order.paid,
    route: order.paytype ?? "original",
    state,
    netPaid: done ? 0 : order.paid,
    usualMaxWorkingDays: done ? undefined : REFUND_USUAL_MAX_WORKING_DAYS,
  };
};
