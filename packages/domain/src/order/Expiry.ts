import { Result } from "effect";
import { REFUND_STATUS } from "../Refund.ts";
import type { EpochMs } from "../Time.ts";
import { OrderEvent, transition } from "./Machine.ts";
import type { Order } from "./Record.ts";

/**
 * Spec §4 / issue 4: the time-driven transitions, applied through the state machine.
 * @module
 */

/**
 * Spec §4 / issue 4: the order as time has left it at `now`. An unpaid order whose pay window has
 * closed is cancelled (`ExpireUnpaid`); an unused fuel order whose QR code is 48 hours old is
 * expired (`ExpireQr`), unless a refund was asked for (`refundStatus` other than 0): then it keeps
 * its status until the refund settles it (`afterRefund`). Anything else, or an event not yet due,
 * leaves the order as it is.
 *
 * The server applies the same rule in bulk SQL (`expireDueOrders`); a property test on the
 * database proves the two agree for every status and instant.
 */
export const expireIfDue = (order: Order, refundStatus: number, now: EpochMs): Order => {
  const due =
    order.status === "unpaid"
      ? OrderEvent.ExpireUnpaid()
      : order.status === "unused" && order.kind === "fuel" && refundStatus === REFUND_STATUS.none
        ? OrderEvent.ExpireQr()
        : undefined;
  if (due === undefined) return order;
  const next = transition(order, due, now);
  return Result.isSuccess(next) ? next.success : order;
};
