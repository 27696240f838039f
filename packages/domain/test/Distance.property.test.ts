import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceMetres, drivingMinutes, sortByDistance, wgs84ToGcj02 } from "../src/Distance.ts";
import { lngLat, lngLatInChina } from "../src/testing/arbitraries.ts";

describe("Distance properties", () => {
  it("distance is symmetric", () => {
    fc.assert(fc.property(lngLat, lngLat, (a, b) => {
      expect(distanceMetres(a, b)).toBeCloseTo(distanceMetres(b, a) ?? Number.NaN, 6);
    }));
  });

  it("distance to itself is zero", () => {
    fc.assert(fc.property(lngLat, (a) => {
      expect(distanceMetres(a, a)).toBe(0);
    }));
  });

  it("distance is never negative nor more than half the circumference", () => {
    fc.assert(fc.property(lngLat, lngLat, (a, b) => {
      const d = distanceMetres(a, b) ?? -1;
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(Math.PI * 6_388_137 + 1e-6);
    }));
  });

  // Differences under a micrometre are ties: floating-point noise, not distance.
  it("the sort is ordered by distance (to a micrometre) and is a permutation of its input", () => {
    fc.assert(fc.property(fc.array(lngLatInChina, { maxLength: 60 }), lngLatInChina, (items, from) => {
      const sorted = sortByDistance(items, from);
      expect(sorted).toHaveLength(items.length);
      expect(new Set(sorted)).toEqual(new Set(items));
      for (let i = 1; i < sorted.length; i++) {
        expect(distanceMetres(from, sorted[i - 1])).toBeLessThanOrEqual((distanceMetres(from, sorted[i]) ?? Infinity) + 1e-6);
      }
    }));
  });

  it("the sort is stable: stations at the same place keep their input order", () => {
    fc.assert(fc.property(fc.array(fc.tuple(lngLatInChina, fc.nat({ max: 3 })), { maxLength: 40 }), lngLatInChina, (pairs, from) => {
      const items = pairs.map(([p, copy], id) => ({ id, ...(copy === 0 ? from : p) }));
      const atFrom = sortByDistance(items, from).filter((s) => s.longitude === from.longitude && s.latitude === from.latitude);
      expect(atFrom.map((s) => s.id)).toEqual([...atFrom.map((s) => s.id)].sort((a, b) => a - b));
    }));
  });

  it("GCJ-02 moves a point in China by less than 1 km", () => {
    fc.assert(fc.property(lngLatInChina, (p) => {
      expect(distanceMetres(p, wgs84ToGcj02(p))).toBeLessThan(1000);
    }));
  });
});

describe("Distance.drivingMinutes properties", () => {
  it("is a whole number at least 1, within half a minute of the time (or 1 for trips under 90 s)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 24 * 3600 }), (seconds) => {
        const minutes = drivingMinutes(seconds);
        expect(Number.isInteger(minutes) && minutes >= 1).toBe(true);
        if (seconds >= 90) expect(Math.abs(minutes * 60 - seconds)).toBeLessThanOrEqual(30);
      }),
    );
  });
});
