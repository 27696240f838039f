import fc from "fast-check";
import { bench, describe } from "vitest";
import { sortByDistance } from "../src/Distance.ts";
import { lngLatInChina } from "../src/testing/arbitraries.ts";

// A fixed seed so every run sorts the same 5,000 stations.
const stations = fc.sample(lngLatInChina, { numRuns: 5_000, seed: 42 });
const from = { longitude: 116.4, latitude: 39.9 };

describe("Distance", () => {
  bench("sort 5,000 stations by distance from a point", () => {
    sortByDistance(stations, from);
  }, { time: 2_000 });
});
