import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv, serializeCsv } from "../../src/operators/csv.ts";

describe("parseCsv", () => {
  it("reads quoted commas, doubled quotes and line breaks, CRLF or LF, and names each record's first line", () => {
    expect(parseCsv('a,b\n"x,1","he said ""hi""\nbye"\r\n3,\n')).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x,1", 'he said "hi"\nbye'] },
      { line: 4, fields: ["3", ""] },
    ]);
  });

  it("drops a BOM and blank lines", () => {
    expect(parseCsv("\uFEFFa\n\nb")).toEqual([
      { line: 1, fields: ["a"] },
      { line: 3, fields: ["b"] },
    ]);
  });

  it("refuses an unclosed quote and a stray quote, naming the line", () => {
    expect(() => parseCsv('a\n"open')).toThrow(new CsvSyntaxError(2, "a quoted field is never closed"));
    expect(() => parseCsv('a\nb"c')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('"a"b')).toThrow(CsvSyntaxError);
  });

  it("property: serialize then parse gives the same rows", () => {
    const row = fc.array(fc.string({ unit: fc.constantFrom("a", "Z", "中", ",", '"', "\n", "\r", " ", "\r\n", "0") }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        expect(parseCsv(serializeCsv(rows)).map((r) => r.fields)).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });
});
