import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitSeconds } from "../src/Time.ts";

describe("Time.splitSeconds: a countdown split as time left", () => {
  it("the parts add up to the whole seconds left", () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 10 * 86_400, noNaN: true }), (left) => {
      const { hours, minutes, seconds } = splitSeconds(left);
      expect(hours * 3_600 + minutes * 60 + seconds).toBe(Math.floor(left));
    }));
  });

  it("minutes and seconds stay under 60, every part a whole number of at least 0", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 * 86_400 }), (left) => {
      const parts = splitSeconds(left);
      expect(parts.minutes).toBeLessThan(60);
      expect(parts.seconds).toBeLessThan(60);
      for (const part of Object.values(parts)) {
        expect(Number.isInteger(part) && part >= 0).toBe(true);
      }
    }));
  });

  it("under an hour there are no hours; under a minute, only seconds", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 3_599 }), (left) => {
      const parts = splitSeconds(left);
      expect(parts.hours).toBe(0);
      if (left < 60) expect(parts).toEqual({ hours: 0, minutes: 0, seconds: left });
    }));
  });

  it("no time left (elapsed, negative, not a number) is all zeros", () => {
    fc.assert(fc.property(fc.oneof(fc.double({ max: 0, noNaN: true }), fc.constantFrom(Number.NaN, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY)), (left) => {
      expect(splitSeconds(left)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    }));
  });

  it("examples: 14 min 32 s, 45 s, 47 h 59 min 59 s", () => {
    expect(splitSeconds(872)).toEqual({ hours: 0, minutes: 14, seconds: 32 });
    expect(splitSeconds(45.9)).toEqual({ hours: 0, minutes: 0, seconds: 45 });
    expect(splitSeconds(48 * 3_600 - 1)).toEqual({ hours: 47, minutes: 59, seconds: 59 });
  });
});
