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
