import { Order, Pricing, Validation } from "@fuel/domain";
import type { DraftOrder, OrderCreateResponse } from "@fuel/domain/api";
import { and, desc, eq, gt } from "drizzle-orm";
import { findStation } from "../catalogue/stations.ts";
import type { Database } from "../db/client.ts";
import { orders, users } from "../db/schema.ts";
import { ok, type Ok } from "../http/envelope.ts";
import { invalid, notFound } from "../http/refusals.ts";
import { openPayment } from "../payments/openPayment.ts";
import type { ChannelName, PaymentChannel } from "../payments/PaymentChannel.ts";
import { sha256 } from "../security/tokens.ts";
import { centsOf, cleanRemark, insertWithFreshNumber, newMchntOrderNo, orRefuse, payerOpenidOf, refuseDuringMaintenance } from "./draftRules.ts";
import { STATUS, type OrderRow } from "./rows.ts";

/**
 * `POST /api/order/create` (spec §3, §7; issue 4): a one-key fuel order.
 *
 * The server is the authority on the price: payable is computed here with `Pricing.payableCents`
 * from the station's prices at this moment, which are stored on the order, whatever the client
 * showed. A double tap (the same draft again within {@link DOUBLE_TAP_WINDOW_MS}, no
 * Idempotency-Key needed) gets the first order's answer rather than a second order.
 */

export const DOUBLE_TAP_WINDOW_MS = 5_000;

export interface OrderDeps {
  readonly db: Database;
  readonly channels: Readonly<Record<ChannelName, PaymentChannel>>;
}

/** The answer of order creation in the channel's shape (respCode '00' or result_code '000000'), with `order_id` beside `data`. */
export const creationAnswer = (order: OrderRow, params: Awaited<ReturnType<typeof openPayment>>): Ok<OrderCreateResponse> => {
  const data: OrderCreateResponse =
    order.paytype === "fy"
      ? { result_code: "000000", result_msg: "success", reserved_pay_info: params.payInfo, reserved_fy_order_no: params.channelOrderNo, order_id: order.id }
      : { respCode: "00", respMsg: "success", payInfo: params.payInfo, merchOrderNo: params.channelOrderNo, order_id: order.id };
  return ok(data, "order created", { order_id: order.id });
};

export const createFuelOrder = async (deps: OrderDeps, userId: number, draft: DraftOrder, now: number): Promise<Ok<OrderCreateResponse>> => {
  const { db } = deps;
  orRefuse(Validation.validateGasType(draft.gas_Type));
  const orderAmount = orRefuse(Validation.validateOneKeyCents(centsOf(draft.order_amount)));
  const phone = orRefuse(Validation.validatePhone(draft.phone));
  refuseDuringMaintenance(now);
  const station = await findStation(db, draft.station_id);
  if (station === undefined) throw notFound("StationNotFound");
  orRefuse(Validation.validateStationSellsDiesel({ sell_type: station.sellType }));
  const payerOpenid = await payerOpenidOf(db, userId);

  const amount = Pricing.payableCents(orderAmount, station.nowPrice, station.originalPrice);
  // A cent at a deep discount rounds to nothing: there is nothing to charge, so nothing to sell.
  if (amount < 1) throw invalid("AmountNotPositive");

  const remark = cleanRemark(draft.remark);
  const draftHash = sha256(JSON.stringify([userId, draft.gas_Type, orderAmount, phone, station.id, remark, draft.paytype]));
  const created = Order.transition(Order.DRAFT, Order.OrderEvent.Create({ kind: "fuel" }), now);
  const fresh = orRefuse(created);

  const order = await db.transaction(async (tx) => {
    // One creation at a time per customer: the double-tap check and the insert cannot interleave.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [recent] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.draftHash, draftHash), eq(orders.status, STATUS.unpaid), gt(orders.createdAt, new Date(now - DOUBLE_TAP_WINDOW_MS))))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (recent !== undefined) return recent;
    const insert = async (sp: typeof tx) => {
      const [row] = await sp
        .insert(orders)
        .values({
          userId,
          kind: "fuel",
          status: STATUS.unpaid,
          orderType: Order.orderTypeCode("payAsYouGo"),
          gasType: draft.gas_Type,
          orderAmount,
          amount,
          stationId: station.id,
          gasOriginalPrice: station.originalPrice,
          gasNowPrice: station.nowPrice,
          phone,
          remark,
          paytype: draft.paytype,
          mchntOrderNo: newMchntOrderNo("FO", now),
          draftHash,
          createdAt: new Date(fresh.createdAt),
          payDeadline: new Date(fresh.payDeadline),
        })
        .returning();
      if (row === undefined) throw new Error("order insert returned no row");
      return row;
    };
    return insertWithFreshNumber(tx, insert);
  });

  return creationAnswer(order, await openPayment(db, deps.channels, order, payerOpenid, now));
};
