import { Distance } from "@fuel/domain";
import { lngLatInChina } from "@fuel/domain/testing";
import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { AmapRoutePlanner, type AmapDrivingResult, type AmapGlobal } from "../../src/map/AmapRoutePlanner.ts";
import { StraightLineRoutePlanner, URBAN_AVERAGE_KMH } from "../../src/map/routePlanners.ts";
import { RouteFailed, type Position } from "../../src/ports/Map.ts";
import { failureOf } from "../support/failures.ts";

const home: Position = { longitude: 114.0579, latitude: 22.5431 };
const station: Position = { longitude: 113.9305, latitude: 22.5333 };

describe("StraightLineRoutePlanner", () => {
  const planner = new StraightLineRoutePlanner();

  it("drives at an urban average of 30 km/h", () => {
    expect(URBAN_AVERAGE_KMH).toBe(30);
  });

  it("the distance is Distance.distanceMetres rounded to the metre", async () => {
    await fc.assert(
      fc.asyncProperty(lngLatInChina, lngLatInChina, async (from, to) => {
        const route = await Effect.runPromise(planner.drive(from, to));
        expect(route.distanceMetres).toBe(Math.round(Distance.distanceMetres(from, to) ?? Number.NaN));
      }),
    );
  });

  it("the duration is the distance at 30 km/h, in whole seconds", async () => {
    await fc.assert(
      fc.asyncProperty(lngLatInChina, lngLatInChina, async (from, to) => {
        const route = await Effect.runPromise(planner.drive(from, to));
        const exact = ((Distance.distanceMetres(from, to) ?? Number.NaN) / 1000 / 30) * 3600;
        expect(Number.isInteger(route.durationSeconds)).toBe(true);
        expect(Math.abs(route.durationSeconds - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it("each kilometre takes 120 s (30 km/h)", async () => {
    const route = await Effect.runPromise(planner.drive(home, station));
    const metres = Distance.distanceMetres(home, station) ?? 0;
    expect(metres).toBeGreaterThan(10_000);
    expect(route.durationSeconds).toBe(Math.round(metres * 0.12));
  });

  it("the path is the straight line [from, to]", async () => {
    const route = await Effect.runPromise(planner.drive(home, station));
    expect(route.path).toEqual([home, station]);
  });

  it("says the route is estimated", async () => {
    const route = await Effect.runPromise(planner.drive(home, station));
    expect(route.estimated).toBe(true);
  });

  it("the same place is a zero route", async () => {
    const route = await Effect.runPromise(planner.drive(home, home));
    expect(route.distanceMetres).toBe(0);
    expect(route.durationSeconds).toBe(0);
  });

  it("an unknown position is RouteFailed", async () => {
    const error = await failureOf(planner.drive({ longitude: Number.NaN, latitude: 22 }, station));
    expect(error).toBeInstanceOf(RouteFailed);
  });
});

/** A fake `AMap` global: `LngLat` records its arguments, `Driving.search` answers as the test scripts. */
const fakeAmap = (answer: (callback: (status: "complete" | "error" | "no_data", result: AmapDrivingResult | string) => void) => void) => {
  const lngLats: Array<[number, number]> = [];
  const drivings: Array<{ policy?: number }> = [];
  const searches: Array<{ from: unknown; to: unknown }> = [];
  class LngLat {
    constructor(
      readonly lng: number,
      readonly lat: number,
    ) {
      lngLats.push([lng, lat]);
    }
  }
  class Driving {
    constructor(options: { readonly policy?: number }) {
      drivings.push({ ...options });
    }
    search(from: unknown, to: unknown, callback: (status: "complete" | "error" | "no_data", result: AmapDrivingResult | string) => void): void {
      searches.push({ from, to });
      answer(callback);
    }
  }
  const AMap: AmapGlobal = { LngLat, Driving };
  return { AMap, lngLats, drivings, searches };
};

const drivingResult: AmapDrivingResult = {
  routes: [
    {
      distance: 15_230,
      time: 1_710,
      steps: [
        { path: [{ lng: 114.0579, lat: 22.5431 }, { lng: 114.0, lat: 22.54 }] },
        { path: [] },
        {},
        { path: [{ lng: 113.95, lat: 22.535 }, { lng: 113.9305, lat: 22.5333 }] },
      ],
    },
    { distance: 99_999, time: 9_999, steps: [] },
  ],
};

describe("AmapRoutePlanner", () => {
  it("answers the first route's distance and time, not estimated", async () => {
    const { AMap } = fakeAmap((cb) => cb("complete", drivingResult));
    const route = await Effect.runPromise(new AmapRoutePlanner(async () => AMap).drive(home, station));
    expect(route.distanceMetres).toBe(15_230);
    expect(route.durationSeconds).toBe(1_710);
    expect(route.estimated).toBe(false);
  });

  it("the path is every step's points, flattened in order, as positions", async () => {
    const { AMap } = fakeAmap((cb) => cb("complete", drivingResult));
    const route = await Effect.runPromise(new AmapRoutePlanner(async () => AMap).drive(home, station));
    expect(route.path).toEqual([
      { longitude: 114.0579, latitude: 22.5431 },
      { longitude: 114.0, latitude: 22.54 },
      { longitude: 113.95, latitude: 22.535 },
      { longitude: 113.9305, latitude: 22.5333 },
    ]);
  });

  it("a route without any path points is drawn as the straight line [from, to]", async () => {
    const { AMap } = fakeAmap((cb) => cb("complete", { routes: [{ distance: 10, time: 5 }] }));
    const route = await Effect.runPromise(new AmapRoutePlanner(async () => AMap).drive(home, station));
    expect(route.path).toEqual([home, station]);
    expect(route.estimated).toBe(false);
  });

  it("searches from `from` to `to` with LngLat(longitude, latitude)", async () => {
    const fake = fakeAmap((cb) => cb("complete", drivingResult));
    await Effect.runPromise(new AmapRoutePlanner(async () => fake.AMap).drive(home, station));
    expect(fake.lngLats).toEqual([
      [home.longitude, home.latitude],
      [station.longitude, station.latitude],
    ]);
    expect(fake.searches).toHaveLength(1);
    expect(fake.searches[0]?.from).toMatchObject({ lng: home.longitude, lat: home.latitude });
    expect(fake.searches[0]?.to).toMatchObject({ lng: station.longitude, lat: station.latitude });
  });

  it("an answer that comes later (asynchronously) is awaited", async () => {
    const { AMap } = fakeAmap((cb) => void setTimeout(() => cb("complete", drivingResult), 5));
    const route = await Effect.runPromise(new AmapRoutePlanner(async () => AMap).drive(home, station));
    expect(route.distanceMetres).toBe(15_230);
  });

  it("the loader is not called at construction, nor when the effect is only built", () => {
    const loader = vi.fn(async () => fakeAmap((cb) => cb("complete", drivingResult)).AMap);
    const planner = new AmapRoutePlanner(loader);
    void planner.drive(home, station);
    expect(loader).not.toHaveBeenCalled();
  });

  it("the loader is called once per route asked", async () => {
    const { AMap } = fakeAmap((cb) => cb("complete", drivingResult));
    const loader = vi.fn(async () => AMap);
    const planner = new AmapRoutePlanner(loader);
    await Effect.runPromise(planner.drive(home, station));
    expect(loader).toHaveBeenCalledTimes(1);
    await Effect.runPromise(planner.drive(station, home));
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it("status 'no_data' is RouteFailed", async () => {
    const { AMap } = fakeAmap((cb) => cb("no_data", "NO_DATA"));
    const error = await failureOf(new AmapRoutePlanner(async () => AMap).drive(home, station));
    expect(error).toBeInstanceOf(RouteFailed);
    expect(error.detail).toContain("NO_DATA");
  });

  it("status 'error' is RouteFailed with AMap's text", async () => {
    const { AMap } = fakeAmap((cb) => cb("error", "INVALID_USER_KEY"));
    const error = await failureOf(new AmapRoutePlanner(async () => AMap).drive(home, station));
    expect(error._tag).toBe("RouteFailed");
    expect(error.detail).toBe("INVALID_USER_KEY");
  });

  it("'complete' without any route is RouteFailed", async () => {
    const { AMap } = fakeAmap((cb) => cb("complete", { routes: [] }));
    const error = await failureOf(new AmapRoutePlanner(async () => AMap).drive(home, station));
    expect(error._tag).toBe("RouteFailed");
  });

  it("a loader that rejects is RouteFailed", async () => {
    const error = await failureOf(new AmapRoutePlanner(() => Promise.reject(new Error("AMap could not be loaded"))).drive(home, station));
    expect(error).toBeInstanceOf(RouteFailed);
    expect(error.detail).toContain("AMap could not be loaded");
  });

  it("the AMap API throwing is RouteFailed, not a crash", async () => {
    const { AMap } = fakeAmap(() => {
      throw new Error("Driving plugin missing");
    });
    const error = await failureOf(new AmapRoutePlanner(async () => AMap).drive(home, station));
    expect(error._tag).toBe("RouteFailed");
    expect(error.detail).toContain("Driving plugin missing");
  });
});
