import { FakeGeocoder, FakeGeolocation, MemoryKeyValueStore } from "@fuel/adapters/testing";
import type { Geolocation } from "@fuel/adapters/ports";
import { Constants } from "@fuel/domain";
import { Effect } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CITY_KEY, cityStore } from "../../src/stores/CityStore.ts";
import { testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU } from "../support/stations.ts";
import { shownFor } from "../support/failures.ts";

const atGuangzhou = (extra: Parameters<typeof testRoot>[0] = {}) =>
  testRoot({ ...extra, ports: { geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES), ...extra.ports } });

/** A device that never answers (a permission prompt left open). */
const silent: Geolocation = { current: () => Effect.never };

afterEach(() => vi.useRealTimers());

describe("CityStore", () => {
  it("names the city the device is in", async () => {
    const root = atGuangzhou();
    await root.use(cityStore).ensureCity();
    expect(root.use(cityStore).city).toBe("广州市");
    expect(root.use(cityStore).position).toEqual(GUANGZHOU);
  });

  it("locates only once per visit", async () => {
    const geolocation = new FakeGeolocation(GUANGZHOU);
    const root = atGuangzhou({ ports: { geolocation } });
    await root.use(cityStore).ensureCity();
    await root.use(cityStore).ensureCity();
    expect(geolocation.calls).toBe(1);
  });

  it("two callers at once wait for one lookup and both see its city", async () => {
    const geolocation = new FakeGeolocation(GUANGZHOU);
    const root = atGuangzhou({ ports: { geolocation } });
    const first = root.use(cityStore).ensureCity();
    await root.use(cityStore).ensureCity();
    expect(root.use(cityStore).city).toBe("广州市");
    await first;
    expect(geolocation.calls).toBe(1);
    expect(root.ports.api.callsTo("cityList")).toHaveLength(0);
  });

  it("a picked city wins over the located one and is remembered by a new store on the same device", async () => {
    const preferences = new MemoryKeyValueStore();
    const first = atGuangzhou({ ports: { preferences } });
    first.use(cityStore).pick("深圳市");
    expect(first.use(cityStore).city).toBe("深圳市");
    expect(first.navigation.pending?.to).toBe("/stationlist");
    const again = atGuangzhou({ ports: { preferences } });
    await again.use(cityStore).ensureCity();
    expect(again.use(cityStore).city).toBe("深圳市");
    expect(preferences.get(CITY_KEY)).toBe("深圳市");
  });

  it("'current location' forgets the picked city, locates again and returns to the list", async () => {
    const preferences = new MemoryKeyValueStore();
    const root = atGuangzhou({ ports: { preferences } });
    root.use(cityStore).pick("深圳市");
    await root.use(cityStore).useCurrentLocation();
    expect(root.use(cityStore).city).toBe("广州市");
    expect(preferences.get(CITY_KEY)).toBeNull();
    expect(root.navigation.pending?.to).toBe("/stationlist");
  });

  it("a refused location says 'failed to get location' and falls back to the catalogue's first city (spec §8)", async () => {
    const root = atGuangzhou({ ports: { geolocation: new FakeGeolocation("denied") } });
    await root.use(cityStore).ensureCity();
    expect(root.use(cityStore).location._tag).toBe("Failed");
    expect(shownFor(root.use(cityStore).location, root.i18n)).toBe("failed to get location");
    expect(root.notices.latest).toMatchObject({ text: "failed to get location", kind: "fail" });
    expect(root.use(cityStore).position).toBeUndefined();
    expect(root.use(cityStore).city).toBe("Shenzhen"); // the contract example's first city
    expect(root.use(cityStore).settled).toBe(true);
  });

  it("says 'failed to get location' in Chinese for a Chinese customer", async () => {
    const root = atGuangzhou({ locale: "zh-CN", ports: { geolocation: new FakeGeolocation("unavailable") } });
    await root.use(cityStore).locate();
    expect(root.notices.latest?.text).toBe("获取定位失败");
  });

  it("the device's own timeout is a location failure", async () => {
    const root = atGuangzhou({ ports: { geolocation: new FakeGeolocation("timeout") } });
    await root.use(cityStore).locate();
    expect(root.use(cityStore).location._tag).toBe("Failed");
  });

  it(`gives up on a device that never answers after ${Constants.LOCATION_TIMEOUT_MS / 1000} s (spec §9: 8-10 s)`, async () => {
    vi.useFakeTimers();
    const root = atGuangzhou({ ports: { geolocation: silent } });
    const locating = root.use(cityStore).locate();
    await vi.advanceTimersByTimeAsync(Constants.LOCATION_TIMEOUT_MIN_MS - 1);
    expect(root.use(cityStore).locating).toBe(true);
    await vi.advanceTimersByTimeAsync(Constants.LOCATION_TIMEOUT_MS - Constants.LOCATION_TIMEOUT_MIN_MS + 1);
    await locating;
    expect(root.use(cityStore).location._tag).toBe("Failed");
    expect(shownFor(root.use(cityStore).location, root.i18n)).toBe("failed to get location");
  });

  it("a position the geocoder cannot name still gives distances, and the city falls back", async () => {
    const root = atGuangzhou({ ports: { geocoder: new FakeGeocoder([]) } });
    await root.use(cityStore).ensureCity();
    expect(root.use(cityStore).position).toEqual(GUANGZHOU);
    expect(root.use(cityStore).locatedCity).toBeUndefined();
    expect(root.use(cityStore).city).toBe("Shenzhen");
  });

  it("lists the cities with their station counts", async () => {
    const root = atGuangzhou();
    root.ports.api.on("cityList", [{ city: "广州市", count: 12 }, { city: "深圳市", count: 10 }]);
    await root.use(cityStore).loadCities();
    expect(root.use(cityStore).cities).toEqual({ _tag: "Loaded", value: [{ city: "广州市", count: 12 }, { city: "深圳市", count: 10 }] });
  });
});
