import { Constants } from "@fuel/domain";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import type { RechargeCard } from "../../stores/orders/RechargeCard.ts";

/** A card number the server sent whole (the customer's own card: its prefix and last 7), not masked. */
const WHOLE = new RegExp(`^\\d{${Constants.CARD_LAST_DIGITS + 1},}$`);

/**
 * How a recharge order names its card, on the order list and as its detail's title, in real
 * digits (issue 25: '····' drew as wide full-width dots in the CJK font): the whole number as the
 * customer knows it, 'Fuel card 1000111234567', when the server sent it whole; else by its last
 * digits, 'Fuel card ending 1234567' / '加油卡 尾号1234567'; 'New virtual card' for a card purchase
 * not yet settled; the generic 'Fuel card recharge' when the order carries no number.
 */
export const rechargeCardTitle = (card: RechargeCard, i18n: Pick<I18nStore, "t">): string => {
  if (card._tag === "NewCard") return i18n.t("rechargeDetailNewCard");
  if (card.cardNumber !== undefined && WHOLE.test(card.cardNumber)) return i18n.t("rechargeDetailCardTitle", { number: card.cardNumber });
  return card.lastNumber === undefined ? i18n.t("ordersFuelCard") : i18n.t("rechargeDetailCardEnding", { last: card.lastNumber });
};
