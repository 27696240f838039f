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
