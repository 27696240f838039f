import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseTaxId, TITLE_NAME_MAX_LENGTH, titleProblems, validateTitle } from "../../src/invoice/Title.ts";

const taxIdChars = fc.constantFrom(..."0123456789ABCDEFGHJKLMNPQRTUWXY".split(""));
const goodTaxId = fc.integer({ min: 15, max: 20 }).chain((n) => fc.array(taxIdChars, { minLength: n, maxLength: n }).map((cs) => cs.join("")));
// Names without control characters (the rule turns those into blanks, tested elsewhere).
// eslint-disable-next-line no-control-regex -- control characters are what the filter leaves out
const CONTROL = new RegExp("[\\u0000-\\u001f\\u007f]", "u");
const name = fc.string({ minLength: 1, maxLength: TITLE_NAME_MAX_LENGTH }).filter((s) => s.trim() !== "" && !CONTROL.test(s));

describe("Invoice titles: one rule for the form and the server", () => {
  it("a company with a taxpayer id of 15 to 20 digits or capitals, typed in any case with blanks around it, is valid and stored upper-cased", () => {
    fc.assert(fc.property(name, goodTaxId, fc.boolean(), (n, id, lower) => {
      const typed = ` ${lower ? id.toLowerCase() : id}  `;
      const valid = validateTitle({ type: "company", name: n, tax_id: typed });
      expect(Result.isSuccess(valid)).toBe(true);
      if (Result.isSuccess(valid)) {
        expect(valid.success.tax_id).toBe(id);
        expect(valid.success.name).toBe(n.trim());
      }
      expect(normaliseTaxId(typed)).toBe(id);
    }));
  });

  it("a company's taxpayer id of any other length, or with other characters, is refused on that field", () => {
    const tooShortOrLong = fc.oneof(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 21, max: 40 })).chain((n) => fc.array(taxIdChars, { minLength: n, maxLength: n }).map((cs) => cs.join("")));
    const withBadChar = fc.tuple(goodTaxId, fc.constantFrom("-", "_", "*", "中", "。")).map(([id, c]) => id.slice(0, 14) + c + id.slice(15));
    fc.assert(fc.property(name, fc.oneof(tooShortOrLong, withBadChar), (n, id) => {
      const problems = titleProblems({ type: "company", name: n, tax_id: id });
      expect(problems.map((p) => [p.field, p.key])).toEqual([["tax_id", "InvoiceTaxIdInvalid"]]);
    }));
    expect(titleProblems({ type: "company", name: "ACME", tax_id: "  " }).map((p) => p.key)).toEqual(["InvoiceTaxIdEmpty"]);
  });

  it("a personal title needs only a name, and never carries a taxpayer id", () => {
    fc.assert(fc.property(name, fc.option(fc.string()), (n, id) => {
      const valid = validateTitle({ type: "personal", name: n, tax_id: id });
      expect(Result.isSuccess(valid) && valid.success.tax_id).toBe(null);
    }));
  });

  it("a name is required and at most 100 characters (Chinese counted as one each)", () => {
    expect(titleProblems({ type: "personal", name: " \t " }).map((p) => p.key)).toEqual(["InvoiceTitleNameEmpty"]);
    expect(titleProblems({ type: "personal", name: "广".repeat(100) })).toEqual([]);
    expect(titleProblems({ type: "personal", name: "广".repeat(101) }).map((p) => p.key)).toEqual(["InvoiceTitleNameTooLong"]);
    fc.assert(fc.property(fc.string({ minLength: 101, maxLength: 300 }).filter((s) => [...s.trim()].length > 100 && !CONTROL.test(s)), (long) => {
      expect(titleProblems({ type: "personal", name: long }).map((p) => p.key)).toContain("InvoiceTitleNameTooLong");
    }));
  });

  it("the optional fields are checked only when given, and every problem is listed with its field", () => {
    expect(titleProblems({ type: "personal", name: "张三", email: "", phone: "", account: "" })).toEqual([]);
    const problems = titleProblems({ type: "company", name: "", tax_id: "x", email: "not-mail", phone: "abc", account: "12ab", address: "a".repeat(101), bank: "b".repeat(101) });
    expect(problems.map((p) => p.field)).toEqual(["name", "tax_id", "email", "phone", "address", "bank", "account"]);
    expect(titleProblems({ type: "shop", name: "x" }).map((p) => p.key)).toEqual(["InvoiceTitleTypeInvalid"]);
    expect(Result.isFailure(validateTitle({ type: "company", name: "ACME" }))).toBe(true);
  });

  it("valid optional fields are kept trimmed, and empty ones become null", () => {
    const valid = validateTitle({ type: "company", name: " ACME ", tax_id: "91350100M000100Y43", email: " a@b.cn ", phone: "0591-8888 6666", account: "6222 0000 1111", address: "", bank: undefined });
    expect(Result.isSuccess(valid) && valid.success).toEqual({
      type: "company", name: "ACME", tax_id: "91350100M000100Y43", email: "a@b.cn", phone: "0591-8888 6666", address: null, bank: null, account: "6222 0000 1111",
    });
  });
});
