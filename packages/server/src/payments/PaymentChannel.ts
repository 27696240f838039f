import type { PayInfo } from "@fuel/domain/api";

/**
 * A payment channel as the order code sees it (spec §7: the WeChat-JSAPI-style channel answers
 * `payInfo` + `merchOrderNo`, the FY channel `reserved_pay_info` + `reserved_fy_order_no`). The
 * sandbox and production providers implement it with the same signing code
 * (src/payments/wechat/crypto.ts); only keys and transport differ.
 */

export type ChannelName = "wechat" | "fy";

/** What a channel needs to open a payment. */
export interface PaymentRequest {
  /** Our merchant order number: one per order, reused for every pay attempt, so the channel can never charge an order twice. */
  readonly mchntOrderNo: string;
  readonly amountCents: number;
  /** Shown on the customer's pay sheet. */
  readonly description: string;
  /** The payer's messaging-app id (spec §5: no payment without it). */
  readonly payerOpenid: string;
  /** After this the channel refuses to take the money (the order's pay window). */
  readonly expiresAt: Date;
}

/** The pay-sheet parameters for the client, in the channel's own field names. */
export interface PayParams {
  readonly payInfo: PayInfo;
  /** `merchOrderNo` (wechat) or `reserved_fy_order_no` (fy). */
  readonly channelOrderNo: string;
}

/** What the channel says about a merchant order when asked (no notification arrived yet). */
export type ChannelPaymentState =
  | { readonly state: "paid"; readonly transactionId: string; readonly amountCents: number; readonly paidAt: Date }
  | { readonly state: "unpaid" }
  | { readonly state: "closed" }
  | { readonly state: "unknown-order" };

/** A payment the channel reports (a verified notification, or the answer to a query). */
export interface ChannelPayment {
  readonly channel: ChannelName;
  readonly mchntOrderNo: string;
  readonly transactionId: string;
  readonly amountCents: number;
  readonly paidAt: Date;
}

export interface PaymentChannel {
  readonly name: ChannelName;
  /** Opens (or re-opens, same parameters shape) a payment; idempotent per `mchntOrderNo`. */
  prepare(request: PaymentRequest): Promise<PayParams>;
  /** Asks the channel about an order, for `payment/query_result` when no notification came. */
  query(mchntOrderNo: string): Promise<ChannelPaymentState>;
  /** Asks the channel to give the money back (refunds, payments for cancelled orders). */
  refund(payment: { readonly mchntOrderNo: string; readonly transactionId: string; readonly amountCents: number }): Promise<"accepted" | "refused">;
}
