import { Schema } from "effect";
import { PayInfo } from "./Entities.ts";
import { boundedString, Cents, LineText, OrderId, OrderStatusCode, ShortText, Timestamp } from "./Primitives.ts";

/**
 * Payment on the wire: the parameters each channel hands the in-app payment bridge, the payment
 * result the client polls, and the server-to-server payment notification (WeChat-v3 style).
 *
 * Two channels (spec §7): the messaging app's JSAPI-style channel answers `respCode '00'` with
 * `payInfo` and `merchOrderNo`; the FY channel answers `result_code '000000'` with
 * `reserved_pay_info` and `reserved_fy_order_no`. Both carry our `order_id` (DESIGN.md §5).
 * @module
 */

/** `POST /api/payment/query`: the JSAPI-style parameters to pay an unpaid order again. */
export const WechatPayParams = Schema.Struct({
  payInfo: PayInfo,
  merchOrderNo: ShortText,
}).annotate({ identifier: "WechatPayParams" });
export type WechatPayParams = typeof WechatPayParams.Type;

/** `POST /api/order/create` with paytype "wechat": `respCode '00'`, the pay parameters and the new order's id. */
export const WechatOrderCreated = Schema.Struct({
  respCode: Schema.Literal("00"),
  respMsg: LineText,
  payInfo: PayInfo,
  merchOrderNo: ShortText,
  order_id: OrderId,
}).annotate({ identifier: "WechatOrderCreated" });
export type WechatOrderCreated = typeof WechatOrderCreated.Type;

/**
 * The FY channel's pay parameters: `result_code '000000'`, `reserved_pay_info` (the same five
 * JSAPI fields as {@link PayInfo}, sent as an object rather than the JSON text FY itself uses, so
 * the client needs no second parse), `reserved_fy_order_no` (FY's order number) and our
 * `order_id`. The answer of `/api/order/create` with paytype "fy" and of `/api/paymentfy/query`
 * (spec §7 lists payInfo/merchOrderNo for both query paths; the FY one answers in the FY shape so
 * /orderNew treats creating and paying again alike).
 */
export const FyPayParams = Schema.Struct({
  result_code: Schema.Literal("000000"),
  result_msg: Schema.optionalKey(LineText),
  reserved_pay_info: PayInfo,
  reserved_fy_order_no: ShortText,
  order_id: OrderId,
}).annotate({ identifier: "FyPayParams" });
export type FyPayParams = typeof FyPayParams.Type;

/** `POST /api/payment/query_result`: the order's status and whether its payment is confirmed. */
export const PaymentResultResponse = Schema.Struct({
  order_status: OrderStatusCode,
  paid: Schema.Boolean,
}).annotate({ identifier: "PaymentResultResponse" });
export type PaymentResultResponse = typeof PaymentResultResponse.Type;

/**
 * The encrypted part of a payment notification (WeChat API v3): AES-256-GCM over the JSON of
 * {@link PaymentNotificationResource}, with `associated_data` and `nonce` as GCM inputs.
 * `ciphertext` is base64.
 */
export const PaymentNotificationCiphertext = Schema.Struct({
  algorithm: Schema.Literal("AEAD_AES_256_GCM"),
  ciphertext: boundedString(16_384),
  associated_data: ShortText,
  nonce: ShortText,
  original_type: Schema.optionalKey(ShortText),
}).annotate({ identifier: "PaymentNotificationCiphertext" });
export type PaymentNotificationCiphertext = typeof PaymentNotificationCiphertext.Type;

/**
 * `POST /api/payment/notify` (server to server): the channel's payment notification, WeChat-v3
 * style, e.g. `event_type` "TRANSACTION.SUCCESS", `resource_type` "encrypt-resource". The server
 * checks the signature headers, decrypts `resource` and decodes it with
 * {@link PaymentNotificationResource}. Delivered at least once: handling must be idempotent.
 */
export const PaymentNotification = Schema.Struct({
  id: ShortText,
  create_time: Timestamp,
  event_type: ShortText,
  resource_type: ShortText,
  summary: Schema.optionalKey(LineText),
  resource: PaymentNotificationCiphertext,
}).annotate({ identifier: "PaymentNotification" });
export type PaymentNotification = typeof PaymentNotification.Type;

/** WeChat's trade states; only SUCCESS pays an order. */
export const TradeState = Schema.Literals(["SUCCESS", "REFUND", "NOTPAY", "CLOSED", "REVOKED", "USERPAYING", "PAYERROR"]).annotate({
  identifier: "TradeState",
});
export type TradeState = typeof TradeState.Type;

/**
 * The decrypted `resource` of a payment notification: which order (`out_trade_no`, our
 * `mchnt_order_no`), the channel's `transaction_id`, the outcome, and the amount paid in integer
 * cents (`amount.total`, which must equal the order's `amount`).
 */
export const PaymentNotificationResource = Schema.Struct({
  out_trade_no: ShortText,
  transaction_id: ShortText,
  trade_state: TradeState,
  trade_state_desc: Schema.optionalKey(LineText),
  success_time: Schema.optionalKey(Timestamp),
  appid: Schema.optionalKey(ShortText),
  mchid: Schema.optionalKey(ShortText),
  amount: Schema.Struct({
    total: Cents,
    currency: Schema.Literal("CNY"),
  }),
}).annotate({ identifier: "PaymentNotificationResource" });
export type PaymentNotificationResource = typeof PaymentNotificationResource.Type;
