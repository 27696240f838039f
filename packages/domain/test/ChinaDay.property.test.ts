import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chinaDayText, formatChinaIso, parseChinaDay } from "../src/Time.ts";
import { epochMs } from "../src/testing/orders.ts";

describe("Time: China calendar days, for every instant", () => {
  it("an instant lies within the day it is written on, which is 24 hours long", () => {
    fc.assert(fc.property(epochMs, (at) => {
      const day = parseChinaDay(chinaDayText(at));
      expect(day).toBeDefined();
      expect(day!.start).toBeLessThanOrEqual(at);
      expect(at).toBeLessThan(day!.end);
      expect(day!.end - day!.start).toBe(86_400_000);
    }));
  });

  it("a day starts at China midnight, and the next day starts where it ends", () => {
    fc.assert(fc.property(epochMs, (at) => {
      const day = parseChinaDay(chinaDayText(at))!;
      expect(formatChinaIso(day.start).slice(10)).toBe("T00:00:00+08:00");
      expect(parseChinaDay(chinaDayText(day.end))!.start).toBe(day.end);
    }));
  });

  it("what is not a real day is no day", () => {
    for (const text of ["", "2026-02-30", "2026-13-01", "2026-2-3", "2026-02-03T00:00", " 2026-02-03", "1969-12-31", "2024-02-29x"]) expect(parseChinaDay(text), text).toBeUndefined();
    expect(parseChinaDay("2024-02-29")).toBeDefined();
  });
});
