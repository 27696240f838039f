import { Constants, type Money, Order, Phone, type Pricing, Validation } from "@fuel/domain";
import type { RequestEncodedOf, Station } from "@fuel/domain/api";
import { commonNumberOf, referenceOf, type DraftCard } from "./rechargeCard.ts";

/** A draft that passed every rule, station included: what the checklist pays for. */
export interface ConfirmedRecharge {
  readonly card: DraftCard;
  readonly amount: Money.Cents;
  readonly quote: Pricing.Quote;
  readonly phone: string;
  readonly secondPhone: string;
  readonly remark: string;
  readonly station: Station;
  readonly page: Validation.RechargePage;
  /** The request `rechargeOrderCreate` is sent. */
  readonly wire: RequestEncodedOf<"rechargeOrderCreate">;
}

/** What the customer entered besides what `Validation.validateRechargeDraft` answered. */
export interface RechargeEntry {
  readonly card: DraftCard;
  readonly quote: Pricing.Quote;
  readonly station: Station;
  readonly page: Validation.RechargePage;
  readonly secondPhone: string;
  readonly remark: string;
}

/** The draft to pay for and its wire request (spec §3, §7 rechargeorder/create), from the fields the rules passed. */
export const confirmRecharge = (valid: Validation.ValidRechargeDraft<number>, entry: RechargeEntry): ConfirmedRecharge => {
  const { card, quote, station, page } = entry;
  const { lastNumber, amount, phone, stationId } = valid;
  const secondPhone = Phone.normalize(entry.secondPhone);
  const remark = Validation.cleanFreeText(entry.remark);
  const commonNumber = commonNumberOf(card.cardNum);
  const cardRef = referenceOf(card);
  const wire: RequestEncodedOf<"rechargeOrderCreate"> = {
    gas_Type: Constants.DIESEL_0,
    card_type: Order.cardTypeCode(card.cardType),
    ...(commonNumber === undefined ? {} : { common_number: commonNumber }),
    last_number: lastNumber,
    ...(cardRef === undefined ? {} : { card_ref: cardRef }),
    order_amount: String(amount),
    amount: quote.payable,
    phone,
    ...(secondPhone === "" ? {} : { phonenum2: secondPhone }),
    team: card.team,
    ...(card.status === undefined ? {} : { card_status: card.status }),
    station_id: stationId,
    ...(quote.discountPerLitre >= 0 ? { unitdiscount: quote.discountPerLitre } : {}),
    ...(remark === "" ? {} : { remark }),
    paytype: "fy",
    ...(page === "cardPage" ? { source: "card" as const } : {}),
  };
  return { card, amount, quote, phone, secondPhone, remark, station, page, wire };
};
