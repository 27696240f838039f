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

/**
 * How many characters a phone field takes as typed or pasted: room for '+86 139 1234 5678' or
 * '0086-139-1234-5678' and a stray blank, so the field never cuts a pasted number before
 * {@link normalize} reads it (cutting '139 1234 5678' at 11 keeps '139 1234 56', a wrong number).
 */
export const TYPED_MAX_LENGTH = 20;

/** Digits of a mainland mobile number once its country code is gone. */
const NATIONAL_DIGITS = 11;

/** Full-width forms a Chinese keyboard or a pasted text may hold ('１３９', '＋８６', '（', '－'). */
const FULL_WIDTH = /[\uff01-\uff5e]/g;
/** What people put between digit groups: blanks of every kind, hyphens and dashes, dots, brackets. */
const SEPARATORS = /[\s\u00a0\u3000\-\u2010-\u2015\u2212.()]/g;
/** The country code of mainland China, as written in front of a mobile number. */
const COUNTRY_CODE = /^(?:\+86|0086|86)(?=\d+$)/;

/**
 * A phone number as people paste it, made the 11 digits the rules and the server read: full-width
 * characters become their ASCII forms, blanks, dashes, dots and brackets go, and a leading
 * +86 / 0086 / 86 goes when exactly 11 digits follow it (so '86' opening an 11-digit number stays).
 * Nothing else is changed or dropped: a letter or a foreign '+1' stays, so the validation refuses
 * the number ('enter a correct phone number') instead of guessing at it. Idempotent.
 * @example normalize("+86 139-1234 5678") // "13912345678"
 * @example normalize("139 1234 56") // "139123456", 9 digits: refused by `Validation.validatePhone`
 */
export const normalize = (raw: string): string => {
  const plain = raw
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(SEPARATORS, "");
  const national = plain.replace(COUNTRY_CODE, "");
  return national.length === NATIONAL_DIGITS && national !== plain ? national : plain;
};
