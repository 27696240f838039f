import { Schema } from "effect";
import { CardInfo, CardListEntry, DraftRecharge, PayInfo } from "./Entities.ts";
import { AmountEmpty } from "../Money.ts";
import { AmountField, anyCase, Cents, LineText, numberOrDigits, OrderId, Phone, requiredAs, ShortText } from "./Primitives.ts";

/**
 * Requests and answers of fuel-card recharge: the customer's cards, card look-ups and recharge
 * order creation (spec §2 /recharge*, §7). Recharge is paid through the FY channel only.
 * @module
 */

/** `GET /api/recharge/cardlist`: the cards the customer recharged before, entity and virtual apart. */
export const CardListResponse = Schema.Struct({
  entity_list: Schema.Array(CardListEntry),
  virtual_list: Schema.Array(CardListEntry),
}).annotate({ identifier: "CardListResponse" });
export type CardListResponse = typeof CardListResponse.Type;

/**
 * `POST /api/recharge/getcardnumbyteam`: the cards of a team (fleet). The spec does not show the
 * payload; ours is the team name, as `CardInfo.team` spells it.
 */
export const CardsByTeamRequest = Schema.Struct({ team: ShortText }).annotate({ identifier: "CardsByTeamRequest" });
export type CardsByTeamRequest = typeof CardsByTeamRequest.Type;

/** `POST /api/recharge/getRechargeCardByPhone`: the cards registered to a phone number. */
export const CardsByPhoneRequest = Schema.Struct({ phone: Phone }).annotate({ identifier: "CardsByPhoneRequest" });
export type CardsByPhoneRequest = typeof CardsByPhoneRequest.Type;

/** The answer of both card look-ups: the cards found (possibly none). */
export const CardInfoList = Schema.Array(CardInfo).annotate({ identifier: "CardInfoList" });
export type CardInfoList = typeof CardInfoList.Type;

/** `POST /api/rechargeorder/create`: the recharge draft (with team, amount and paytype "fy"). */
export const RechargeOrderCreateRequest = DraftRecharge;
export type RechargeOrderCreateRequest = typeof RechargeOrderCreateRequest.Type;

/**
 * The answer of `/api/rechargeorder/create` when the FY channel took the order: `result_code`
 * '000000', the pay parameters, and `result_msg` always present.
 */
export const RechargeOrderCreated = Schema.Struct({
  result_code: Schema.Literal("000000"),
  result_msg: LineText,
  reserved_pay_info: PayInfo,
  reserved_fy_order_no: ShortText,
  order_id: OrderId,
}).annotate({ identifier: "RechargeOrderCreated" });
export type RechargeOrderCreated = typeof RechargeOrderCreated.Type;

/**
 * Spec §8 "payment result_code not success: the result message is shown": the FY channel's answer
 * when it would not take the order (any `result_code` but '000000'), in its own words. The client
 * shows `result_msg` and pays nothing.
 */
export const RechargeOrderNotTaken = Schema.Struct({
  result_code: ShortText.check(Schema.isPattern(/^(?!000000$).+$/u, { expected: "a result code other than 000000" })),
  result_msg: LineText,
}).annotate({ identifier: "RechargeOrderNotTaken" });
export type RechargeOrderNotTaken = typeof RechargeOrderNotTaken.Type;

/** Either answer of the FY channel (spec §7: result_code '000000' is success). */
export const RechargeOrderCreateResponse = Schema.Union([RechargeOrderCreated, RechargeOrderNotTaken]).annotate({ identifier: "RechargeOrderCreateResponse" });
export type RechargeOrderCreateResponse = typeof RechargeOrderCreateResponse.Type;

/**
 * `POST /api/rechargeorder/buycard` (issue 13, /heartcard): buy a new virtual diesel card by
 * amount. `order_amount` is the card's face value in cents (at most 5000 yuan, at most 4 digits
 * of yuan), `amount` the payable the page showed (`Pricing.cardPurchaseQuote`: the page's fixed
 * 4.61 a litre with 0.5 off); a different figure is answered 409 PriceChanged with the server's.
 * The answer is a recharge order's; once the distributor settles it, the new card is in the
 * customer's card list and on the order (`card_num`, `last_number`).
 */
export const CardPurchaseRequest = Schema.Struct({
  order_amount: requiredAs(new AmountEmpty(), AmountField),
  amount: numberOrDigits(Cents),
  phone: Phone,
  paytype: anyCase(Schema.Literal("fy")),
}).annotate({ identifier: "CardPurchaseRequest" });
export type CardPurchaseRequest = typeof CardPurchaseRequest.Type;
