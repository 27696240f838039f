// The request chain under test is the sandbox geocoder's own (one GET /api/sandbox/geocode), so the real one runs over the scripted API.
// eslint-disable-next-line no-restricted-imports
import { SandboxGeocoder } from "@fuel/adapters/map/sandbox";
import { FakeGeocoder, FakeGeolocation, FakeNavigator, ManualClock, ScriptedApi } from "@fuel/adapters/testing";
import { offline } from "@fuel/adapters/ports";
import { Distance, Messages } from "@fuel/domain";
import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations, station } from "../support/stations.ts";
import { CITY_KEY, cityStore } from "../../src/stores/CityStore.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";
import { shownFor } from "../support/failures.ts";

const rootAt = (geolocation = new FakeGeolocation(GUANGZHOU), extra: Parameters<typeof testRoot>[0] = {}) => {
  const root = testRoot({ ...extra, ports: { geolocation, geocoder: new FakeGeocoder(CITY_CENTRES), ...extra.ports } });
  root.ports.api.on("cityStations", (input) => Effect.succeed(input.city === "广州市" ? guangzhouStations : []));
  return root;
};

describe("StationsStore", () => {
  it("lists the located city's stations nearest first (spec §9)", async () => {
    const root = rootAt();
    await root.use(stationsStore).open();
    expect(root.ports.api.callsTo("cityStations").map((c) => c.input)).toEqual([{ city: "广州市" }]);
    expect(root.use(stationsStore).rows?.map((r) => r.station.id)).toEqual([2, 3, 1]);
  });

  it("shows each station's distance text and prices as the domain computes them", async () => {
    const root = rootAt();
    await root.use(stationsStore).open();
    const near = root.use(stationsStore).rows?.[0];
    expect(near?.computed.distanceText).toBe(Distance.distanceText(Distance.distanceMetres(GUANGZHOU, guangzhouStations[1]), ""));
    expect(near?.computed.distanceText).toMatch(/^\d+m$/);
    const tianhe = root.use(stationsStore).rows?.find((r) => r.station.id === 3);
    expect(tianhe?.computed).toMatchObject({ discount: 745 - 698, drop: 762 - 745 });
    expect(tianhe?.computed.distanceText).toMatch(/^\d+\.\dkm$/);
  });

  it("orders any stations nearest first, as Distance.sortByDistance does", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ longitude: fc.double({ min: 113, max: 114, noNaN: true }), latitude: fc.double({ min: 22.5, max: 23.5, noNaN: true }) }), { maxLength: 12 }),
        async (points) => {
          const list = points.map((p, i) => station({ id: i + 1, ...p }));
          const root = rootAt();
          root.ports.api.on("cityStations", list);
          await root.use(stationsStore).open();
          // The domain's order (stations less than a micrometre apart keep their input order).
          const expected = Distance.sortByDistance(list, root.use(cityStore).position).map((s) => s.id);
          expect((root.use(stationsStore).rows ?? []).map((r) => r.station.id)).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("without a position lists by name with 'unknown distance' (spec §8)", async () => {
    const root = rootAt(new FakeGeolocation("denied"));
    root.ports.api.on("cityList", [{ city: "广州市", count: 3 }]);
    await root.use(stationsStore).open();
    const rows = root.use(stationsStore).rows ?? [];
    expect(rows.map((r) => r.station.title)).toEqual([...guangzhouStations.map((s) => s.title)].sort(new Intl.Collator("zh-CN").compare));
    expect(rows.every((r) => r.computed.distanceText === "unknown distance")).toBe(true);
  });

  it("shows no card before the position is settled, so the order never jumps", async () => {
    let answer: ((p: typeof GUANGZHOU) => void) | undefined;
    const slow = { current: () => Effect.promise(() => new Promise<typeof GUANGZHOU>((resolve) => (answer = resolve))) };
    const root = testRoot({ ports: { geolocation: slow, geocoder: new FakeGeocoder(CITY_CENTRES) } });
    root.use(cityStore).pick("广州市");
    root.ports.api.on("cityStations", guangzhouStations);
    const opening = root.use(stationsStore).open();
    await Promise.resolve();
    expect(root.use(stationsStore).rows).toBeUndefined();
    answer?.(GUANGZHOU);
    await opening;
    expect(root.use(stationsStore).rows?.[0]?.station.id).toBe(2);
  });

  it("marks a station that sells no 0# diesel and refuses to go fuel there (spec §5)", async () => {
    const root = rootAt();
    await root.use(stationsStore).open();
    const noDiesel = root.use(stationsStore).rows?.find((r) => r.station.id === 2);
    expect(noDiesel?.sellsDiesel).toBe(false);
    root.use(stationsStore).goFuel(noDiesel!.station);
    expect(root.notices.latest?.text).toBe("this station cannot buy diesel for now");
    expect(root.navigation.pending).toBeUndefined();
  });

  it("go fuel opens the station's one-key page", async () => {
    const root = rootAt();
    await root.use(stationsStore).open();
    root.use(stationsStore).goFuel(guangzhouStations[2]!);
    expect(root.navigation.pending?.to).toBe("/oneKeyGas?station_id=3");
  });

  it("an empty city lists nothing (the page says 'no gas station in current city')", async () => {
    const root = rootAt();
    root.use(cityStore).pick("深圳市");
    await root.use(stationsStore).open();
    expect(root.use(stationsStore).rows).toEqual([]);
  });

  it("a failed refresh keeps the list and says why", async () => {
    const root = rootAt();
    await root.use(stationsStore).open();
    root.ports.api.fail("cityStations", offline());
    await root.use(stationsStore).refresh();
    expect(root.use(stationsStore).list._tag).toBe("Failed");
    expect(root.use(stationsStore).rows?.length).toBe(3);
    expect(root.notices.latest).toMatchObject({ text: Messages.text("Offline"), kind: "fail" });
  });

  it("a first load that fails offline shows the message and no cards", async () => {
    const root = rootAt();
    root.ports.api.fail("cityStations", offline());
    await root.use(stationsStore).open();
    expect(root.use(stationsStore).list).toMatchObject({ _tag: "Failed", previous: undefined });
    expect(shownFor(root.use(stationsStore).list, root.i18n)).toBe(Messages.text("Offline"));
    expect(root.use(stationsStore).rows).toBeUndefined();
  });

  it("coming back to the page asks nothing again; picking another city loads it", async () => {
    const root = rootAt();
    await root.use(stationsStore).open();
    await root.use(stationsStore).open();
    expect(root.ports.api.callsTo("cityStations")).toHaveLength(1);
    root.use(cityStore).pick("深圳市");
    await root.use(stationsStore).open();
    expect(root.ports.api.callsTo("cityStations").map((c) => c.input)).toEqual([{ city: "广州市" }, { city: "深圳市" }]);
  });

  it("opening twice at once asks for the city's stations once", async () => {
    const root = rootAt();
    await Promise.all([root.use(stationsStore).open(), root.use(stationsStore).open()]);
    expect(root.ports.api.callsTo("cityStations")).toHaveLength(1);
  });

  it("a cold open where the device's city is found asks the geocoder once, that city's stations once, and no city list (issue 23)", async () => {
    const api = new ScriptedApi().on("sandboxGeocode", { city: "广州市" }).on("cityStations", guangzhouStations);
    // The sandbox's real geocoder over the same API: the whole chain the app runs in sandbox mode.
    const root = testRoot({ ports: { api, geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new SandboxGeocoder(api) } });
    await root.use(stationsStore).open();
    expect(api.calls.map((c) => c.name)).toEqual(["sandboxGeocode", "cityStations"]);
    expect(api.callsTo("cityStations").map((c) => c.input)).toEqual([{ city: "广州市" }]);
    expect(api.callsTo("cityList")).toHaveLength(0);
    expect(root.use(stationsStore).rows?.map((r) => r.station.id)).toEqual([2, 3, 1]);
  });

  it("a picked city's stations are asked while the device is still being located, once, and shown when it is settled", async () => {
    let answer: ((p: typeof GUANGZHOU) => void) | undefined;
    const slow = { current: () => Effect.promise(() => new Promise<typeof GUANGZHOU>((resolve) => (answer = resolve))) };
    const root = testRoot({ ports: { geolocation: slow, geocoder: new FakeGeocoder(CITY_CENTRES) } });
    root.ports.preferences.set(CITY_KEY, "广州市");
    root.ports.api.on("cityStations", guangzhouStations);
    const opening = root.use(stationsStore).open();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The list is in before the position: still no card, so nothing reorders when distances come.
    expect(root.ports.api.callsTo("cityStations").map((c) => c.input)).toEqual([{ city: "广州市" }]);
    expect(root.use(stationsStore).list._tag).toBe("Loaded");
    expect(root.use(stationsStore).rows).toBeUndefined();
    answer?.(GUANGZHOU);
    await opening;
    expect(root.use(stationsStore).rows?.map((r) => r.station.id)).toEqual([2, 3, 1]);
    expect(root.ports.api.callsTo("cityStations")).toHaveLength(1);
    expect(root.ports.api.callsTo("cityList")).toHaveLength(0);
  });

  it("a picked city's list that fails while locating is asked once per open and said once", async () => {
    const root = rootAt();
    root.ports.preferences.set(CITY_KEY, "广州市");
    root.ports.api.fail("cityStations", offline());
    await root.use(stationsStore).open();
    expect(root.ports.api.callsTo("cityStations")).toHaveLength(1);
    expect(root.use(stationsStore).list._tag).toBe("Failed");
    // The first notice of this root: nothing said it twice.
    expect(root.notices.latest).toMatchObject({ id: 1, text: Messages.text("Offline"), kind: "fail" });
  });

  it("says whether each station is open at the clock's time (China time)", async () => {
    // 2026-11-23T02:00:00Z is 10:00 in China.
    const root = rootAt(undefined, { ports: { clock: new ManualClock(Date.parse("2026-11-23T02:00:00Z")) } });
    root.ports.api.on("cityStations", [station({ id: 7, business_start_time: "22:00", business_end_time: "06:00" }), station({ id: 8, business_start_time: "06:00", business_end_time: "23:00" })]);
    await root.use(stationsStore).open();
    expect(root.use(stationsStore).rows?.map((r) => [r.station.id, r.openNow])).toEqual([[7, false], [8, true]]);
  });

  it("navigates to the station through the navigator port", async () => {
    const navigator = new FakeNavigator();
    const root = rootAt(undefined, { ports: { navigator } });
    await root.use(stationsStore).navigate(guangzhouStations[0]!);
    expect(navigator.destinations).toEqual([{ name: "白云机场高速加油站", address: "白云区机场路1962号", longitude: 113.2987, latitude: 23.2411 }]);
  });
});

describe("StationsStore's list choice (issue 25: sort by distance or price, 'open now')", () => {
  // The fake clock stands at 10:00 China time: a 06:00-07:00 station is closed, reopening at 06:00.
  const shortHours = { business_start_time: "06:00", business_end_time: "07:00" };
  const list = [
    station({ id: 1, title: "far, cheapest", longitude: 113.2987, latitude: 23.2411, now_price: 690 }),
    station({ id: 2, title: "near, no diesel", longitude: 113.2712, latitude: 23.1326, sell_type: "92#;95#", now_price: 600 }),
    station({ id: 3, title: "middle, dearest", longitude: 113.3312, latitude: 23.1452, now_price: 720 }),
    station({ id: 4, title: "closed, second nearest", longitude: 113.30, latitude: 23.14, now_price: 700, ...shortHours }),
  ];
  const opened = async () => {
    const root = rootAt();
    root.ports.api.on("cityStations", list);
    await root.use(stationsStore).open();
    return root.use(stationsStore);
  };
  const ids = (rows: ReadonlyArray<{ station: { id: number } }> | undefined) => rows?.map((r) => r.station.id);

  it("starts nearest first with every station, diesel sellers first", async () => {
    const stations = await opened();
    expect(stations.choice).toEqual({ sort: "distance", openNowOnly: false });
    expect(ids(stations.listRows)).toEqual([4, 3, 1, 2]);
  });

  it("sorted by price, the cheapest of our prices first, still diesel sellers first", async () => {
    const stations = await opened();
    stations.setSort("price");
    expect(ids(stations.listRows)).toEqual([1, 4, 3, 2]);
  });

  it("'open now' leaves out the closed station, and the row says when it opens", async () => {
    const stations = await opened();
    expect(stations.listRows?.find((r) => r.station.id === 4)?.opensAt).toBe("06:00");
    expect(stations.listRows?.find((r) => r.station.id === 3)?.opensAt).toBeUndefined();
    stations.setOpenNowOnly(true);
    expect(ids(stations.listRows)).toEqual([3, 1, 2]);
  });

  it("the choice is the store's: it stays when the page opens again, and the nearest-first rows (kept list, recharge picker) do not change", async () => {
    const stations = await opened();
    stations.setSort("price");
    stations.setOpenNowOnly(true);
    await stations.open();
    expect(stations.choice).toEqual({ sort: "price", openNowOnly: true });
    expect(ids(stations.listRows)).toEqual([1, 3, 2]);
    expect(ids(stations.rows)).toEqual([2, 4, 3, 1]);
  });

  it("each row's saving is national minus our price (Pricing.savingPerLitreAgainstNational), not the pump's drop", async () => {
    const stations = await opened();
    const row = stations.listRows?.find((r) => r.station.id === 3);
    expect(row?.computed.saving).toBe(row!.station.nation_price - 720);
    expect(row?.computed.saving).not.toBe(row?.computed.drop);
  });
});
