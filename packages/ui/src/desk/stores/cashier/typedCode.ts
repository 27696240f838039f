/**
 * A redemption code as the cashier typed it, read as the code it names: the customer's screen
 * shows it in blocks of four (CodeText), so people type the gaps; blanks of any kind (spaces, a
 * pasted no-break or zero-width space, a line break) are no part of a code. Case is kept: the
 * code's characters are case-sensitive.
 */
export const typedCode = (typed: string): string => typed.replace(/[\s\u200b-\u200d\u2060\ufeff]+/gu, "");
