import { Money, type Pricing } from "@fuel/domain";
import type { I18nStore } from "../../i18n/I18nStore.ts";

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
