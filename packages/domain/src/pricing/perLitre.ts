/**
 * The per-litre differences of spec §3 and §9, in integer cents per litre. Whole-number
 * subtractions, kept apart from `Pricing`'s decimal arithmetic so a screen that shows a station's
 * prices (and not a payable) does not download decimal.js with them. `Pricing` re-exports both.
 * @module
 */

/** Spec §9: discount per litre = original price - now price (cents per litre). */
export const discountPerLitre = (originalPrice: number, nowPrice: number): number => originalPrice - nowPrice;

/** Spec §3: drop = national price - original price (cents per litre). */
export const drop = (nationalPrice: number, originalPrice: number): number => nationalPrice - originalPrice;

/**
 * What the customer saves per litre against the national guide price when buying from us:
 * national - our price (cents per litre). This, not {@link drop} (the pump's own gap to national),
 * is the saving a station card shows under our price (issue 25). Negative when our price is above
 * national; callers show no saving then.
 */
export const savingPerLitreAgainstNational = (station: { readonly nation_price: number; readonly now_price: number }): number =>
  station.nation_price - station.now_price;
