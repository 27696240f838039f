import type { Brand } from "effect";
import { Data, Result } from "effect";
import { CENTS_PER_YUAN } from "./Constants.ts";

/**
 * Money in the fuel app: integer cents (fen), never binary floating point.
 * Spec §9: "Amounts are in cents (yuan x 100)."
 * @module
 */

/**
 * An amount of money in integer cents (1 yuan = 100 cents).
 *
 * The one definition of the type (issue 24). It is effect's `Brand` so that the wire schema
 * `api/Primitives.ts` `Cents` (`Schema.brand("Cents")`) decodes to this very type: a decoded wire
 * amount is a `Money.Cents` with no conversion. The type lives here, not beside the schema,
 * because this module is in the UI's first-load chunks and must not pull in `Schema` at run time
 * (a type-only import costs nothing); the schema, which needs `Schema` anyway, refines to it.
 */
export type Cents = Brand.Branded<number, CentsBrand>;

/** The brand key of {@link Cents}: the wire schema brands with this same key. */
export type CentsBrand = "Cents";

/** The largest amount we accept from a person: keeps every cent figure a safe integer with room for arithmetic. */
export const MAX_INPUT_YUAN_DIGITS = 9;

/** The typed amount was empty (spec §5: 'amount cannot be empty'). */
export class AmountEmpty extends /* @__PURE__ */ Data.TaggedError("AmountEmpty")<{}> {}
/** The typed amount has more than two decimals: money has no fraction of a cent. */
export class AmountTooManyDecimals extends /* @__PURE__ */ Data.TaggedError("AmountTooManyDecimals")<{ readonly input: string }> {}
/** The typed amount is not a plain decimal number (signs, exponents, letters, several dots, too many digits). */
export class AmountInvalid extends /* @__PURE__ */ Data.TaggedError("AmountInvalid")<{ readonly input: string }> {}

/** Why a typed yuan amount could not be read. */
export type ParseYuanError = AmountEmpty | AmountTooManyDecimals | AmountInvalid;

/**
 * Wraps an integer count of cents.
 * @throws RangeError when `n` is not a safe integer: a fraction of a cent is a programming error.
 */
export const cents = (n: number): Cents => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`cents must be a safe integer, got ${n}`);
  return n as Cents;
};

/** Cents in `yuan` whole yuan. */
export const fromYuan = (yuan: number): Cents => cents(yuan * CENTS_PER_YUAN);

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * Reads a yuan amount typed by a person ("12", "12.3", "12.34", " 12.34 ", "12.", ".5") into cents,
 * by string manipulation only, so no binary floating point ever touches the value.
 * Rejects: empty (AmountEmpty), more than 2 decimals (AmountTooManyDecimals), and signs, exponents,
 * letters, separators or more than {@link MAX_INPUT_YUAN_DIGITS} integer digits (AmountInvalid).
 */
export const parseYuan = (input: string): Result.Result<Cents, ParseYuanError> => {
  const text = input.trim();
  if (text === "") return Result.fail(new AmountEmpty());
  const m = DECIMAL.exec(text);
  const whole = m?.[1] ?? "";
  const fraction = m?.[2] ?? "";
  if (!m || (whole === "" && fraction === "")) return Result.fail(new AmountInvalid({ input }));
  if (whole.replace(/^0+(?=\d)/, "").length > MAX_INPUT_YUAN_DIGITS) return Result.fail(new AmountInvalid({ input }));
  if (fraction.length > 2) return Result.fail(new AmountTooManyDecimals({ input }));
  const total = Number(whole === "" ? "0" : whole) * CENTS_PER_YUAN + Number(fraction.padEnd(2, "0"));
  return Result.succeed(total as Cents);
};

/** Formats cents as a yuan decimal with exactly two decimals: 9162 -> "91.62", 5 -> "0.05", -150 -> "-1.50". */
export const formatCents = (amount: number): string => {
  const sign = amount < 0 ? "-" : "";
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / CENTS_PER_YUAN);
  const fraction = abs % CENTS_PER_YUAN;
  return `${sign}${whole}.${String(fraction).padStart(2, "0")}`;
};

/** Formats cents for a price tag: "¥91.62". */
export const formatYuan = (amount: number): string => `¥${formatCents(amount)}`;
