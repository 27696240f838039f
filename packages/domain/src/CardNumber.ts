/**
 * How a fuel card's number is shown (spec §3/§9, issue 22). The server answers with these and the
 * app shows what it is given, so the rule lives here once.
 * @module
 */
import { CARD_LAST_DIGITS, CARD_SHOWN_DIGITS } from "./Constants.ts";

/**
 * The last 7 digits, by which a customer knows their own card (spec §3 `last_number`).
 * @example CardNumber.lastDigits("1000111234567") // "1234567"
 */
export const lastDigits = (cardnum: string): string => cardnum.slice(-CARD_LAST_DIGITS);

/**
 * The digits of someone else's card a customer may see: the last 4 (issue 22).
 * @example CardNumber.shownDigits("1000111234567") // "4567"
 */
export const shownDigits = (cardnum: string): string => cardnum.slice(-CARD_SHOWN_DIGITS);

/**
 * Someone else's card as a customer sees it: every digit but the last 4 hidden, the length kept.
 * The last 7 would be the whole number, since every card's prefix is public (the site settings'
 * `entity_common_num` / `virtual_common_num`); such a card is recharged by its opaque `card_ref`.
 * @example CardNumber.masked("1000111234567") // "*********4567"
 */
export const masked = (cardnum: string): string => "*".repeat(Math.max(0, cardnum.length - CARD_SHOWN_DIGITS)) + shownDigits(cardnum);

/** A card prefix (the site settings' `entity_common_num` / `virtual_common_num`): digits only, at most 25. */
const PREFIX = /^\d{0,25}$/;

/**
 * Whether `prefix` can start a card number (the cards table holds digits only): a site setting
 * that cannot is refused rather than written into a card number.
 * @example CardNumber.isPrefix("100011") // true
 */
export const isPrefix = (prefix: string): boolean => PREFIX.test(prefix);

/**
 * The whole number of a card from its type's prefix and its last digits, as a recharge names it
 * (spec §3 `common_number` + `last_number`) and as a new virtual card is issued.
 * @example CardNumber.withPrefix("100011", "1234567") // "1000111234567"
 */
export const withPrefix = (prefix: string, last: string): string => `${prefix}${last}`;

/**
 * The prefix of a whole card number: all but its last 7 digits; undefined when nothing is left
 * (the number is only its last digits). The inverse of {@link withPrefix}.
 * @example CardNumber.prefixOf("1000111234567") // "100011"
 */
export const prefixOf = (cardnum: string): string | undefined => {
  const prefix = cardnum.slice(0, -CARD_LAST_DIGITS);
  return prefix === "" ? undefined : prefix;
};
