import Decimal from "decimal.js";
import { Result } from "effect";
import {
  CARD_PURCHASE_PAGE_DISCOUNT_PER_LITRE_YUAN,
  CARD_PURCHASE_PAGE_PRICE_YUAN,
} from "./Constants.ts";
import type { Cents } from "./Money.ts";
import type { CardType } from "./order/Kinds.ts";
import { discountPerLitre } from "./pricing/perLitre.ts";
import { AmountNotPositive } from "./Validation.ts";

/**
 * Prices and what a customer pays (spec §3 computed fields, §9 formulas).
 * Amounts are integer cents; per-litre prices are integer cents per litre (7.30 yuan/L = 730).
 * @module
 */

// A private clone: another team's global `Decimal.set(...)` must never change our prices.
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

const positivePrice = (name: string, price: number): void => {
  if (!Number.isSafeInteger(price) || price <= 0) {
    throw new RangeError(`${name} must be a positive integer of cents per litre, got ${price}`);
  }
};

export { discountPerLitre, drop, savingPerLitreAgainstNational } from "./pricing/perLitre.ts";
export { cardPurchaseSaving, cardRechargeSaving, savingAgainst, type PriceBase, type SavingAgainst } from "./pricing/Saving.ts";

/**
 * Spec §9: payable = amount x now price / original price, rounded half-up to the cent.
 * The vector 10040 x 730 / 800 = 9161.5 -> 9162 pins the rounding. Computed in decimal.js so the
 * intermediate 9161.5 is exact; the browser shows and the server charges this one function's answer.
 * @throws RangeError when a price is not a positive integer (the catalogue guarantees it).
 */
export const payableCents = (amount: Cents | number, nowPrice: number, originalPrice: number): Cents => {
  positivePrice("originalPrice", originalPrice);
  if (!Number.isSafeInteger(nowPrice) || nowPrice < 0) throw new RangeError(`nowPrice must be a non-negative integer, got ${nowPrice}`);
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be non-negative integer cents, got ${amount}`);
  return new D(amount).mul(nowPrice).div(originalPrice).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber() as Cents;
};

/**
 * Spec §9 / issue 4: what the customer is charged for `amount`: {@link payableCents}, which must be
 * at least one cent. A small amount at a deep discount rounds to nothing, and there is nothing to
 * charge, so nothing to sell: {@link AmountNotPositive} ('amount must be more than 0'). Fuel orders
 * and recharges are both priced through this one rule.
 * @throws RangeError as {@link payableCents} does, when a price is not a positive integer.
 */
export const chargeableCents = (amount: Cents | number, nowPrice: number, originalPrice: number): Result.Result<Cents, AmountNotPositive> => {
  const payable = payableCents(amount, nowPrice, originalPrice);
  return payable >= 1 ? Result.succeed(payable) : Result.fail(new AmountNotPositive());
};

/** Issue 25: litres are shown to the millilitre, so 'litres x our price' is the payable within a cent. */
export const LITRES_DECIMALS = 3;

/**
 * Litres the amount buys at the original (pump) price: amount / original, as a decimal string
 * with {@link LITRES_DECIMALS} decimals, rounded half-up (display only; nothing is charged by
 * litre). Three decimals because the order page reads 'litres x our price = payable': at two, the
 * product is off by up to half a hundredth of a litre's price (3-4 fen at 7 yuan), which a driver
 * who checks it sees; at three it is within a cent for any price up to 10 yuan a litre.
 */
export const litres = (amount: Cents | number, originalPrice: number): string => {
  positivePrice("originalPrice", originalPrice);
  return new D(amount).div(originalPrice).toFixed(LITRES_DECIMALS, Decimal.ROUND_HALF_UP);
};

/** What the customer saves: amount - payable (cents). */
export const savingCents = (amount: Cents | number, nowPrice: number, originalPrice: number): Cents =>
  (amount - payableCents(amount, nowPrice, originalPrice)) as Cents;

/**
 * Everything the order page shows for an amount at a station's prices. It reads as
 * 'litres x our price = payable': `litres` x `nowPrice` is the payable within a cent (for prices up
 * to 10 yuan a litre), and `saving` is those litres x `discountPerLitre`, the pump price
 * `originalPrice` less ours, on the same terms.
 */
export interface Quote {
  readonly amount: Cents;
  readonly payable: Cents;
  readonly saving: Cents;
  readonly litres: string;
  readonly discountPerLitre: number;
  /** Our price, cents per litre: what the litres are charged at. */
  readonly nowPrice: number;
  /** The pump price, cents per litre: what the amount would buy the litres at without us. */
  readonly originalPrice: number;
}

/** One call for the order page and the server: the same figures from the same rules. */
export const quote = (amount: Cents, nowPrice: number, originalPrice: number): Quote => {
  const payable = payableCents(amount, nowPrice, originalPrice);
  return {
    amount,
    payable,
    saving: (amount - payable) as Cents,
    litres: litres(amount, originalPrice),
    discountPerLitre: discountPerLitre(originalPrice, nowPrice),
    nowPrice,
    originalPrice,
  };
};

/**
 * {@link quote} for an amount the customer may be charged for: fails as {@link chargeableCents}
 * does when the payable rounds to nothing. What an order form shows and what the server charges
 * come from this one composition (the fuel order, the card top-up).
 */
export const chargeableQuote = (amount: Cents, nowPrice: number, originalPrice: number): Result.Result<Quote, AmountNotPositive> =>
  Result.map(chargeableCents(amount, nowPrice, originalPrice), () => quote(amount, nowPrice, originalPrice));

/**
 * Issue 34: what the cashier reads for a paid fuel order, in the order they need it. The pump is
 * set to the order's amount (`order_amount`), not to what the driver paid: a 200-yuan order
 * paid 188.55 is ¥200.00 at the pump, {@link litres} at the pump price it was priced at.
 */
export interface AtThePump {
  /** What goes into the pump, in cents: the order's amount. */
  readonly pumpAmount: Cents;
  /** The pump price the order was priced at, cents per litre; null when the order has none. */
  readonly pumpPrice: number | null;
  /** {@link litres} of the pump amount at the pump price (3 decimals); null without a price. */
  readonly litres: string | null;
  /** What the driver paid, in cents. */
  readonly paid: Cents;
  /** pumpAmount - paid, in cents: what the driver saved (negative only if they paid more than the pump amount). */
  readonly saving: Cents;
}

/**
 * One function for the desk's look-up answer (server) and the redeem screen (desk): the pump
 * amount, its litres at the pump price, and what was paid and saved. A missing or non-positive
 * price (bad data) gives no litres rather than a wrong figure.
 */
export const atThePump = (pumpAmount: Cents, paid: Cents, pumpPrice: number | null): AtThePump => {
  const price = pumpPrice !== null && Number.isSafeInteger(pumpPrice) && pumpPrice > 0 ? pumpPrice : null;
  return {
    pumpAmount,
    pumpPrice: price,
    litres: price === null ? null : litres(pumpAmount, price),
    paid,
    saving: (pumpAmount - paid) as Cents,
  };
};

/** Spec §3's web info: the price per litre on each type of card (`price_0_xuni`, `price_0_shiti`), in cents. */
export interface CardPrices {
  readonly virtual: number;
  readonly entity: number;
}

/**
 * Spec §3: the price per litre a card top-up is charged at: the virtual cards' price for a virtual
 * card, the entity cards' for any other (an entity card, and a top-up replacement, which replaces
 * an entity card's top-up).
 */
export const cardPrice = (cardType: CardType, prices: CardPrices): number => (cardType === "virtual" ? prices.virtual : prices.entity);

/** Spec §9: the fixed card-purchase page shows 4.61 and a 0.5 yuan-per-litre discount, whatever the station. */
export const CARD_PURCHASE_PAGE = {
  priceYuan: CARD_PURCHASE_PAGE_PRICE_YUAN,
  discountPerLitreYuan: CARD_PURCHASE_PAGE_DISCOUNT_PER_LITRE_YUAN,
} as const;

/**
 * Issue 13: what buying a card on the card-purchase page costs. The page's fixed figures (spec §9:
 * 4.61 a litre, 0.5 off a litre) are its prices: the pump price is 4.61 + 0.5 = 5.11, so the
 * payable is amount x 4.61 / 5.11, rounded and at least a cent as any payable. The page and the
 * server both call this, so what the page shows is what is charged.
 */
export const cardPurchaseQuote = (amount: Cents): Quote => {
  const { nowPrice, originalPrice } = cardPurchasePrices();
  return quote(amount, nowPrice, originalPrice);
};

/** The card-purchase page's prices in cents per litre: now 461, original 511. */
export const cardPurchasePrices = (): { readonly nowPrice: number; readonly originalPrice: number } => {
  const nowPrice = new D(CARD_PURCHASE_PAGE_PRICE_YUAN).times(100).toNumber();
  return { nowPrice, originalPrice: new D(CARD_PURCHASE_PAGE_DISCOUNT_PER_LITRE_YUAN).times(100).plus(nowPrice).toNumber() };
};
