import type { PayInfo } from "@fuel/domain/api";

/**
 * A payment channel as the order code sees it (spec §7: the WeChat-JSAPI-style channel answers
 * `payInfo` + `merchOrderNo`, the FY channel `reserved_pay_info` + `reserved_fy_order_no`). Both
 * are implemented by one class (./JsapiChannel.ts) over the same signing code
 * (./wechat/crypto.ts); the sandbox and production differ only in keys and in the gateway that
 * reaches the channel's servers.
 */

export type ChannelName = "wechat" | "fy";

export const CHANNEL_NAMES: readonly ChannelName[] = ["wechat", "fy"];

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

/** A notification whose signature, freshness and encryption checked out. */
export interface VerifiedNotification {
  /** `SUCCESS` pays an order; any other trade state is acknowledged and changes nothing. */
  readonly tradeState: string;
  readonly mchntOrderNo: string;
  readonly transactionId: string;
  readonly amountCents: number;
  /** The channel's `success_time`, when it sent one. */
  readonly paidAt: Date | undefined;
}

/** Why a notification was refused; every refusal is a 4xx, so a real channel delivers it again. */
export type NotificationRefusal = "malformed" | "stale-timestamp" | "unknown-serial" | "bad-signature" | "undecryptable";

export type NotificationVerdict =
  | { readonly ok: true; readonly notification: VerifiedNotification }
  | { readonly ok: false; readonly reason: NotificationRefusal };

/** The headers that authenticate a notification (WeChat v3 names them `Wechatpay-*`). */
export interface NotificationHeaders {
  readonly timestamp?: string | undefined;
  readonly nonce?: string | undefined;
  readonly signature?: string | undefined;
  readonly serial?: string | undefined;
}

/** What giving money back looks like to the channel. `refundNo` is ours and unique per payment, so a retry never refunds twice. */
export interface RefundRequest {
  readonly mchntOrderNo: string;
  readonly transactionId: string;
  readonly refundNo: string;
  readonly amountCents: number;
  readonly totalCents: number;
  readonly reason: string;
}

/** `refunded`: the money is on its way back; `pending`: accepted, not yet done (ask again later); `refused`: the channel said no. */
export type RefundOutcome = "refunded" | "pending" | "refused";

/** The channel is unreachable or answered nonsense: the caller answers 502/503 or retries later. */
export class ChannelUnavailable extends Error {
  override readonly name = "ChannelUnavailable";
}

export interface PaymentChannel {
  readonly name: ChannelName;
  /** Opens a payment at the channel and returns its prepay id. Idempotent per `mchntOrderNo`. */
  prepay(request: PaymentRequest): Promise<string>;
  /**
   * The pay-sheet parameters for a prepay id, freshly signed. No I/O: can be called again at will.
   * Asynchronous because the RSA signature is made on the thread pool, off the event loop.
   */
  payParams(prepayId: string, mchntOrderNo: string, nowMs: number): Promise<PayParams>;
  /** Asks the channel about an order, for `payment/query_result` when no notification came. */
  query(mchntOrderNo: string): Promise<ChannelPaymentState>;
  /**
   * Tells the channel the order is closed (cancelled): it must not take the money any more.
   * "paid": too late, the channel already holds the customer's money for it (the caller then
   * fetches that payment and gives it back).
   */
  close(mchntOrderNo: string): Promise<"closed" | "paid">;
  /** Asks the channel to give money back (refunds, payments for cancelled orders). */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /**
   * Checks a notification's signature, freshness and encryption. `rawBody` is the body exactly as
   * received. Asynchronous because the RSA check runs on the thread pool, off the event loop.
   */
  verifyNotification(headers: NotificationHeaders, rawBody: string, nowMs: number): Promise<NotificationVerdict>;
}
