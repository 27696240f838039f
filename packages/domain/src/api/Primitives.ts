import { Schema, SchemaGetter } from "effect";
import { DIESEL_0, DISABLED_GASOLINE } from "../Constants.ts";
import * as Messages from "../Messages.ts";
import type * as Money from "../Money.ts";
import { CARD_TYPE_CODES, ORDER_TYPE_CODES, STATUS_CODES } from "../Order.ts";
import { REFUND_STATUS_CODES } from "../Refund.ts";
import { parseChinaDay } from "../Time.ts";

/**
 * The scalar building blocks of the wire contract: money, times, ids, codes and bounded strings.
 *
 * Why bounded: the schemas are the first thing a hostile body meets on the server, so nothing the
 * database cannot hold gets past them, and the refusal is a 400 naming the field before any SQL
 * runs. Every string has a generous upper length (a real value never comes near it, and a
 * megabyte "phone" is rejected before any rule runs) and holds only text PostgreSQL can store;
 * every integer fits the PostgreSQL `integer` column it is kept in. The business rules (phone 11,
 * password >= 6, invite code <= 32, amount limits, ...) are domain validation (`Validation`),
 * which the server applies afterwards to answer with the spec's own messages.
 *
 * Requests are read liberally, answers written canonically: an integer field of a request also
 * accepts a string of digits (`"17"`), the pay type any letter case (`"FY"`), and an order amount
 * a JSON number (`10040`), because spec clients send either; every one encodes in the one
 * documented form.
 * @module
 */

// ---------------------------------------------------------------------------------------------
// Bounded strings

/**
 * What PostgreSQL `text` cannot hold: NUL (refused outright), and an unpaired UTF-16 surrogate,
 * which has no UTF-8 form (the driver would write U+FFFD instead, silently changing the value).
 * With the `u` flag a surrogate pair reads as one code point, so only unpaired halves match.
 */
// eslint-disable-next-line no-control-regex -- NUL is the very character to find
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** Whether PostgreSQL `text` stores `s` exactly: no NUL character, no unpaired surrogate. */
export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

const storableText = Schema.makeFilter<string>((s) => isStorableText(s), {
  expected: "text without NUL characters or unpaired surrogates",
  toJsonSchema: () => ({ pattern: "^[^\\u0000]*$" }),
});

/** A string of at most `max` UTF-16 code units that PostgreSQL `text` stores exactly. */
export const boundedString = (max: number) => Schema.String.check(Schema.isMaxLength(max), storableText);

/** A short label or identifier (names of teams, cities, codes, merchant order numbers): at most 64 characters. */
export const ShortText = boundedString(64);
export type ShortText = typeof ShortText.Type;

/** A line of free text (titles, addresses, remarks, reasons, messages): at most 256 characters. */
export const LineText = boundedString(256);
export type LineText = typeof LineText.Type;

/** A longer text (tips shown on the recharge pages, QR payloads): at most 4096 characters. */
export const LongText = boundedString(4096);
export type LongText = typeof LongText.Type;

/** A URL (shop images, avatars) as sent; an empty string means "none". At most 2048 characters. */
export const Url = boundedString(2048);
export type Url = typeof Url.Type;

/**
 * A phone number as typed. Spec §5/§9 want 11 characters; that is the domain's
 * `Validation.validatePhone`, so the server can answer 'enter a correct phone number'. A pasted
 * form ('+86 139 1234 5678') is read as its 11 digits (`Phone.normalize`, issue 25).
 */
export const Phone = boundedString(32);
export type Phone = typeof Phone.Type;

/** An SMS code, an invite code or an OAuth authorization code as typed (lengths are domain rules). */
export const Code = boundedString(64);
export type Code = typeof Code.Type;

/** A password as typed (minimum 6 is a domain rule; the upper bound only stops hostile bodies). */
export const Password = boundedString(128);
export type Password = typeof Password.Type;

/** A bearer token. */
export const Token = boundedString(512);
export type Token = typeof Token.Type;

// ---------------------------------------------------------------------------------------------
// Numbers

/**
 * The largest value of a PostgreSQL `integer` (int4) column: every id (`serial`), amount, price
 * and counter of ours is stored in one (packages/server/src/db/schema.ts). A larger number in a
 * request would make the query fail, so the contract refuses it first.
 */
export const INT4_MAX = 2_147_483_647;

/** A safe integer from `minimum` to `maximum` (default {@link INT4_MAX}, what an `integer` column holds). */
export const intBetween = (minimum: number, maximum: number = INT4_MAX) => Schema.Int.check(Schema.isBetween({ minimum, maximum }));

/** A positive integer that fits an `integer` column: the id of a row (user, station, order). */
export const Id = intBetween(1).annotate({ description: "a positive integer id (at most 2147483647)" });
export type Id = typeof Id.Type;

/** The id of an order. Orders are addressed by this number everywhere (`/orderDetail/:id`). */
export const OrderId = Id.annotate({ identifier: "OrderId", description: "the order's id, a positive integer (at most 2147483647)" });
export type OrderId = typeof OrderId.Type;

/** The id of a gas station. */
export const StationId = Id.annotate({ identifier: "StationId", description: "the station's id, a positive integer (at most 2147483647)" });
export type StationId = typeof StationId.Type;

/**
 * Money on the wire: integer cents (spec §9, yuan x 100), non-negative, at most
 * {@link INT4_MAX} (the `integer` column it is stored in). 12.50 yuan is `1250`. Never a float,
 * never yuan.
 *
 * Decodes to the domain's {@link Money.Cents} itself (issue 24: one Cents type, no bridge): the
 * type is defined in `Money.ts`, which the UI loads first and which must not load `Schema`, so
 * this schema only brands with the same key. The brand is a type only: encoding gives the plain
 * number back, and the JSON Schema is the integer's.
 */
export const Cents = intBetween(0)
  .pipe(Schema.brand<Money.CentsBrand>("Cents"))
  .annotate({
    identifier: "Cents",
    description: "money in integer cents (yuan x 100), from 0 to 2147483647",
  });
export type Cents = Money.Cents;

/**
 * A price per litre on the wire: integer cents per litre. 7.30 yuan per litre is `730`.
 * Station prices (now_price, nation_price, original_price) and web-info prices (price_0_*) use it.
 */
export const CentsPerLitre = intBetween(0).annotate({
  identifier: "CentsPerLitre",
  description: "a price in integer cents per litre (7.30 yuan/L is 730)",
});
export type CentsPerLitre = typeof CentsPerLitre.Type;

/**
 * Spec §3: the draft order's `order_amount` is cents written as a string of digits ("10040" is
 * 100.40 yuan). Only canonical digits pass: no sign, no decimal point, no spaces, no leading
 * zeros (except "0" itself), at most 15 digits so the number is always a safe integer.
 * `Money`/`Validation` decide whether the amount is allowed (empty, zero, above the limit), so an
 * amount too large for the database is refused with the page's limit ('cannot exceed 10000
 * yuan') before any SQL.
 */
export const CentsString = Schema.String.check(
  Schema.isMaxLength(15),
  Schema.isPattern(/^(0|[1-9][0-9]*)$/u, { expected: "integer cents as a string of digits, e.g. \"10040\"" }),
).annotate({ identifier: "CentsString", description: "integer cents as a string of digits, e.g. \"10040\" for 100.40 yuan" });
export type CentsString = typeof CentsString.Type;

/** A whole number of seconds, non-negative (the unpaid countdown `count`, a clock advance). */
export const Seconds = intBetween(0).annotate({ description: "whole seconds, non-negative" });
export type Seconds = typeof Seconds.Type;

/** A non-negative count (totals, page numbers' upper bounds). */
export const Count = intBetween(0).annotate({ description: "a non-negative integer" });
export type Count = typeof Count.Type;

/** A longitude in degrees (GCJ-02 for Chinese map coordinates). */
export const Longitude = Schema.Finite.check(Schema.isBetween({ minimum: -180, maximum: 180 })).annotate({
  description: "longitude in degrees, GCJ-02",
});
export type Longitude = typeof Longitude.Type;

/** A latitude in degrees (GCJ-02 for Chinese map coordinates). */
export const Latitude = Schema.Finite.check(Schema.isBetween({ minimum: -90, maximum: 90 })).annotate({
  description: "latitude in degrees, GCJ-02",
});
export type Latitude = typeof Latitude.Type;

// ---------------------------------------------------------------------------------------------
// Reading requests liberally

/** At most 16 digits: any id or amount, and never a string long enough to cost anything to read. */
const Digits = Schema.String.check(Schema.isPattern(/^[0-9]{1,16}$/u, { expected: "a whole number, as a JSON number or a string of digits" }));

/** A JSON number, or a string of digits read as one. Negative zero reads as zero. */
const toNumber = (raw: number | string): number => {
  const n = typeof raw === "string" ? Number(raw) : raw;
  return n === 0 ? 0 : n;
};

/**
 * A request's integer field read from a JSON number or a string of digits (`17` or `"17"`: a
 * spec client may send either, e.g. an id taken from the route `/orderDetail/:id`), then checked
 * by `target` (range, allowed codes). `-0` reads as `0` (so an id of -0 is refused like 0, and an
 * amount of -0 is zero). Encodes as the number.
 */
export const numberOrDigits = <S extends Schema.Top & { readonly Encoded: number }>(target: S) =>
  Schema.Union([Schema.Finite, Digits]).pipe(
    Schema.decodeTo(target, {
      decode: SchemaGetter.transform((raw: number | string) => toNumber(raw) as S["Encoded"]),
      encode: SchemaGetter.transform((n: S["Encoded"]): number | string => n),
    }),
  );

/** `order_id` in a request: {@link OrderId}, also as a string of digits. */
export const OrderIdField = numberOrDigits(OrderId);

/** `station_id` in a request: {@link StationId}, also as a string of digits. */
export const StationIdField = numberOrDigits(StationId);

/** A non-negative safe integer of cents, as {@link Money.Cents}: a draft's amount before the page's limit is applied. */
const DraftCents = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).pipe(Schema.brand<Money.CentsBrand>("Cents"));

/**
 * `order_amount` in a draft: {@link CentsString}, also as a JSON number of cents (`10040`, a
 * non-negative safe integer; `-0` is `0`). Decodes to {@link Money.Cents} (not bounded by
 * {@link INT4_MAX}: `Validation` refuses a large amount with the page's own limit); encodes as
 * the canonical string.
 */
export const AmountField = Schema.Union([CentsString, Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))])
  .pipe(
    Schema.decodeTo(DraftCents, {
      decode: SchemaGetter.transform((raw: string | number) => toNumber(raw)),
      encode: SchemaGetter.transform((n: number): string | number => String(n)),
    }),
  )
  .annotate({ description: "integer cents as a string of digits, e.g. \"10040\" (a JSON number is read too)" });

/**
 * A string field matched whatever its letter case (`"FY"`, `"Fy"`, `"WECHAT"`), read as `target`'s
 * lower-case literal; encodes as that literal.
 */
export const anyCase = <S extends Schema.Top & { readonly Encoded: string }>(target: S) =>
  ShortText.pipe(
    Schema.decodeTo(target, {
      decode: SchemaGetter.transform((s: string) => s.toLowerCase() as S["Encoded"]),
      encode: SchemaGetter.transform((s: S["Encoded"]): string => s),
    }),
  );

const isBlank = (u: string | number | null): boolean => u === null || (typeof u === "string" && u.trim() === "");

/**
 * A field spec §5 requires in its own words ('amount cannot be empty', 'card number cannot be
 * empty', 'recharge amount cannot be empty'). Missing, `null` or blank is refused with the domain
 * error's text (annotation `message`) and tag (annotation `errorTag`, the catalogue key the
 * server sends as `x-error-tag`); anything else is decoded by `target`. The server reports an
 * issue worded like this ahead of any other issue of the body (`describeIssue`), so an empty card
 * number answers 'card number cannot be empty' whatever else is missing.
 */
export const requiredAs = <S extends Schema.Top & { readonly Encoded: string | number }>(error: Messages.Tagged, target: S) => {
  const words = { message: Messages.describe(error), errorTag: error._tag };
  return Schema.Union([Schema.String, Schema.Finite, Schema.Null])
    .check(Schema.makeFilter((u: string | number | null) => !isBlank(u), { ...words, expected: "a value" }))
    .pipe(
      Schema.decodeTo(target, {
        decode: SchemaGetter.transform((u: string | number | null) => u as S["Encoded"]),
        encode: SchemaGetter.transform((e: S["Encoded"]): string | number | null => e),
      }),
    )
    .annotateKey({ messageMissingKey: words.message, errorTag: words.errorTag });
};

// ---------------------------------------------------------------------------------------------
// Times

const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/u;

const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** Whether `s` is a real calendar instant written as ISO-8601 with an offset (pure: no clock, no `Date`). */
export const isIsoTimestamp = (s: string): boolean => {
  const m = ISO_WITH_OFFSET.exec(s);
  if (m === null) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offsetHours = m[9] === undefined ? 0 : Number(m[9]);
  const offsetMinutes = m[10] === undefined ? 0 : Number(m[10]);
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 14 &&
    offsetMinutes <= 59
  );
};

/**
 * An instant on the wire (created_at, payment_time, the sandbox clock): ISO-8601 / RFC 3339 with
 * an explicit offset, e.g. "2024-11-25T01:30:00+08:00" (the server writes China time, +08:00;
 * "Z" is accepted too). Fractions of a second are optional. Kept as a string: the domain's rules
 * take epoch milliseconds, converted by the caller (`Date.parse`).
 */
export const Timestamp = Schema.String.annotate({
  format: "date-time",
  description: "ISO-8601 date-time with offset, e.g. \"2024-11-25T01:30:00+08:00\"",
})
  .check(
    Schema.isMaxLength(40),
    Schema.isPattern(ISO_WITH_OFFSET, { expected: "an ISO-8601 date-time with offset, e.g. \"2024-11-25T01:30:00+08:00\"" }),
    Schema.makeFilter<string>((s) => isIsoTimestamp(s), { expected: "a real calendar date and time" }),
  )
  .annotate({ identifier: "Timestamp" });
export type Timestamp = typeof Timestamp.Type;

/**
 * A China calendar day, `YYYY-MM-DD` (a date picker's value): a filter's whole day in China time
 * (UTC+8), read by `Time.parseChinaDay`, whatever zone the caller's device is set to.
 */
export const ChinaDay = Schema.String.check(
  Schema.isMaxLength(10),
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/u, { expected: "a day \"YYYY-MM-DD\"" }),
  Schema.makeFilter<string>((s) => parseChinaDay(s) !== undefined, { expected: "a real calendar day from 1970 on" }),
).annotate({ identifier: "ChinaDay", description: "a China calendar day \"YYYY-MM-DD\" (UTC+8)" });
export type ChinaDay = typeof ChinaDay.Type;

/** A wall-clock time "HH:mm" in China time (business hours); "24:00" is allowed as an end. */
export const ClockTime = Schema.String.check(
  Schema.isPattern(/^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/u, { expected: "a time \"HH:mm\" (00:00 to 24:00)" }),
).annotate({ identifier: "ClockTime", description: "\"HH:mm\" China time, \"24:00\" allowed as an end" });
export type ClockTime = typeof ClockTime.Type;

// ---------------------------------------------------------------------------------------------
// Codes

/**
 * Spec §4: order_status codes. 1 unpaid, 2 unused (paid), 3 used, 6 rejected (recharge),
 * 7 voided, 8 expired, 9 cancelled. `Order.statusFromCode` names them.
 */
export const OrderStatusCode = Schema.Literals(STATUS_CODES).annotate({
  identifier: "OrderStatusCode",
  description: "1 unpaid, 2 unused (paid), 3 used, 6 rejected, 7 voided, 8 expired, 9 cancelled",
});
export type OrderStatusCode = typeof OrderStatusCode.Type;

/** Spec §4: order_type codes. 1 entity card, 2 pay-as-you-go. */
export const OrderTypeCode = Schema.Literals([ORDER_TYPE_CODES.entityCard, ORDER_TYPE_CODES.payAsYouGo]).annotate({
  identifier: "OrderTypeCode",
  description: "1 entity card, 2 pay-as-you-go",
});
export type OrderTypeCode = typeof OrderTypeCode.Type;

/** Spec §3/§4/§9: card_type codes. 1 entity, 2 virtual, 3 top-up replacement (code 3 is our decision). */
export const CardTypeCode = Schema.Literals([CARD_TYPE_CODES.entity, CARD_TYPE_CODES.virtual, CARD_TYPE_CODES.topUpReplacement]).annotate({
  identifier: "CardTypeCode",
  description: "1 entity, 2 virtual, 3 top-up replacement",
});
export type CardTypeCode = typeof CardTypeCode.Type;

/** refund_status codes: 0 none, 1 requested, 2 refunding, 3 refunded (spec §4 names 3); `Refund.REFUND_STATUS` names them. */
export const RefundStatusCode = Schema.Literals(REFUND_STATUS_CODES).annotate({
  identifier: "RefundStatusCode",
  description: "0 none, 1 requested, 2 refunding, 3 refunded",
});
export type RefundStatusCode = typeof RefundStatusCode.Type;

/**
 * Spec §1/§3: a fuel grade (`gas_Type` on drafts, `gas_type` on orders). The schema accepts all
 * four grades the product shows; that only 0# can be bought is the domain's rule
 * (`Validation.validateGasType`), so the answer carries the spec's message.
 */
export const GasType = Schema.Literals([DIESEL_0, ...DISABLED_GASOLINE]).annotate({
  identifier: "GasType",
  description: "a fuel grade; only \"0#\" (diesel) can be bought",
});
export type GasType = typeof GasType.Type;

/**
 * How an order is paid: "wechat" is the messaging app's JSAPI-style channel (answers
 * `respCode '00'` + `payInfo`), "fy" the FY channel (answers `result_code '000000'` +
 * `reserved_pay_info`).
 */
export const PayType = Schema.Literals(["wechat", "fy"]).annotate({
  identifier: "PayType",
  description: "\"wechat\" (JSAPI-style channel) or \"fy\" (the FY channel)",
});
export type PayType = typeof PayType.Type;

/**
 * `paytype` in a request: {@link PayType} in any letter case, because spec §7 spells the FY
 * channel "FY" ("paytype FY"); read as, and written in, the lower-case literal.
 */
export const PayTypeField = anyCase(PayType).annotate({ description: "\"wechat\" or \"fy\", any letter case (\"FY\" as spec §7 writes it)" });

// ---------------------------------------------------------------------------------------------
// Shapes shared by many endpoints

/**
 * The request of an endpoint without payload (every GET but the sandbox SMS, logout): any JSON
 * object, its members ignored. A POST without a body is read as `{}` by the server.
 * (An empty `Schema.Struct` alone would also let strings and arrays through.)
 */
export const Empty = Schema.Struct({})
  .check(
    Schema.makeFilter((u: {}) => typeof u === "object" && !Array.isArray(u), {
      expected: "a JSON object",
      toJsonSchema: () => ({ type: "object" }),
    }),
  )
  .annotate({ identifier: "Empty", description: "no payload" });
export type Empty = typeof Empty.Type;

/** The answer data of an endpoint that answers nothing but success: `data` is `null`. */
export const NoData = Schema.Null.annotate({ description: "no data: the envelope's status says it all" });
export type NoData = typeof NoData.Type;

/** A request naming one order: `{order_id}`. */
export const OrderIdRequest = Schema.Struct({ order_id: OrderIdField });
export type OrderIdRequest = typeof OrderIdRequest.Type;

/** A request naming one phone number: `{phone}`. */
export const PhoneRequest = Schema.Struct({ phone: Phone });
export type PhoneRequest = typeof PhoneRequest.Type;

/** An answer reporting an order's status after an action: `{order_id, order_status}`. */
export const OrderStatusAnswer = Schema.Struct({ order_id: OrderId, order_status: OrderStatusCode });
export type OrderStatusAnswer = typeof OrderStatusAnswer.Type;

/**
 * The server's request body limit: a larger body answers 413. No payload of the spec comes close;
 * the desk's CSV import and follow-us QR image are kept under it, and the desk refuses a larger
 * file before sending it.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;
