import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
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

  it("the system clock ticks every period until told to stop", () => {
    vi.useFakeTimers();
    try {
      const ticks: number[] = [];
      const stop = systemClock.every(1_000, () => ticks.push(1));
      vi.advanceTimersByTime(3_500);
      stop();
      vi.advanceTimersByTime(5_000);
      expect(ticks).toHaveLength(3);
      expect(() => systemClock.every(0, () => undefined)).toThrow(RangeError);
    } finally {
      vi.useRealTimers();
    }
  });
  it("a manual clock ticks each period advance() passes, in time order, with now() at that instant", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 4 }), fc.array(fc.integer({ min: 0, max: 7_000 }), { maxLength: 6 }), (periods, steps) => {
        const c = new ManualClock(0);
        const seen: Array<{ readonly period: number; readonly at: number }> = [];
        const stops = periods.map((period) => c.every(period, () => seen.push({ period, at: c.now() })));
        for (const step of steps) c.advance(step);
        const end = steps.reduce((a, b) => a + b, 0);
        expect(c.now()).toBe(end);
        // Each period ticked at each of its multiples up to the end, and the ticks came in time order.
        for (const period of periods) expect(seen.filter((s) => s.period === period).map((s) => s.at)).toEqual(Array.from({ length: Math.floor(end / period) }, (_, i) => (i + 1) * period));
        expect(seen.map((s) => s.at)).toEqual([...seen.map((s) => s.at)].sort((a, b) => a - b));
        for (const stop of stops) stop();
        c.advance(10_000);
        expect(seen.filter((s) => s.at > end)).toEqual([]);
      }),
    );
  });
});
