import type { I18nStore } from "../../i18n/I18nStore.ts";
import type { RechargeCard } from "../../stores/orders/RechargeCard.ts";

/**
 * How a recharge order names its card, on the order list and as its detail's title: 'Fuel card
 * ····1234567' (its last 7 digits), 'New virtual card' for a card purchase not yet settled, or
 * the generic 'Fuel card recharge' when the order carries no number.
 */
export const rechargeCardTitle = (card: RechargeCard, i18n: Pick<I18nStore, "t">): string => {
  if (card._tag === "NewCard") return i18n.t("rechargeDetailNewCard");
  return card.lastNumber === undefined ? i18n.t("ordersFuelCard") : i18n.t("rechargeDetailCardTitle", { last: card.lastNumber });
};
