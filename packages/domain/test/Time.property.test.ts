import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIsoTimestamp } from "../src/api/Primitives.ts";
import { formatChinaIso, formatChinaStamp, parseWireInstant } from "../src/Time.ts";
import { epochMs } from "../src/testing/orders.ts";

describe("Time: wire instants, for every instant", () => {
  it("reading back a written instant gives it to the whole second", () => {
    fc.assert(fc.property(epochMs, (at) => {
      expect(parseWireInstant(formatChinaIso(at))).toBe(at - (at % 1_000));
    }));
  });

  it("every written instant is a Timestamp of the wire contract", () => {
    fc.assert(fc.property(epochMs, (at) => {
      expect(isIsoTimestamp(formatChinaIso(at))).toBe(true);
    }));
  });

  it("the stamp is the written instant's digits", () => {
    fc.assert(fc.property(epochMs, (at) => {
      expect(formatChinaStamp(at)).toBe(formatChinaIso(at).slice(0, 19).replace(/\D/g, ""));
    }));
  });

  it("every instant Date reads from the same text is the one read here", () => {
    fc.assert(fc.property(epochMs, fc.constantFrom("Z", "+08:00", "-03:30"), (at, zone) => {
      const text = new Date(at).toISOString().replace("Z", zone);
      expect(parseWireInstant(text)).toBe(Date.parse(text));
    }));
  });

  it("the written instant is the UTC+8 wall clock Date gives, for any instant from year 1000 to 9000", () => {
    fc.assert(fc.property(fc.integer({ min: -30_000_000_000_000, max: 220_000_000_000_000 }), (at) => {
      expect(formatChinaIso(at)).toBe(`${new Date(at + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`);
    }));
  });
});
