import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanFreeText } from "../src/Validation.ts";

// eslint-disable-next-line no-control-regex -- the characters that must be gone
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Letters, CJK, blanks of every kind and control characters: what a pasted remark may hold. */
const textUnit = fc.oneof(
  fc.constantFrom("a", "Z", "7", "中", "油", "é", " ", "\u00a0", "\u3000", "\u2028"),
  fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  fc.constant("\u007f"),
);

describe("Validation.cleanFreeText: free text as stored (remarks, reasons)", () => {
  it("a line break or tab inside becomes a space", () => {
    expect(cleanFreeText("pump 3\nnear\tthe shop")).toBe("pump 3 near the shop");
  });

  it("blanks at either end are trimmed", () => {
    expect(cleanFreeText("  card lost \r\n")).toBe("card lost");
  });

  it("an absent text is empty", () => {
    expect(cleanFreeText(undefined)).toBe("");
  });

  it("no control character survives, and the result never starts or ends with a blank", () => {
    fc.assert(
      fc.property(fc.string({ unit: textUnit, maxLength: 60 }), (raw) => {
        const clean = cleanFreeText(raw);
        expect(CONTROL.test(clean)).toBe(false);
        expect(clean).toBe(clean.trim());
      }),
    );
  });

  it("text without control characters only loses its blank ends", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }).filter((s) => !CONTROL.test(s)), (raw) => {
        expect(cleanFreeText(raw)).toBe(raw.trim());
      }),
    );
  });
});
