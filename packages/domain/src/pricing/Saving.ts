import { Result } from "effect";
import { CARD_PURCHASE_PAGE_DISCOUNT_PER_LITRE_YUAN, CARD_PURCHASE_PAGE_PRICE_YUAN } from "../Constants.ts";
import { parseYuan } from "../Money.ts";

/**
 * Issue 25: a price's saving per litre always comes with the price it is measured from, by name,
 * so two pages showing the same price cannot silently measure from two bases. Whole-number
 * subtractions (no decimal.js), so a page that only shows a price line does not download it.
 * @module
 */

/**
 * The price a saving is measured from:
 * - `pump`: the station's (or the site's) pump price, `original_price` / `price_0_original`;
 * - `national`: the national guide price, `nation_price` / `price_0_nation`;
 * - `list`: the card-purchase page's own list price (spec §9: 4.61 with 0.5 off, so 5.11).
 */
export type PriceBase = "pump" | "national" | "list";

/** A price per litre and how far below its named base it is (negative: above it). Cents per litre. */
export interface SavingAgainst {
  readonly price: number;
  readonly base: PriceBase;
  readonly basePrice: number;
  /** basePrice - price: positive is a saving, 0 none, negative a price above the base. */
  readonly perLitre: number;
}

/**
 * The one rule for 'our price is x below base y': `perLitre = basePrice - price`, with the base
 * named. @throws RangeError when a price is not a non-negative integer of cents per litre.
 */
export const savingAgainst = (price: number, base: PriceBase, basePrice: number): SavingAgainst => {
  for (const [name, value] of [
    ["price", price],
    ["basePrice", basePrice],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer of cents per litre, got ${value}`);
  }
  return { price, base, basePrice, perLitre: basePrice - price };
};

/**
 * A card top-up's price against the pump price. The pump price is the base because it is the one
 * the top-up's payable is computed from (spec §9: amount x card price / original price): the
 * saving in yuan under it is those litres x this per-litre saving, so the two lines agree. The
 * national price is higher and would show a saving the customer does not get in money.
 */
export const cardRechargeSaving = (cardPrice: number, pumpPrice: number): SavingAgainst => savingAgainst(cardPrice, "pump", pumpPrice);

const yuanToCents = (yuan: string): number => {
  const parsed = parseYuan(yuan);
  if (Result.isFailure(parsed)) throw new RangeError(`not a yuan figure: ${yuan}`);
  return parsed.success;
};

/**
 * Spec §9: the card-purchase page shows 4.61 a litre and 0.5 off: off its own list price 5.11,
 * the price its payable is computed from (`cardPurchasePrices`), not the pump or national price.
 */
export const cardPurchaseSaving = (): SavingAgainst => {
  const price = yuanToCents(CARD_PURCHASE_PAGE_PRICE_YUAN);
  return savingAgainst(price, "list", price + yuanToCents(CARD_PURCHASE_PAGE_DISCOUNT_PER_LITRE_YUAN));
};
