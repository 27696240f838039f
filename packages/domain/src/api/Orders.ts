import { Schema } from "effect";
import { ORDER_LIST_TABS, STATUS_CODES, statusesForTab } from "../Order.ts";
import { DraftOrder } from "./Entities.ts";
import { FyPayParams, WechatOrderCreated } from "./Payments.ts";
import { intBetween, LineText, LongText, numberOrDigits, OrderId, OrderIdField, OrderStatusCode, RefundStatusCode, ShortText } from "./Primitives.ts";

/**
 * Requests and answers of one-key fuel orders: create, list, detail, cancel, QR codes, refund
 * (spec §4, §7).
 * @module
 */

/** `POST /api/order/create`: the draft of a one-key fuel order. */
export const OrderCreateRequest = DraftOrder;
export type OrderCreateRequest = typeof OrderCreateRequest.Type;

/**
 * The answer of `POST /api/order/create`, by the draft's paytype: the JSAPI-style channel's
 * `respCode '00'` shape or the FY channel's `result_code '000000'` shape. Tell them apart with
 * `"respCode" in answer`.
 */
export const OrderCreateResponse = Schema.Union([WechatOrderCreated, FyPayParams]).annotate({ identifier: "OrderCreateResponse" });
export type OrderCreateResponse = typeof OrderCreateResponse.Type;

/** Spec §2 (/orderlist): the tabs, by name. */
export const OrderListTab = Schema.Literals(ORDER_LIST_TABS).annotate({ identifier: "OrderListTab" });
export type OrderListTab = typeof OrderListTab.Type;

/**
 * Which orders `/api/order/list` returns: a tab name, or (what clients of the original service
 * send) a numeric `order_status` code, with `0` meaning all; a code may come as a string of digits
 * ("1"). A code selects exactly that status, so rejected (6), voided (7) and cancelled (9) orders
 * can be listed on their own too.
 */
export const OrderListFilter = Schema.Union([OrderListTab, numberOrDigits(Schema.Union([Schema.Literal(0), OrderStatusCode]))]).annotate({
  identifier: "OrderListFilter",
  description: "a tab name (all, unpaid, unused, used, expired), 0 for all, or an order_status code",
});
export type OrderListFilter = typeof OrderListFilter.Type;

/**
 * The order_status codes an {@link OrderListFilter} selects: a tab's own status (as
 * `Order.statusesForTab`), every code for "all" and 0, the code itself otherwise.
 */
export const orderListStatuses = (filter: OrderListFilter): ReadonlyArray<OrderStatusCode> =>
  typeof filter === "string" ? statusesForTab(filter) : filter === 0 ? STATUS_CODES : [filter];

/** `POST /api/order/list`: one page (from 1; the client loads the next when scrolled to the bottom; `"1"` is read too). */
export const OrderListRequest = Schema.Struct({
  page: numberOrDigits(intBetween(1, 100_000)).annotate({ description: "the page number, from 1" }),
  order_status: OrderListFilter,
}).annotate({ identifier: "OrderListRequest" });
export type OrderListRequest = typeof OrderListRequest.Type;

/** `POST /api/order/resetQR`: the regenerated QR payload of a paid recharge or fuel order (spec §4, issue 12). */
export const ResetQrResponse = Schema.Struct({ qrcode: LongText }).annotate({ identifier: "ResetQrResponse" });
export type ResetQrResponse = typeof ResetQrResponse.Type;

/**
 * `POST /api/kepai/getqrcode`: the cashier QR of a paid fuel order. `orderNumber` is the order's
 * `mchnt_order_no`, the number the cashier system knows it by.
 */
export const KepaiQrRequest = Schema.Struct({ orderNumber: ShortText }).annotate({ identifier: "KepaiQrRequest" });
export type KepaiQrRequest = typeof KepaiQrRequest.Type;

/** The answer of `/api/kepai/getqrcode`: `respCode '00000'` and the QR payload to render. */
export const KepaiQrResponse = Schema.Struct({
  respCode: Schema.Literal("00000"),
  qrcode: LongText,
}).annotate({ identifier: "KepaiQrResponse" });
export type KepaiQrResponse = typeof KepaiQrResponse.Type;

/** `POST /api/order/refund`: ask for a paid order's refund, saying why. */
export const RefundRequest = Schema.Struct({
  order_id: OrderIdField,
  reason: LineText,
}).annotate({ identifier: "RefundRequest" });
export type RefundRequest = typeof RefundRequest.Type;

/** The answer of `/api/order/refund`: the order's refund_status now (1 requested, ...). */
export const RefundResponse = Schema.Struct({
  order_id: OrderId,
  refund_status: RefundStatusCode,
}).annotate({ identifier: "RefundResponse" });
export type RefundResponse = typeof RefundResponse.Type;
