/**
 * How a phone number is shown back to its owner (spec §2 /personal: the profile header).
 * @module
 */

/** Digits kept visible at the start (the carrier prefix the customer recognises). */
const KEPT_START = 3;
/** Digits kept visible at the end (enough to tell one's own numbers apart). */
const KEPT_END = 4;

/**
 * The phone with its middle hidden, as Chinese apps show it: the first 3 and last 4 characters, an
 * asterisk for each one between (`13800138000` -> `138****8000`), so the text keeps its length and
 * a screenshot of the page does not give the number away. A string too short to keep 3 + 4 and
 * still hide something is hidden whole.
 * @example mask("13800138000") // "138****8000"
 */
export const mask = (phone: string): string => {
  const hidden = phone.length - KEPT_START - KEPT_END;
  if (hidden < 1) return "*".repeat(phone.length);
  return `${phone.slice(0, KEPT_START)}${"*".repeat(hidden)}${phone.slice(-KEPT_END)}`;
};
