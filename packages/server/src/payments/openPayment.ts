import { Money } from "@fuel/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { unavailable } from "../http/refusals.ts";
import type { OrderRow } from "../orders/rows.ts";
import { ChannelUnavailable, type ChannelName, type PaymentChannel, type PayParams } from "./PaymentChannel.ts";

/** What the customer's pay sheet says the money is for. */
const payDescription = (order: OrderRow): string =>
  order.kind === "recharge"
    ? `Fuel card recharge ${order.lastNumber ?? ""} ${Money.formatYuan(order.orderAmount)}`.replace(/\s+/g, " ")
    : `Diesel ${order.gasType} ${Money.formatYuan(order.orderAmount)}`;

/**
 * The pay-sheet parameters of an unpaid order: the channel is asked for a prepay id once per
 * order (it is kept on the order), and every later request re-signs the same prepay id, so the
 * customer can open the pay sheet again and again but the channel knows one merchant order, which
 * it never charges twice (issue 4: same merchant order number).
 */
export const openPayment = async (
  db: Database,
  channels: Readonly<Record<ChannelName, PaymentChannel>>,
  order: OrderRow,
  payerOpenid: string,
  now: number,
): Promise<PayParams> => {
  const channel = channels[order.paytype === "fy" ? "fy" : "wechat"];
  let prepayId = order.prepayId;
  if (prepayId === null) {
    try {
      prepayId = await channel.prepay({
        mchntOrderNo: order.mchntOrderNo,
        amountCents: order.amount,
        description: payDescription(order),
        payerOpenid,
        expiresAt: order.payDeadline,
      });
    } catch (err) {
      if (err instanceof ChannelUnavailable) throw unavailable("PaymentServiceUnavailable");
      throw err;
    }
    // Two requests may race here; the channel answers both with the same prepay id for one merchant order.
    await db.update(orders).set({ prepayId }).where(and(eq(orders.id, order.id), isNull(orders.prepayId)));
  }
  return channel.payParams(prepayId, order.mchntOrderNo, now);
};
