import fc from "fast-check";
import { Result, Schema } from "effect";
import { describe, expect, expectTypeOf, it } from "vitest";
import { AmountField, Cents, INT4_MAX } from "../../src/api/Primitives.ts";
import * as Money from "../../src/Money.ts";

const decodeCents = Schema.decodeUnknownResult(Cents);
const decodeAmount = Schema.decodeUnknownResult(AmountField);

describe("Cents: the wire schema decodes to Money.Cents (issue 24)", () => {
  it("the decoded type is Money.Cents itself, and a plain number is not one", () => {
    expectTypeOf<typeof Cents.Type>().toEqualTypeOf<Money.Cents>();
    expectTypeOf<typeof Cents.Encoded>().toEqualTypeOf<number>();
    expectTypeOf<typeof AmountField.Type>().toEqualTypeOf<Money.Cents>();
    expectTypeOf<number>().not.toExtend<Money.Cents>();
  });

  it("decoding any integer from 0 to INT4_MAX gives Money.cents of it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: INT4_MAX }), (n) => {
        expect(decodeCents(n)).toEqual(Result.succeed(Money.cents(n)));
      }),
    );
  });

  it("encoding a decoded amount gives the plain number back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: INT4_MAX }), (n) => {
        const encoded: number = Schema.encodeSync(Cents)(Money.cents(n));
        expect(encoded).toBe(n);
      }),
    );
  });

  it("refuses amounts below zero or above INT4_MAX", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger().filter((n) => n < 0 || n > INT4_MAX), (n) => {
        expect(Result.isFailure(decodeCents(n))).toBe(true);
      }),
    );
    for (const n of [-1, INT4_MAX + 1]) expect(Result.isFailure(decodeCents(n))).toBe(true);
  });

  it("refuses fractions of a cent and non-finite numbers", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: INT4_MAX }).filter((x) => !Number.isInteger(x)), (x) => {
        expect(Result.isFailure(decodeCents(x))).toBe(true);
      }),
    );
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(Result.isFailure(decodeCents(x))).toBe(true);
  });

  it("refuses a string of digits (an answer's money is a JSON number)", () => {
    expect(Result.isFailure(decodeCents("10040"))).toBe(true);
  });
});

describe("AmountField: a draft's order_amount decodes to Money.Cents (issue 24)", () => {
  it("digits or a JSON number decode to Money.cents of the amount, and encode as the digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), fc.boolean(), (n, asString) => {
        const decoded = decodeAmount(asString ? String(n) : n);
        expect(decoded).toEqual(Result.succeed(Money.cents(n)));
        expect(Schema.encodeSync(AmountField)(Money.cents(n))).toBe(String(n));
      }),
    );
  });

  it("refuses negative amounts and fractions, as a number or as digits", () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 99 }), (whole, frac) => {
        expect(Result.isFailure(decodeAmount(-(whole + 1)))).toBe(true);
        expect(Result.isFailure(decodeAmount(whole + frac / 100))).toBe(true);
        expect(Result.isFailure(decodeAmount(`${whole}.${frac}`))).toBe(true);
      }),
    );
  });
});
