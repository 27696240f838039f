import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM } from "../src/Constants.ts";
import { distanceLabel, distanceMetres, distanceText, drivingMinutes, isInChina, sortByDistance, wgs84ToGcj02 } from "../src/Distance.ts";

const at = (longitude: number, latitude: number) => ({ longitude, latitude });
/** A point `metres` north of `p` on the spec's sphere. */
const north = (p: { longitude: number; latitude: number }, metres: number) =>
  at(p.longitude, p.latitude + (metres / (EARTH_RADIUS_KM * 1000)) * (180 / Math.PI));

describe("Distance.distanceMetres", () => {
  it("uses the spec's Earth radius of 6388.137 km", () => {
    // a quarter meridian: pi/2 * R
    expect(distanceMetres(at(0, 0), at(0, 90))).toBeCloseTo((Math.PI / 2) * 6_388_137, 3);
  });

  it("measures Beijing Tiananmen to Shanghai People's Square at about 1069 km", () => {
    const d = distanceMetres(at(116.3975, 39.9087), at(121.4737, 31.2304));
    expect(d).toBeGreaterThan(1_066_000);
    expect(d).toBeLessThan(1_072_000);
  });

  it("is unknown when either point is missing or invalid", () => {
    expect(distanceMetres(undefined, at(1, 1))).toBeUndefined();
    expect(distanceMetres(at(1, 1), null)).toBeUndefined();
    expect(distanceMetres(at(Number.NaN, 1), at(1, 1))).toBeUndefined();
    expect(distanceMetres(at(1, 91), at(1, 1))).toBeUndefined();
  });
});

describe("Distance.distanceText", () => {
  const origin = at(116.4, 39.9);
  it("999 m is shown in metres", () => {
    expect(distanceText(distanceMetres(origin, north(origin, 999.4)), "unknown distance")).toBe("999m");
  });
  it("999.9 m still reads 999m, never 1000m", () => {
    expect(distanceText(999.9, "unknown distance")).toBe("999m");
  });
  it("1000 m is shown in km with one decimal", () => {
    expect(distanceText(1000, "unknown distance")).toBe("1.0km");
  });
  it("1001 m reads 1.0km and 12 345 m reads 12.3km", () => {
    expect(distanceText(1001, "x")).toBe("1.0km");
    expect(distanceText(12_345, "x")).toBe("12.3km");
  });
  it("an unknown distance reads 'unknown distance'", () => {
    expect(distanceText(undefined, "unknown distance")).toBe("unknown distance");
    expect(distanceLabel(Number.NaN)).toEqual({ _tag: "Unknown" });
  });
  it("zero metres reads 0m", () => {
    expect(distanceText(0, "x")).toBe("0m");
  });
});

describe("Distance.sortByDistance", () => {
  it("sorts nearest first with unknown distances last, keeping input order on ties", () => {
    const me = at(116.4, 39.9);
    const far = { id: "far", ...north(me, 5000) };
    const near = { id: "near", ...north(me, 100) };
    const unknown1 = { id: "u1", longitude: Number.NaN, latitude: 0 };
    const tieA = { id: "tieA", ...north(me, 2000) };
    const tieB = { id: "tieB", ...north(me, 2000) };
    const unknown2 = { id: "u2", longitude: 0, latitude: Number.NaN };
    const sorted = sortByDistance([unknown1, far, tieA, near, unknown2, tieB], me).map((s) => s.id);
    expect(sorted).toEqual(["near", "tieA", "tieB", "far", "u1", "u2"]);
  });

  it("keeps the input order when the customer's position is unknown", () => {
    const items = [{ id: 1, ...at(1, 1) }, { id: 2, ...at(2, 2) }];
    expect(sortByDistance(items, undefined).map((s) => s.id)).toEqual([1, 2]);
  });
});

describe("Distance.wgs84ToGcj02", () => {
  it("matches the published test point (116.404, 39.915) -> (116.41024449916938, 39.91640428150164)", () => {
    const g = wgs84ToGcj02(at(116.404, 39.915));
    expect(g.longitude).toBeCloseTo(116.41024449916938, 9);
    expect(g.latitude).toBeCloseTo(39.91640428150164, 9);
  });

  it("leaves points outside China unchanged", () => {
    expect(wgs84ToGcj02(at(2.3522, 48.8566))).toEqual(at(2.3522, 48.8566));
    expect(isInChina(at(2.3522, 48.8566))).toBe(false);
  });
});

describe("Distance.drivingMinutes", () => {
  it("rounds a driving time to the nearest whole minute", () => {
    expect(drivingMinutes(89)).toBe(1);
    expect(drivingMinutes(90)).toBe(2);
    expect(drivingMinutes(780)).toBe(13);
  });

  it("never reads less than one minute", () => {
    expect(drivingMinutes(0)).toBe(1);
    expect(drivingMinutes(29)).toBe(1);
  });
});
