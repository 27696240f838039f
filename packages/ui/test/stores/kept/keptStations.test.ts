import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import { describe, expect, it } from "vitest";
import { MAX_KEPT_STATIONS, readKeptStations, writeKeptStations } from "../../../src/stores/kept/keptStations.ts";
import { station } from "../../support/stations.ts";

describe("keptStations", () => {
  it("reads back what it wrote", () => {
    const store = new MemoryKeyValueStore();
    const kept = { city: "广州市", stations: [station({ id: 1 }), station({ id: 2 })], savedAt: 1_700_000_000_000 };
    writeKeptStations(store, kept);
    expect(readKeptStations(store)).toEqual(kept);
  });

  it("keeps one city: the last one written", () => {
    const store = new MemoryKeyValueStore();
    writeKeptStations(store, { city: "广州市", stations: [station({ id: 1 })], savedAt: 1 });
    writeKeptStations(store, { city: "深圳市", stations: [station({ id: 2, city: "深圳市" })], savedAt: 2 });
    expect(readKeptStations(store)?.city).toBe("深圳市");
  });

  it(`keeps at most ${MAX_KEPT_STATIONS} stations, the first ones shown`, () => {
    const store = new MemoryKeyValueStore();
    const many = Array.from({ length: MAX_KEPT_STATIONS + 50 }, (_, i) => station({ id: i + 1 }));
    writeKeptStations(store, { city: "广州市", stations: many, savedAt: 1 });
    expect(readKeptStations(store)?.stations.map((s) => s.id)).toEqual(many.slice(0, MAX_KEPT_STATIONS).map((s) => s.id));
    expect(store.get("fuel.kept.stations")!.length).toBeLessThan(200_000);
  });

  it("reads anything unreadable as nothing kept", () => {
    const good = { v: 1, city: "广州市", savedAt: 1, stations: [station({ id: 1 })] };
    const bad = [
      "",
      "{",
      "42",
      JSON.stringify({ ...good, v: 2 }),
      JSON.stringify({ ...good, city: "" }),
      JSON.stringify({ ...good, savedAt: "yesterday" }),
      JSON.stringify({ ...good, stations: {} }),
      JSON.stringify({ ...good, stations: [{ ...station({ id: 1 }), now_price: "7.30" }] }),
      JSON.stringify({ ...good, stations: [null] }),
    ];
    for (const raw of bad) expect(readKeptStations(new MemoryKeyValueStore({ "fuel.kept.stations": raw }))).toBeUndefined();
  });
});
