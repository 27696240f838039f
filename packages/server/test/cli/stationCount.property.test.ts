import { StationsCsv } from "@fuel/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv, serializeCsv } from "../../src/operators/csv.ts";

/**
 * Issue 34: the desk counts a chosen file's stations with the domain's StationsCsv.recordCount,
 * before the server parses it with ./csv.ts: the two must count the same records, or the
 * confirmation would name another number than the import's.
 */

const cell = fc.string({ unit: fc.constantFrom("a", "城", ",", '"', "\n", "\r", " ", "\uFEFF"), maxLength: 6 });

describe("StationsCsv.recordCount agrees with the server's CSV parser", () => {
  it("on any rows the server writes", () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { maxLength: 6 }), (rows) => {
        const text = serializeCsv(rows);
        expect(StationsCsv.recordCount(text)).toBe(parseCsv(text).length);
      }),
    );
  });

  it("on any text the parser reads (blank lines, CR, CRLF, a byte-order mark, quotes)", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", "\r\n", " "), maxLength: 30 }), (bom, body) => {
        const text = bom ? `\uFEFF${body}` : body;
        let records;
        try {
          records = parseCsv(text);
        } catch (e) {
          if (e instanceof CsvSyntaxError) return;
          throw e;
        }
        expect(StationsCsv.recordCount(text)).toBe(records.length);
      }),
      { numRuns: 2000 },
    );
  });
});
