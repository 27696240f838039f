import { Money, Order, Pricing, Validation } from "@fuel/domain";
import type { CardPurchaseRequest, RechargeOrderCreated } from "@fuel/domain/api";
import { orRefuse, refuse } from "../refusals/Refusal.ts";
import type { OrderDeps } from "../orders/createFuelOrder.ts";
import { refuseDuringMaintenance } from "../orders/draftRules.ts";
import { storeNewOrder } from "../orders/storeNewOrder.ts";
import { openPayment, payDescription } from "../payments/openPayment.ts";
import { sha256 } from "../security/tokens.ts";

/**
 * `POST /api/rechargeorder/buycard` (issue 13, /heartcard): buy a new virtual diesel card by
 * amount, paid through the FY channel. It is a recharge order like `rechargeorder/create`'s
 * (the same maintenance window, unpaid-orders cap, double-tap guard and Idempotency-Key), but for
 * a card that does not exist yet: no card number, no station, marked `issues_card`. The card is
 * issued to the order's phone when the distributor settles the order 'done' (./issueCard.ts).
 *
 * The price is the card-purchase page's (spec §9: 4.61 a litre with 0.5 off, so 461 of 511 cents
 * a litre, `Pricing.cardPurchaseQuote`), stored on the order like a station's; a client that
 * showed another payable is told the server's (409 PriceChanged).
 */

/** The gas a card is bought for: diesel 0#, the only fuel sold (spec §1). */
const CARD_GAS_TYPE = "0#";

export const createCardPurchase = async (
  deps: OrderDeps,
  userId: number,
  oauthId: string | null | undefined,
  request: CardPurchaseRequest,
  now: number,
): Promise<RechargeOrderCreated> => {
  refuseDuringMaintenance(now);
  const orderAmount = orRefuse(Validation.validateCardPurchaseCents(request.order_amount));
  const phone = orRefuse(Validation.validatePhone(request.phone));

  const prices = Pricing.cardPurchasePrices();
  const { payable: amount } = orRefuse(Pricing.chargeableQuote(orderAmount, prices.nowPrice, prices.originalPrice));
  if (request.amount !== amount) throw refuse("PriceChanged", { yuan: Money.formatCents(amount) });

  const draftHash = sha256(JSON.stringify(["cardPurchase", userId, orderAmount, phone]));
  const fresh = orRefuse(Order.transition(Order.DRAFT, Order.OrderEvent.Create({ kind: "recharge" }), now));

  const { order, payerOpenid } = await storeNewOrder(
    deps,
    {
      userId,
      oauthId,
      draftHash,
      prefix: "RC",
      description: payDescription({ kind: "recharge", gasType: CARD_GAS_TYPE, orderAmount, lastNumber: null, issuesCard: true }),
      values: {
        kind: "recharge",
        // Recharge orders are order_type 1 (spec §4 'entity card'); the card type says virtual.
        orderType: Order.orderTypeCode("entityCard"),
        cardType: Order.CARD_TYPE_CODES.virtual,
        gasType: CARD_GAS_TYPE,
        orderAmount,
        amount,
        stationId: null,
        gasOriginalPrice: prices.originalPrice,
        gasNowPrice: prices.nowPrice,
        phone,
        remark: "",
        paytype: "fy",
        createdAt: new Date(fresh.createdAt),
        payDeadline: new Date(fresh.payDeadline),
        cardNum: null,
        lastNumber: null,
        team: null,
        issuesCard: true,
      },
    },
    now,
  );

  const params = await openPayment(deps.db, deps.channels, order, payerOpenid, now);
  return { result_code: "000000", result_msg: "order created", reserved_pay_info: params.payInfo, reserved_fy_order_no: params.channelOrderNo, order_id: order.id };
};
