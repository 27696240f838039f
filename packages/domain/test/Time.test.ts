import { describe, expect, it } from "vitest";
import { chinaInstant, formatChinaIso, formatChinaStamp, parseWireInstant } from "../src/Time.ts";

const at = chinaInstant(2024, 11, 26, 9, 16, 5);

describe("Time: instants on the wire, in China time (spec §3)", () => {
  it("an instant is written as ISO-8601 in China time to the second", () => {
    expect(formatChinaIso(at)).toBe("2024-11-26T09:16:05+08:00");
  });

  it("China time is UTC+8: 16:30 UTC is half past midnight the next day", () => {
    expect(formatChinaIso(Date.UTC(2024, 10, 25, 16, 30))).toBe("2024-11-26T00:30:00+08:00");
  });

  it("milliseconds are dropped, not rounded", () => {
    expect(formatChinaIso(at + 999)).toBe("2024-11-26T09:16:05+08:00");
  });

  it("the merchant order number stamp is the China wall clock's digits", () => {
    expect(formatChinaStamp(at)).toBe("20241126091605");
  });

  it("a written instant reads back as the same epoch ms", () => {
    expect(parseWireInstant("2024-11-26T09:16:05+08:00")).toBe(at);
  });

  it("UTC, other offsets and fractions of a second are read too", () => {
    expect(parseWireInstant("2024-11-26T01:16:05Z")).toBe(at);
    expect(parseWireInstant("2024-11-25T20:16:05-05:00")).toBe(at);
    expect(parseWireInstant("2024-11-26T09:16:05.250+08:00")).toBe(at + 250);
  });

  it("text that is not an instant with an offset reads as undefined", () => {
    for (const text of ["", "2024-11-26", "2024-11-26T09:16:05", "2024-02-30T00:00:00+08:00", "2024-11-26T24:00:00+08:00", "yesterday"]) {
      expect(parseWireInstant(text)).toBeUndefined();
    }
  });
});
