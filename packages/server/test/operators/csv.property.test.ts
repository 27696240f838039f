import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvField, guardCell, parseCsv, serializeCsv, unguardCell } from "../../src/operators/csv.ts";
import { FORMULA_START, OWASP_PAYLOADS, rawCells } from "./csvCells.ts";

/** Strings rich in what matters here: formula starters, single and double quotes, separators, line breaks. */
const tricky = fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", "'", '"', ",", " ", "a", "中", "1", "\uFEFF") });
const anyText = fc.oneof(tricky, fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }));
const rows = fc.array(fc.array(anyText, { minLength: 1, maxLength: 5 }), { maxLength: 8 });

describe("CSV cells are safe to open in a spreadsheet (issue 34, OWASP CSV injection)", () => {
  it("a cell starting with = + - @ tab or CR is written behind one single quote", () => {
    expect(OWASP_PAYLOADS.map(guardCell)).toEqual(OWASP_PAYLOADS.map((p) => `'${p}`));
    expect(guardCell("2026-11-30")).toBe("2026-11-30");
    expect(guardCell("'quoted")).toBe("'quoted");
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("\r=1")).toBe("\"'\r=1\"");
  });

  it("the reader takes exactly one quote off a guarded cell, and nothing off any other", () => {
    expect(unguardCell("'=1+1")).toBe("=1+1");
    expect(unguardCell("''=1+1")).toBe("'=1+1");
    expect(unguardCell("'quoted")).toBe("'quoted");
    expect(unguardCell("'")).toBe("'");
    expect(parseCsv("'-2+3,''@SUM(1),'text\r\n")[0]?.fields).toEqual(["-2+3", "'@SUM(1)", "'text"]);
  });

  it("property: parse(serialize(rows)) gives back rows, for any strings", () => {
    fc.assert(
      fc.property(rows, (rs) => {
        expect(parseCsv(serializeCsv(rs)).map((r) => r.fields)).toEqual(rs);
      }),
      { numRuns: 500 },
    );
  });

  it("property: no written cell starts (inside its double quotes, if quoted) with a formula's first character", () => {
    fc.assert(
      fc.property(rows, (rs) => {
        const cells = rawCells(serializeCsv(rs)).flat();
        for (const cell of cells) expect(cell).not.toMatch(FORMULA_START);
      }),
      { numRuns: 500 },
    );
  });

  it("property: unguardCell undoes guardCell", () => {
    fc.assert(fc.property(anyText, (s) => unguardCell(guardCell(s)) === s));
  });
});
