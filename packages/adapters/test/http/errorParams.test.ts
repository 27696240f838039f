import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseErrorParams } from "../../src/http/errorParams.ts";

const encode = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

describe("x-error-params (issue 22: a refusal's values, to word it in the customer's language)", () => {
  it("reads the values the server encoded", () => {
    expect(parseErrorParams(encode({ minutes: 7, tel: "客服 400" }))).toEqual({ minutes: 7, tel: "客服 400" });
  });

  it("no header, an empty one, or one that is not an object of values is no values", () => {
    expect(parseErrorParams(null)).toBeUndefined();
    expect(parseErrorParams("")).toBeUndefined();
    expect(parseErrorParams("%E0%A4%A")).toBeUndefined();
    expect(parseErrorParams("{not json")).toBeUndefined();
    expect(parseErrorParams(encode([1, 2]))).toBeUndefined();
    expect(parseErrorParams(encode("text"))).toBeUndefined();
  });

  it("keeps only text and finite numbers", () => {
    expect(parseErrorParams(encode({ a: 1, b: "x", c: null, d: { e: 1 }, f: true }))).toEqual({ a: 1, b: "x" });
  });

  it("round-trips any record of text and integers, and never throws on any header", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string().filter((k) => k !== "__proto__"), fc.oneof(fc.string(), fc.integer())), (params) => {
        expect(parseErrorParams(encode(params))).toEqual(params);
      }),
    );
    fc.assert(fc.property(fc.string(), (header) => void parseErrorParams(header)));
  });
});
