import fc from "fast-check";
import { Exit, Result, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { Api, ApiNames, CentsString, examples, isIsoTimestamp, orderListStatuses, Timestamp, type Endpoint } from "../../src/api/index.ts";

const codec = (s: Schema.Top) => s as Schema.Codec<unknown, unknown>;

describe("decoding never throws", () => {
  const schemas = ApiNames.flatMap((name) => {
    const e: Endpoint = Api[name];
    return [
      { label: `${name}.request`, schema: e.request },
      { label: `${name}.response`, schema: e.response },
    ];
  });

  for (const { label, schema } of schemas) {
    it(`${label}: random JSON gives a Result / Exit, never an exception`, () => {
      const result = Schema.decodeUnknownResult(codec(schema));
      const exit = Schema.decodeUnknownExit(codec(schema));
      fc.assert(
        fc.property(fc.jsonValue(), (json) => {
          const r = result(json);
          const x = exit(json);
          expect(Result.isResult(r)).toBe(true);
          expect(Exit.isExit(x)).toBe(true);
          expect(Result.isSuccess(r)).toBe(Exit.isSuccess(x));
        }),
        { numRuns: 200 },
      );
    });
  }

  it("an example with one member replaced by random JSON decodes or fails, never throws", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ApiNames), fc.string({ maxLength: 20 }), fc.jsonValue(), (name, key, json) => {
        const e: Endpoint = Api[name];
        const request = examples[name].request as Record<string, unknown>;
        const keys = Object.keys(request);
        const target = keys.length > 0 ? keys[key.length % keys.length]! : key;
        const r = Schema.decodeUnknownResult(codec(e.request))({ ...request, [target]: json });
        expect(Result.isResult(r)).toBe(true);
      }),
    );
  });
});

describe("CentsString", () => {
  it("accepts the decimal digits of any integer amount up to 15 digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (n) => {
        expect(Result.isSuccess(Schema.decodeUnknownResult(CentsString)(String(n)))).toBe(true);
      }),
    );
  });

  it("rejects any amount with a decimal point or a sign", () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat({ max: 99 }), fc.constantFrom("", "-", "+"), (whole, frac, sign) => {
        expect(Result.isFailure(Schema.decodeUnknownResult(CentsString)(`${sign}${whole}.${frac}`))).toBe(true);
        if (sign !== "") expect(Result.isFailure(Schema.decodeUnknownResult(CentsString)(`${sign}${whole}`))).toBe(true);
      }),
    );
  });
});

describe("Timestamp", () => {
  it("accepts every instant written by toISOString (UTC, 'Z')", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_000 }), (ms) => {
        expect(Result.isSuccess(Schema.decodeUnknownResult(Timestamp)(new Date(ms).toISOString()))).toBe(true);
      }),
    );
  });

  it("accepts exactly the calendar-valid component combinations (checked against Date.UTC)", () => {
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2100 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        (y, mo, d, h, mi) => {
          const text = `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:00+08:00`;
          const utc = new Date(Date.UTC(y, mo - 1, d, h, mi));
          const real =
            mo >= 1 && mo <= 12 && d >= 1 && h <= 23 && mi <= 59 && utc.getUTCMonth() === mo - 1 && utc.getUTCDate() === d;
          expect(isIsoTimestamp(text)).toBe(real);
        },
      ),
    );
  });
});

describe("orderListStatuses", () => {
  it("a numeric status code selects exactly that status", () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3, 6, 7, 8, 9 as const), (code) => {
        expect(orderListStatuses(code)).toEqual([code]);
      }),
    );
  });
});
