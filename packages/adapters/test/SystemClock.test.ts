import { describe, expect, it } from "vitest";
import { ManualClock, systemClock } from "../src/clock/SystemClock.ts";

describe("clocks", () => {
  it("the system clock reads the real time", () => {
    const before = Date.now();
    const t = systemClock.now();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });
  it("a manual clock moves only forward, by what it is told", () => {
    const c = new ManualClock(1_000);
    c.advance(500);
    expect(c.now()).toBe(1_500);
    expect(() => c.advance(-1)).toThrow(RangeError);
    expect(c.now()).toBe(1_500);
  });
});
