import { GeocodeFailed, offline } from "@fuel/adapters/ports";
import type { ManualClock } from "@fuel/adapters/testing";
import { FakeGeocoder, FakeGeolocation } from "@fuel/adapters/testing";
import { Messages } from "@fuel/domain";
import type { Station } from "@fuel/domain/api";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { cityStore } from "../../src/stores/CityStore.ts";
import { readKeptStations, writeKeptStations } from "../../src/stores/kept/keptStations.ts";
import { stationsStore, type StationsStore } from "../../src/stores/StationsStore.ts";
import { testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations, station } from "../support/stations.ts";

const YESTERDAY = Date.parse("2026-11-22T06:05:00Z");

/** A device whose position and whose stations answer only when the test says so. */
const slowDevice = () => {
  let locate: ((p: typeof GUANGZHOU) => void) | undefined;
  let answer: ((s: ReadonlyArray<Station>) => void) | undefined;
  const geolocation = { current: () => Effect.promise(() => new Promise<typeof GUANGZHOU>((resolve) => (locate = resolve))) };
  const root = testRoot({ ports: { geolocation, geocoder: new FakeGeocoder(CITY_CENTRES) } });
  root.ports.api.on("cityStations", () => Effect.promise(() => new Promise<ReadonlyArray<Station>>((resolve) => (answer = resolve))));
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { root, locate: (p = GUANGZHOU) => locate?.(p), answer: (s: ReadonlyArray<Station> = guangzhouStations) => answer?.(s), tick };
};

/** The kept list as the last visit showed it: nearest first from where the device was then. */
const KEPT_ORDER = [guangzhouStations[2]!, guangzhouStations[0]!];

/** The load failed: the kept list stays on screen in its kept order, marked with its date, and the failure is said. */
const expectKeptListAfterFailure = (stations: StationsStore, root: ReturnType<typeof testRoot>): void => {
  expect(stations.list._tag).toBe("Failed");
  expect(stations.rows?.map((r) => r.station.id)).toEqual([3, 1]);
  expect(stations.keptAt).toBe(YESTERDAY);
  expect(root.notices.latest).toMatchObject({ text: Messages.text("Offline"), kind: "fail" });
};

describe("StationsStore: the list kept on the device (issue 23)", () => {
  it("shows the kept list of the picked city at once, in its kept order with 'unknown distance', before the position", async () => {
    const { root, tick } = slowDevice();
    writeKeptStations(root.ports.preferences, { city: "广州市", stations: KEPT_ORDER, savedAt: YESTERDAY });
    root.use(cityStore).pick("广州市");
    const stations = root.use(stationsStore);
    void stations.open();
    await tick();
    expect(stations.rows?.map((r) => r.station.id)).toEqual([3, 1]);
    expect(stations.rows?.every((r) => r.computed.distanceText === Messages.text("UnknownDistance"))).toBe(true);
    expect(stations.keptAt).toBe(YESTERDAY);
    expect(stations.refreshing).toBe(true);
  });

  it("the position orders the kept list, then the fresh answer replaces it and the date goes", async () => {
    const { root, locate, answer, tick } = slowDevice();
    writeKeptStations(root.ports.preferences, { city: "广州市", stations: KEPT_ORDER, savedAt: YESTERDAY });
    root.use(cityStore).pick("广州市");
    const stations = root.use(stationsStore);
    const opening = stations.open();
    await tick();
    locate();
    await tick();
    expect(stations.rows?.map((r) => r.station.id)).toEqual([3, 1]);
    expect(stations.rows?.[0]?.computed.distanceText).toMatch(/km$/);
    expect(stations.keptAt).toBe(YESTERDAY);
    answer();
    await opening;
    expect(stations.rows?.map((r) => r.station.id)).toEqual([2, 3, 1]);
    expect(stations.keptAt).toBeUndefined();
  });

  it("keeps the fresh list in the order shown, with the time it was answered", async () => {
    const { root, locate, answer, tick } = slowDevice();
    root.use(cityStore).pick("广州市");
    const opening = root.use(stationsStore).open();
    await tick();
    (root.ports.clock as ManualClock).advance(60_000);
    answer();
    locate();
    await opening;
    expect(readKeptStations(root.ports.preferences)).toEqual({ city: "广州市", stations: [guangzhouStations[1], guangzhouStations[2], guangzhouStations[0]], savedAt: root.ports.clock.now() });
  });

  it("a failed refresh keeps the kept list on screen with its date and says why in a notice", async () => {
    const root = testRoot({ ports: { geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES) } });
    writeKeptStations(root.ports.preferences, { city: "广州市", stations: KEPT_ORDER, savedAt: YESTERDAY });
    root.ports.api.fail("cityStations", offline());
    const stations = root.use(stationsStore);
    await stations.open();
    expectKeptListAfterFailure(stations, root);
    // The kept copy is not overwritten by what failed.
    expect(readKeptStations(root.ports.preferences)?.savedAt).toBe(YESTERDAY);
  });

  it("another city's kept list is not shown for the picked city", async () => {
    const { root, tick } = slowDevice();
    writeKeptStations(root.ports.preferences, { city: "深圳市", stations: [station({ id: 9, city: "深圳市" })], savedAt: YESTERDAY });
    root.use(cityStore).pick("广州市");
    const stations = root.use(stationsStore);
    void stations.open();
    await tick();
    expect(stations.rows).toBeUndefined();
    expect(stations.keptAt).toBeUndefined();
  });

  it("with no city picked, the kept city shows until locating finds another one, which starts from skeletons", async () => {
    const { root, locate, tick } = slowDevice();
    writeKeptStations(root.ports.preferences, { city: "深圳市", stations: [station({ id: 9, city: "深圳市" })], savedAt: YESTERDAY });
    const stations = root.use(stationsStore);
    void stations.open();
    await tick();
    expect(stations.rows?.map((r) => r.station.id)).toEqual([9]);
    locate(GUANGZHOU);
    await tick();
    await tick();
    expect(root.ports.api.callsTo("cityStations").map((c) => c.input)).toEqual([{ city: "广州市" }]);
    expect(stations.rows).toBeUndefined();
    expect(stations.keptAt).toBeUndefined();
  });

  it("an unreadable kept entry counts as none: the page waits for the answer as before", async () => {
    for (const raw of ["{not json", JSON.stringify({ v: 1, city: "广州市", savedAt: YESTERDAY, stations: [{ id: "3" }] }), JSON.stringify({ v: 0, city: "广州市", savedAt: 1, stations: [] }), "null", "[]"]) {
      const { root, tick } = slowDevice();
      root.ports.preferences.set("fuel.kept.stations", raw);
      root.use(cityStore).pick("广州市");
      const stations = root.use(stationsStore);
      void stations.open();
      await tick();
      expect(stations.rows).toBeUndefined();
      expect(readKeptStations(root.ports.preferences)).toBeUndefined();
    }
  });
});

describe("StationsStore offline with a kept list", () => {
  it("no city can be found (geocoder and catalogue unreachable): the kept list stays, marked, and the failure is said", async () => {
    const root = testRoot({ ports: { geolocation: new FakeGeolocation(GUANGZHOU), geocoder: { cityOf: () => Effect.fail(new GeocodeFailed({ detail: "offline" })) } } });
    writeKeptStations(root.ports.preferences, { city: "广州市", stations: KEPT_ORDER, savedAt: YESTERDAY });
    root.ports.api.fail("cityList", offline());
    const stations = root.use(stationsStore);
    await stations.open();
    expectKeptListAfterFailure(stations, root);
  });
});
