import type { PaymentResultResponse } from "@fuel/domain/api";
import { refuse } from "../refusals/Refusal.ts";
import { findOwnOrder } from "../orderRecords/queries.ts";
import { ownOrderNow } from "../orderRecords/readOrders.ts";
import { STATUS, type OrderRow } from "../orderRecords/rows.ts";
import { applyPayment } from "./applyPayment.ts";
import { openPayment } from "./openPayment.ts";
import { payerOpenidOf } from "./payer.ts";
import { ChannelUnavailable, type ChannelName, type PaymentChannel, type PayParams } from "./PaymentChannel.ts";
import { refundStrayPayment, type RefundDeps } from "./refunds.ts";

/**
 * What the customer's app asks about paying: the pay sheet again for an unpaid order
 * (`/api/payment/query`, `/api/paymentfy/query`), and whether the money arrived
 * (`/api/payment/query_result`).
 */

export interface PaymentDeps extends RefundDeps {
  readonly channels: Readonly<Record<ChannelName, PaymentChannel>>;
}

/**
 * Pay parameters for an unpaid order, through the channel it was created for: the same merchant
 * order number every time, so the customer can open the pay sheet again but never pay twice.
 * Any other status is refused (409), as is the other channel's query path.
 */
export const payAgain = async (deps: PaymentDeps, userId: number, orderId: number, channel: ChannelName, now: number): Promise<{ order: OrderRow; params: PayParams }> => {
  const order = await ownOrderNow(deps.db, userId, orderId, now);
  if (order.status !== STATUS.unpaid) throw refuse("OrderNotPayable");
  if (order.paytype !== channel) throw refuse("OrderPaidThroughOtherChannel");
  const payer = await payerOpenidOf(deps.db, userId);
  return { order, params: await openPayment(deps.db, deps.channels, order, payer, now) };
};

/**
 * Reads the settled state of an order. The client's 'ok' from the pay sheet is not proof of
 * payment: for an order still unpaid here, the channel is asked (a notification may be late or
 * lost), and a payment it reports is applied exactly as a notification would be.
 */
export const paymentResult = async (deps: PaymentDeps, userId: number, orderId: number, now: number): Promise<PaymentResultResponse> => {
  // Asked before the pay window is applied: a customer who paid in time keeps the order even
  // when the notification never came and the window has closed since.
  const order = await findOwnOrder(deps.db, userId, orderId);
  if (order === undefined) throw refuse("OrderNotFound");
  if (order.status === STATUS.unpaid && order.prepayId !== null) await reconcileWithChannel(deps, order, now);
  const settled = await ownOrderNow(deps.db, userId, orderId, now);
  return { order_status: settled.status as PaymentResultResponse["order_status"], paid: settled.paidAt !== null };
};

/**
 * Asks the channel about an order and applies a payment it reports, exactly as a notification
 * would (a payment for an order that can no longer take it is recorded and refunded). Never
 * throws for an unreachable channel: the caller answers what it knows and a later call asks again.
 */
export const reconcileWithChannel = async (deps: PaymentDeps, order: Pick<OrderRow, "id" | "paytype" | "mchntOrderNo">, now: number): Promise<void> => {
  const channelName: ChannelName = order.paytype === "fy" ? "fy" : "wechat";
  let state;
  try {
    state = await deps.channels[channelName].query(order.mchntOrderNo);
  } catch (err) {
    // The channel is down: answer what we know; the client asks again.
    if (err instanceof ChannelUnavailable) return;
    throw err;
  }
  if (state.state !== "paid") return;
  try {
    const outcome = await applyPayment(
      deps.db,
      { channel: channelName, mchntOrderNo: order.mchntOrderNo, transactionId: state.transactionId, amountCents: state.amountCents, paidAt: state.paidAt },
      now,
    );
    if (outcome.kind === "refund-required") await refundStrayPayment(deps, outcome.paymentId, now);
  } catch (err) {
    // A wrong amount is refused by applyPayment (and logged there by the caller's logger): report the order as it stands.
    deps.log.error({ orderId: order.id, err: String(err) }, "the channel reports a payment that could not be applied");
  }
};
