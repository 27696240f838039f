import { Schema } from "effect";
import { CardInfo, CardListEntry, DraftRecharge, PayInfo } from "./Entities.ts";
import { LineText, OrderId, Phone, ShortText } from "./Primitives.ts";

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
 * The answer of `/api/rechargeorder/create`: the FY channel's shape with `result_msg` always
 * present (spec §7: the client shows it when the code is not success).
 */
export const RechargeOrderCreateResponse = Schema.Struct({
  result_code: Schema.Literal("000000"),
  result_msg: LineText,
  reserved_pay_info: PayInfo,
  reserved_fy_order_no: ShortText,
  order_id: OrderId,
}).annotate({ identifier: "RechargeOrderCreateResponse" });
export type RechargeOrderCreateResponse = typeof RechargeOrderCreateResponse.Type;
