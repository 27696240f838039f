import { Order, Pricing, Validation } from "@fuel/domain";
import type { DraftOrder, OrderCreateResponse } from "@fuel/domain/api";
import type { Catalogue } from "../catalogue/catalogue.ts";
import type { Database } from "../db/client.ts";
import { orRefuse, refuse } from "../refusals/Refusal.ts";
import { openPayment, payDescription } from "../payments/openPayment.ts";
import type { ChannelName, PaymentChannel, PayParams } from "../payments/PaymentChannel.ts";
import { sha256 } from "../security/tokens.ts";
import { storeNewOrder } from "./storeNewOrder.ts";
import type { PayableOrder } from "../orderRecords/rows.ts";

/**
 * `POST /api/order/create` (spec §3, §7; issue 4): a one-key fuel order.
 *
 * The server is the authority on the price: payable is computed here with `Pricing.chargeableQuote` (the checklist's figures)
 * from the station's prices at this moment, which are stored on the order, whatever the client
 * showed. A double tap (the same draft again within {@link DOUBLE_TAP_WINDOW_MS}, no
 * Idempotency-Key needed) gets the first order's answer rather than a second order.
 */

export { DOUBLE_TAP_WINDOW_MS } from "./storeNewOrder.ts";

export interface OrderDeps {
  readonly db: Database;
  /** Stations and site settings, at most 5 s old: the prices the customer was shown. */
  readonly catalogue: Catalogue;
  readonly channels: Readonly<Record<ChannelName, PaymentChannel>>;
}

/** The answer of order creation in the channel's shape (respCode '00' or result_code '000000'). */
export const creationAnswer = (order: Pick<PayableOrder, "id" | "paytype">, params: PayParams): OrderCreateResponse => {
  const data: OrderCreateResponse =
    order.paytype === "fy"
      ? { result_code: "000000", result_msg: "success", reserved_pay_info: params.payInfo, reserved_fy_order_no: params.channelOrderNo, order_id: order.id }
      : { respCode: "00", respMsg: "success", payInfo: params.payInfo, merchOrderNo: params.channelOrderNo, order_id: order.id };
  return data;
};

export const createFuelOrder = async (deps: OrderDeps, userId: number, oauthId: string | null | undefined, draft: DraftOrder, now: number): Promise<OrderCreateResponse> => {
  orRefuse(Validation.validateGasType(draft.gas_Type));
  const orderAmount = orRefuse(Validation.validateOneKeyCents(draft.order_amount));
  const phone = orRefuse(Validation.validatePhone(draft.phone));
  const station = await deps.catalogue.station(draft.station_id);
  if (station === undefined) throw refuse("StationNotFound");
  orRefuse(Validation.validateStationSellsDiesel({ sell_type: station.sellType }));

  // The one quote the checklist shows (litres x our price, the pump price, the saving): its payable is charged.
  const { payable: amount } = orRefuse(Pricing.chargeableQuote(orderAmount, station.nowPrice, station.originalPrice));

  const remark = Validation.cleanFreeText(draft.remark);
  const draftHash = sha256(JSON.stringify([userId, draft.gas_Type, orderAmount, phone, station.id, remark, draft.paytype]));
  const created = Order.transition(Order.DRAFT, Order.OrderEvent.Create({ kind: "fuel" }), now);
  const fresh = orRefuse(created);

  const { order, payerOpenid } = await storeNewOrder(
    deps,
    {
      userId,
      oauthId,
      draftHash,
      prefix: "FO",
      description: payDescription({ kind: "fuel", gasType: draft.gas_Type, orderAmount, lastNumber: null, issuesCard: false }),
      values: {
        kind: "fuel",
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
        createdAt: new Date(fresh.createdAt),
        payDeadline: new Date(fresh.payDeadline),
      },
    },
    now,
  );

  return creationAnswer(order, await openPayment(deps.db, deps.channels, order, payerOpenid, now));
};
