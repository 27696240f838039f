import { Data, Result } from "effect";
import { isRefundUnderWay, REFUND_STATUS } from "../Refund.ts";
import type { OrderKind } from "./Kinds.ts";

/**
 * Spec §4: the order_status codes, their names, the terminal states, and the label a customer reads.
 * @module
 */

/**
 * Spec §4: the named states of an order. `unused` is code 2 (paid, not yet redeemed), `used` is
 * code 3 (redeemed; for a recharge, done).
 */
export type OrderStatus = "unpaid" | "unused" | "used" | "rejected" | "voided" | "expired" | "cancelled";

/** Spec §4: every order_status code, in the spec's order. */
export const STATUS_CODES = [1, 2, 3, 6, 7, 8, 9] as const;

/** Spec §4: an order_status code. */
export type StatusCode = (typeof STATUS_CODES)[number];

const CODE_OF_STATUS = {
  unpaid: 1,
  unused: 2,
  used: 3,
  rejected: 6,
  voided: 7,
  expired: 8,
  cancelled: 9,
} as const satisfies Record<OrderStatus, StatusCode>;

const STATUS_OF_CODE: ReadonlyMap<number, OrderStatus> = new Map(
  (Object.keys(CODE_OF_STATUS) as OrderStatus[]).map((status) => [CODE_OF_STATUS[status], status]),
);

/** Spec §4: every named state, in the order of their codes. */
export const ORDER_STATUSES: ReadonlyArray<OrderStatus> = STATUS_CODES.map((code) => STATUS_OF_CODE.get(code)!);

/**
 * Spec §4: the states no event leaves. A used, rejected, voided, expired or cancelled order is
 * history; a refund (refund_status) is a separate matter that does not change order_status.
 */
export const TERMINAL_STATUSES = ["used", "rejected", "voided", "expired", "cancelled"] as const satisfies ReadonlyArray<OrderStatus>;

/** Spec §4: whether no event can move an order out of `status`. */
export const isTerminal = (status: OrderStatus): boolean => (TERMINAL_STATUSES as ReadonlyArray<OrderStatus>).includes(status);

/** An order_status code that spec §4 does not define (4, 5, 0, a fraction...). */
export class UnknownStatusCode extends /* @__PURE__ */ Data.TaggedError("UnknownStatusCode")<{ readonly code: number }> {}

/** Spec §4: the named state of an order_status code; fails with {@link UnknownStatusCode} on any other number. */
export const statusFromCode = (code: number): Result.Result<OrderStatus, UnknownStatusCode> => {
  const status = STATUS_OF_CODE.get(code);
  return status === undefined ? Result.fail(new UnknownStatusCode({ code })) : Result.succeed(status);
};

/** Spec §4: the order_status code of a named state. */
export const statusCode = (status: OrderStatus): StatusCode => CODE_OF_STATUS[status];

/**
 * What the customer reads for a status. Spec §4 shows code 2 as 'paid' on the order detail; our
 * reading of the recharge flow (nothing is redeemed at a cashier, the distributor settles it) is
 * that a recharge order reads 'paid' for code 2 and 'done' for code 3 everywhere. Issue 25: a
 * refund is named for what it is: 'refunded' once the money is back and voided the order ('voided'
 * told the customer nothing), 'refunding' while a paid order's refund is under way. A recharge the
 * distributor rejected is refunded as well, and still reads 'rejected', its reason beside it.
 */
export type StatusLabel = OrderStatus | "paid" | "done" | "refunding" | "refunded";

/** Spec §4 and issue 25: the label of a status on the order list or the order detail (see {@link StatusLabel}). */
export const statusLabel = (status: OrderStatus, kind: OrderKind, view: "list" | "detail", refundStatus: number = REFUND_STATUS.none): StatusLabel => {
  // A rejected recharge is refunded too, but its rejection (and reason) is the news: it keeps its word.
  if (refundStatus === REFUND_STATUS.refunded && status === "voided") return "refunded";
  if (isRefundUnderWay(refundStatus) && status === "unused") return "refunding";
  if (kind === "recharge") return status === "unused" ? "paid" : status === "used" ? "done" : status;
  return status === "unused" && view === "detail" ? "paid" : status;
};
