/**
 * A redemption code as the cashier typed it, read as the code it names: the customer's screen
 * shows it in blocks of four (CodeText), so people type the gaps; blanks of any kind (spaces, a
 * pasted no-break or zero-width space, a line break) are no part of a code. Nothing else is
 * changed: the server reads what is left (`RedeemCode.lookupKey`: today's codes in any case, with
 * dashes; a code of the old format exactly, case and all). Dropping the blanks here keeps an old
 * code typed with the gaps its screen showed working as it did, and the text within the field's
 * limit.
 */
export const typedCode = (typed: string): string => typed.replace(/[\s\u200b-\u200d\u2060\ufeff]+/gu, "");
