import { Constants, Money } from "@fuel/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import type { PayableOrder } from "../orderRecords/rows.ts";
import { ChannelUnavailable, type ChannelName, type PaymentChannel, type PaymentRequest, type PayParams } from "./PaymentChannel.ts";

/**
 * What the customer's pay sheet says the money is for. A card purchase (issue 13) has no card
 * number yet: its card is issued when the distributor settles it. A recharge names its card by
 * the last 4 digits, all a customer may see of a card that is not theirs (issue 22).
 */
export const payDescription = (order: Pick<PayableOrder, "kind" | "lastNumber" | "gasType" | "orderAmount" | "issuesCard">): string =>
  order.kind === "fuel"
    ? `Diesel ${order.gasType} ${Money.formatYuan(order.orderAmount)}`
    : order.issuesCard
      ? `New virtual diesel card ${Money.formatYuan(order.orderAmount)}`
      : `Fuel card recharge ${order.lastNumber?.slice(-Constants.CARD_SHOWN_DIGITS) ?? ""} ${Money.formatYuan(order.orderAmount)}`.replace(/\s+/g, " ");

/** A channel that was unreachable a moment ago may be back this soon. */
const PAYMENT_RETRY_AFTER_SECONDS = 5;

/** Opens a payment at the channel; a channel that cannot be reached is a 503 for the customer to retry. */
export const openPrepay = async (channel: PaymentChannel, request: PaymentRequest): Promise<string> => {
  try {
    return await channel.prepay(request);
  } catch (err) {
    if (err instanceof ChannelUnavailable) throw refuse("PaymentServiceUnavailable", undefined, PAYMENT_RETRY_AFTER_SECONDS);
    throw err;
  }
};

/**
 * The pay-sheet parameters of an unpaid order: its prepay id (opened when the order was placed)
 * re-signed, so the customer can open the pay sheet again and again while the channel knows one
 * merchant order, which it never charges twice (issue 4: same merchant order number). An order
 * without a prepay id (placed before the channel answered, in an older version) gets one now.
 */
export const openPayment = async (
  db: Database,
  channels: Readonly<Record<ChannelName, PaymentChannel>>,
  order: PayableOrder,
  payerOpenid: string,
  now: number,
): Promise<PayParams> => {
  const channel = channels[order.paytype === "fy" ? "fy" : "wechat"];
  let prepayId = order.prepayId;
  if (prepayId === null) {
    prepayId = await openPrepay(channel, {
      mchntOrderNo: order.mchntOrderNo,
      amountCents: order.amount,
      description: payDescription(order),
      payerOpenid,
      expiresAt: order.payDeadline,
    });
    await db.update(orders).set({ prepayId }).where(and(eq(orders.id, order.id), isNull(orders.prepayId)));
  }
  return channel.payParams(prepayId, order.mchntOrderNo, now);
};
