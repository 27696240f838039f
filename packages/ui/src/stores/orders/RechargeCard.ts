import { Constants, Order } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";

/**
 * The card a recharge order is about, as its wire fields tell it (spec §3 `card_type`,
 * `last_number`, `card_num`; issue 13's card purchase):
 * - `NewCard`: a card purchase (/heartcard): a virtual card (`card_type` 2) with no number
 *   (`card_num` null) until the distributor settles it, or one the server marks `issues_card`
 *   (then, once settled, with the new card's number).
 * - `Card`: an existing card, known by its type (`Order.cardTypeFromCode`: entity, virtual, top-up
 *   replacement; undefined for a code we do not know) and the digits the server shows of it
 *   (`last_number`, or the end of `card_num` when only that came): the last 7 of the customer's
 *   own card, the last 4 of another's, whose `card_num` comes masked (issue 22).
 */
export type RechargeCard =
  | { readonly _tag: "NewCard"; readonly lastNumber: string | undefined; readonly cardNumber: string | undefined }
  | {
      readonly _tag: "Card";
      readonly type: Order.CardType | undefined;
      readonly lastNumber: string | undefined;
      readonly cardNumber: string | undefined;
    };

export const rechargeCardOf = (order: WireOrder): RechargeCard => {
  const type = Order.cardTypeOf(order.card_type);
  const last = order.last_number ?? order.card_num?.replace(/\D/g, "").slice(-Constants.CARD_LAST_DIGITS);
  const lastNumber = last === "" ? undefined : last;
  const cardNumber = order.card_num ?? undefined;
  const issuesCard = "issues_card" in order ? order.issues_card : undefined;
  if (Order.isCardPurchase({ cardType: type, cardNumber: order.card_num, issuesCard })) return { _tag: "NewCard", lastNumber, cardNumber };
  return { _tag: "Card", type, lastNumber, cardNumber };
};
