import { Money, type Pricing } from "@fuel/domain";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import type { BreakdownRow } from "../order/QuoteBreakdown.tsx";

/**
 * The card pages' first breakdown line: the price per litre the payable is at (the card's, or
 * /heartcard's), so the customer sees why it differs from the pump price the litres are counted at.
 * None while the price is not known (the breakdown then waits anyway: there is no quote).
 */
export const cardPriceRows = (i18n: I18nStore, price: number | undefined): ReadonlyArray<BreakdownRow> =>
  price === undefined ? [] : [{ term: i18n.t("cards.cardPrice"), value: i18n.t("cards.pagePrice", { price: Money.formatCents(price) }) }];

/**
 * Issue 25: a card price's saving in words, always with the price it is measured from
 * (`Pricing.savingAgainst`): '¥0.50/L below the list price ¥5.11/L', or that it is not below it.
 */
export const savingText = (i18n: I18nStore, saving: Pricing.SavingAgainst): string => {
  const base = Money.formatYuan(saving.basePrice);
  return saving.perLitre > 0
    ? i18n.t(`cards.savingAgainst_${saving.base}`, { saving: Money.formatYuan(saving.perLitre), base })
    : i18n.t(`cards.notBelow_${saving.base}`, { base });
};
