/**
 * Invite codes as the customer types them (spec §6, issue 25): a phone keyboard types lower case
 * and a pasted code brings blanks, so a code is read without case and surrounding blanks.
 * @module
 */

/**
 * The one form of an invite code that is stored and compared: blanks at either end trimmed, letters
 * upper-cased (`' ttf72sqeg2 '` -> `'TTF72SQEG2'`). Blanks inside stay: they are not ours to guess
 * away, and a code holding one matches none. Idempotent.
 * @example normalize(" ttf72sqeg2 ") // "TTF72SQEG2"
 */
export const normalize = (raw: string): string => raw.trim().toUpperCase();
