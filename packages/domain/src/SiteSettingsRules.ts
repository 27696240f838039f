import { isPrefix } from "./CardNumber.ts";
import { MAX_INVOICE_WINDOW_DAYS, MIN_INVOICE_WINDOW_DAYS, RECHARGE_INVOICE_MODES } from "./invoice/Policy.ts";
import { formatYuan } from "./Money.ts";
import { originalBelowNowProblem, priceProblem, type StationProblem } from "./StationRow.ts";

/**
 * The site settings' rules (spec §3 web info; issue 34), one definition for the desk's settings
 * form (checked before sending) and the server (checked before writing), beside StationRow's
 * rules for a station, whose price rule they share. The prices, integer cents per litre:
 * - `price_0_original`: the pump price of 0# diesel, what a top-up's payable is computed from
 *   (spec §9: amount x card price / original price) and what litres are counted at: above 0;
 * - `price_0_now`: our price of 0# diesel: above 0 and at most the pump price, as a station's
 *   now_price (spec §9: discount per litre = original minus now);
 * - `price_0_xuni`, `price_0_shiti`: the price a litre costs on a virtual or an entity card top-up:
 *   above 0 (a top-up priced 0 cannot be charged) and at most the pump price (above it, a top-up
 *   would cost more than its amount);
 * - `price_0_nation`: the national guide price: whole cents, 0 allowed (not published), not
 *   ordered against the others, as a station's nation_price.
 * Every price is at most StationRow.MAX_PRICE_CENTS. The rules hold for the settings AFTER a
 * change: changing one price so that it breaks the order with one left as it was is refused.
 *
 * The card prefixes are digits (CardNumber.isPrefix). The follow-us QR is a PNG or JPEG image sent
 * as a `data:` URL whose bytes are that format (the customers' browsers show it as an image; an
 * SVG may hold a script, and a URL's bytes cannot be checked, so new URLs are refused). A QR
 * saved before this rule keeps showing until it is replaced or removed: only a new one is checked.
 *
 * Issue 35's invoice settings: `invoice_window_days`, whole days from
 * Invoice.MIN_INVOICE_WINDOW_DAYS to MAX_INVOICE_WINDOW_DAYS, and `recharge_invoice`, one of
 * Invoice.RECHARGE_INVOICE_MODES.
 * @module
 */

/** The prices of the site settings, in the order the form shows them. */
export const PRICE_FIELDS = ["price_0_now", "price_0_original", "price_0_nation", "price_0_xuni", "price_0_shiti"] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** The card-number prefixes. */
export const PREFIX_FIELDS = ["entity_common_num", "virtual_common_num"] as const;
export type PrefixField = (typeof PREFIX_FIELDS)[number];

/** What the rules read of saved settings (wire names; prices in cents per litre). */
export type RuledSettings = Readonly<Record<PriceField, number>> &
  Readonly<Record<PrefixField, string>> & {
    readonly follow_qrcode?: string | null | undefined;
    readonly invoice_window_days?: number | undefined;
    readonly recharge_invoice?: string | undefined;
  };

/** What the rules read of a change (a field left out keeps its value). */
export type RuledChange = Partial<RuledSettings>;

/** The most characters of the follow-us QR image's `data:` URL: under the server's 64 KB body limit (a QR code is about 2 KB). */
export const FOLLOW_QRCODE_MAX_LENGTH = 60_000;

/** The image formats the follow-us QR may be in, by their `data:` URL type. */
export const QR_IMAGE_TYPES = ["image/png", "image/jpeg"] as const;

// The first bytes of each format (PNG's 8-byte signature; JPEG's start-of-image marker and the next marker's 0xFF).
const SIGNATURES: Readonly<Record<(typeof QR_IMAGE_TYPES)[number], ReadonlyArray<number>>> = {
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff],
};
const DATA_URL = /^data:(image\/png|image\/jpeg);base64,((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The first bytes of a base64 text (its first 12 characters: 9 bytes), without padding. */
const leadingBytes = (base64: string): number[] => {
  const bytes: number[] = [];
  const digits = [...base64.slice(0, 12).replace(/=+$/, "")].map((c) => BASE64.indexOf(c));
  for (let i = 0; i + 1 < digits.length; i += 4) {
    const [a = 0, b = 0, c, d] = digits.slice(i, i + 4);
    bytes.push(((a << 2) | (b >> 4)) & 0xff);
    if (c !== undefined) bytes.push(((b << 4) | (c >> 2)) & 0xff);
    if (c !== undefined && d !== undefined) bytes.push(((c << 6) | d) & 0xff);
  }
  return bytes;
};

/**
 * Whether `value` is a follow-us QR image the customers' pages may show: a `data:image/png` or
 * `data:image/jpeg` base64 URL of at most {@link FOLLOW_QRCODE_MAX_LENGTH} characters whose bytes
 * begin with that format's signature (an SVG, a GIF, or a script labelled image/png is not).
 * @example SiteSettingsRules.isQrImage("data:image/png;base64,iVBORw0KGgo=") // true
 */
export const isQrImage = (value: string): boolean => {
  if (value.length > FOLLOW_QRCODE_MAX_LENGTH) return false;
  const m = DATA_URL.exec(value);
  if (m === null) return false;
  const signature = SIGNATURES[m[1] as (typeof QR_IMAGE_TYPES)[number]];
  const bytes = leadingBytes(m[2] ?? "");
  return signature.every((b, i) => bytes[i] === b);
};

/** The prices' problems: each in its bounds, then the order of those that are. */
const priceProblems = (prices: Partial<Record<PriceField, number>>): StationProblem[] => {
  const problems: StationProblem[] = [];
  const good: Partial<Record<PriceField, number>> = {};
  for (const field of PRICE_FIELDS) {
    const value = prices[field];
    if (value === undefined) continue;
    const bad = priceProblem(field, value, field !== "price_0_nation");
    if (bad === undefined) good[field] = value;
    else problems.push(bad);
  }
  const { price_0_original: original, price_0_now: now } = good;
  if (original === undefined) return problems;
  if (now !== undefined && original < now) problems.push(originalBelowNowProblem("price_0_original", original, "price_0_now", now));
  for (const field of ["price_0_xuni", "price_0_shiti"] as const) {
    const price = good[field];
    if (price !== undefined && price > original) {
      problems.push({ key: "SettingsCardPriceAboveOriginal", params: { field, price: formatYuan(price), other: "price_0_original", original: formatYuan(original) } });
    }
  }
  return problems;
};

/** The invoice settings' problems (issue 35): each field that `change` names. */
const invoiceProblems = (change: RuledChange): StationProblem[] => {
  const problems: StationProblem[] = [];
  const days = change.invoice_window_days;
  if (days !== undefined && !(Number.isInteger(days) && days >= MIN_INVOICE_WINDOW_DAYS && days <= MAX_INVOICE_WINDOW_DAYS)) {
    problems.push({ key: "SettingsInvoiceWindowInvalid", params: { field: "invoice_window_days", value: String(days), min: MIN_INVOICE_WINDOW_DAYS, max: MAX_INVOICE_WINDOW_DAYS } });
  }
  const mode = change.recharge_invoice;
  if (mode !== undefined && !(RECHARGE_INVOICE_MODES as ReadonlyArray<string>).includes(mode)) {
    problems.push({ key: "SettingsRechargeInvoiceInvalid", params: { field: "recharge_invoice", value: mode } });
  }
  return problems;
};

/**
 * Every problem of `change` applied to `saved` (undefined: no settings yet), in field order;
 * empty when it may be written. With no settings yet, the change must name every price.
 * @example SiteSettingsRules.changeProblems(undefined, { price_0_now: 700 })[0]?.key // "SettingsFirstSaveMissing"
 */
export const changeProblems = (saved: RuledSettings | undefined, change: RuledChange): StationProblem[] => {
  const problems: StationProblem[] = [];
  if (saved === undefined) {
    const missing = PRICE_FIELDS.filter((f) => change[f] === undefined);
    if (missing.length > 0) problems.push({ key: "SettingsFirstSaveMissing", params: { fields: missing.join(", ") } });
  }
  const prices: Partial<Record<PriceField, number>> = {};
  for (const field of PRICE_FIELDS) {
    const value = change[field] ?? saved?.[field];
    if (value !== undefined) prices[field] = value;
  }
  problems.push(...priceProblems(prices));
  for (const field of PREFIX_FIELDS) {
    const value = change[field];
    if (value !== undefined && !isPrefix(value)) problems.push({ key: "SettingsCardPrefixInvalid", params: { field, value } });
  }
  const qr = change.follow_qrcode;
  if (typeof qr === "string" && qr !== saved?.follow_qrcode && !isQrImage(qr)) {
    problems.push({ key: "SettingsQrInvalid", params: { field: "follow_qrcode", maxKb: Math.floor(FOLLOW_QRCODE_MAX_LENGTH / 1024) } });
  }
  problems.push(...invoiceProblems(change));
  return problems;
};

/**
 * The problems of saved settings' prices: none for any an admin could save. Settings written
 * around the rules (an older version, a hand-made SQL change) with problems cannot price a
 * top-up (a pump price of 0 divides by zero): the customers' calls refuse in words instead.
 */
export const savedProblems = (saved: RuledSettings): StationProblem[] => priceProblems(saved);
