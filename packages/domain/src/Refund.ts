import { Data, Result } from "effect";

/**
 * The refund state of an order, its `refund_status` field. A refund is a matter beside the order's
 * status: asking for one does not change order_status; only a completed refund voids a fuel order
 * (`Order.afterRefund`).
 * @module
 */

/**
 * Refund states of an order's `refund_status` field, by name.
 * Spec §4 names only code 3 (it hides the 'regenerate QR' button); the other codes and all the
 * names are our decision, chosen so that 0 is the default of an order nobody asked to refund.
 */
export const REFUND_STATUS = {
  none: 0,
  requested: 1,
  refunding: 2,
  refunded: 3,
} as const;

/** A `refund_status` code we know (see {@link REFUND_STATUS}). */
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];

/** Every `refund_status` code, in order. */
export const REFUND_STATUS_CODES = [
  REFUND_STATUS.none,
  REFUND_STATUS.requested,
  REFUND_STATUS.refunding,
  REFUND_STATUS.refunded,
] as const satisfies ReadonlyArray<RefundStatus>;

/** Whether a refund was asked for and has not completed yet (requested or refunding): the channel must be asked (again). */
export const isRefundUnderWay = (refundStatus: number): boolean =>
  refundStatus === REFUND_STATUS.requested || refundStatus === REFUND_STATUS.refunding;

/** The longest refund reason the server keeps (a line of text on the wire). */
export const REFUND_REASON_MAX_LENGTH = 256;

/** Issue 4: a refund request without a reason (or only blanks): 'tell us why you want a refund'. */
export class RefundReasonMissing extends /* @__PURE__ */ Data.TaggedError("RefundReasonMissing")<{}> {}

/**
 * Issue 4/12: the reason a customer gives for a refund, trimmed; blank is {@link RefundReasonMissing}
 * (the server refuses it with the same words). The input holds at most
 * {@link REFUND_REASON_MAX_LENGTH} characters, so a longer one is cut there rather than refused.
 */
export const validateRefundReason = (raw: string): Result.Result<string, RefundReasonMissing> => {
  const reason = raw.trim().slice(0, REFUND_REASON_MAX_LENGTH).trim();
  return reason === "" ? Result.fail(new RefundReasonMissing()) : Result.succeed(reason);
};
