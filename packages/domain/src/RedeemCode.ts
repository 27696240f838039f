import type { Brand } from "effect";

/**
 * The cashier's redemption code (issue 34 item 2): one code a person can read, say and type. The
 * customer's QR encodes exactly the text shown under it; when a scan fails, the driver reads it
 * out and the cashier types it, in any case, with or without its gaps.
 *
 * - 16 characters of Crockford's base32 (`0123456789ABCDEFGHJKMNPQRSTVWXYZ`: no I, L, O, U, so no
 *   letter is mistaken for a digit): 16 x 5 = 80 bits, made from 10 random bytes the caller
 *   passes in (this module has no randomness);
 * - shown in groups of 4 separated by spaces (`"7K3M 9QXR 2D4F HJ8T"`), which QR's alphanumeric
 *   mode encodes as it is (upper case, digits, spaces);
 * - read back by {@link normalise}: blanks and dashes dropped, case ignored, and Crockford's
 *   aliases (O -> 0, I and L -> 1) applied.
 *
 * Codes issued before issue 34 (`KP` + 32 URL-safe characters, case-sensitive: {@link isLegacy})
 * keep working until they expire, matched exactly as typed (trimmed).
 * @module
 */

/** Crockford's base32 alphabet: the digits and the letters less I, L, O and U. Index = 5-bit value. */
export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Characters in a code. */
export const LENGTH = 16;

/** Characters per shown group: four are read, said and compared at a glance, as a phone number's blocks are. */
export const GROUP_LENGTH = 4;

/** Random bytes a code is made from: 10 bytes = 80 bits = 16 characters of 5 bits. */
export const RANDOM_BYTES = 10;

/** The code's entropy in bits (issue 34: at least 80, so no try limit is needed; docs/reliability.md). */
export const ENTROPY_BITS = RANDOM_BYTES * 8;

/** A code in its one stored form: 16 characters of {@link ALPHABET}, no separators. */
export type RedeemCode = Brand.Branded<string, "RedeemCode">;

const CANONICAL = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** Whether `text` is a code in its stored form exactly (16 alphabet characters, upper case, no separators). */
export const isCanonical = (text: string): text is RedeemCode => CANONICAL.test(text);

/**
 * The code made from `bytes` (exactly {@link RANDOM_BYTES} of them, from a CSPRNG): their 80 bits,
 * most significant first, 5 at a time. Distinct bytes give distinct codes (a bijection).
 * @throws RangeError when `bytes` is not 10 bytes long.
 * @example fromBytes(new Uint8Array(10)) // "0000000000000000"
 */
export const fromBytes = (bytes: Uint8Array): RedeemCode => {
  if (bytes.length !== RANDOM_BYTES) throw new RangeError(`a redemption code is made from ${RANDOM_BYTES} bytes, got ${bytes.length}`);
  let code = "";
  // Two halves of 5 bytes: 40 bits each, exact in a double (bitwise operators stop at 32 bits).
  for (let half = 0; half < 2; half++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) bits = bits * 256 + (bytes[half * 5 + i] ?? 0);
    for (let shift = 35; shift >= 0; shift -= 5) code += ALPHABET[Math.floor(bits / 2 ** shift) % 32];
  }
  return code as RedeemCode;
};

/**
 * The code as the customer's screen shows it and its QR encodes it: groups of 4 separated by one
 * space.
 * @example display("7K3M9QXR2D4FHJ8T") // "7K3M 9QXR 2D4F HJ8T"
 */
export const display = (code: RedeemCode): string => (code.match(/.{1,4}/g) ?? []).join(" ");

/**
 * What the customer's screen shows (and its QR encodes) for a code the server sent: a code of
 * this format {@link display}ed in groups; an old (legacy) code exactly as it is, as before.
 */
export const shownText = (stored: string): string => (isCanonical(stored) ? display(stored) : stored);

// Blanks of any kind (spaces, tabs, line breaks, no-break and ideographic spaces; zero-width
// characters a paste brings) and dashes of any kind (hyphen-minus, the typographic dashes, minus).
const SEPARATORS = /[\s\u200b-\u200d\u2060\ufeff\-\u2010-\u2015\u2212]/gu;

// Crockford's decode aliases: letters a person may type for the digits they look like.
const ALIASES: Readonly<Record<string, string>> = { O: "0", I: "1", L: "1" };

/**
 * A typed or scanned text read as a code, or undefined when it is none: NFKC first (a Chinese
 * keyboard's full-width `７ｋ３ｍ` and full-width space and dash become ASCII), then blanks and dashes
 * removed anywhere, upper-cased, and O read as 0, I and L as 1. Idempotent; a code's
 * {@link display} form, lower case or with any spaces and dashes, reads as the code.
 * @example normalise(" 7k3m-9qxr 2d4f hj8t ") // "7K3M9QXR2D4FHJ8T"
 * @example normalise("7K3M 9QXR 2D4F HJ8") // undefined (15 characters)
 */
export const normalise = (text: string): RedeemCode | undefined => {
  const read = text
    .normalize("NFKC")
    .replace(SEPARATORS, "")
    .toUpperCase()
    .replace(/[OIL]/g, (c) => ALIASES[c] ?? c);
  return isCanonical(read) ? read : undefined;
};

/** The codes issued before issue 34: `KP` + URL-safe characters (32 of them as issued), case-sensitive. */
export const LEGACY_PATTERN = /^KP[A-Za-z0-9_-]{16,64}$/;

/** Whether `text` is exactly a code of the old format (still honoured until its 48 hours end). */
export const isLegacy = (text: string): boolean => LEGACY_PATTERN.test(text);

/**
 * The stored code a typed or scanned text names, or undefined when it can name none: the
 * {@link normalise}d code when the text reads as one, else the text trimmed when that is exactly
 * an old-format code (matched as typed, as before issue 34). An old code as issued (34
 * characters) reads as a new one only if 18 of its 32 random characters are dashes: never, in practice.
 * @example lookupKey("7k3m 9qxr 2d4f hj8t") // "7K3M9QXR2D4FHJ8T"
 * @example lookupKey(" KPq3Zx8LmN0pR5tVwY2aBcDeFgHiJkLmNo ") // "KPq3Zx8LmN0pR5tVwY2aBcDeFgHiJkLmNo"
 */
export const lookupKey = (text: string): string | undefined => {
  const code = normalise(text);
  if (code !== undefined) return code;
  const trimmed = text.trim();
  return isLegacy(trimmed) ? trimmed : undefined;
};
