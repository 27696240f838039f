import { FakeGeocoder, FakeGeolocation, FakeNavigator, FakeRoutePlanner } from "@fuel/adapters/testing";
import { offline } from "@fuel/adapters/ports";
import type { Messages } from "@fuel/domain";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import StationMapPage from "../../src/pages/StationMapPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations } from "../support/stations.ts";

const TEXTS = {
  en: { from: "You", to: "Station", estimated: "Straight-line sketch; follow your navigation app for the road route", navigate: "Navigate in map app", failed: "failed to get location", missing: "station not found", distance: /^Distance \d+\.\dkm$/ },
  "zh-CN": { from: "我的位置", to: "油站", estimated: "直线距离示意，实际路线以导航为准", navigate: "用地图App导航", failed: "获取定位失败", missing: "油站不存在", distance: /^距离 \d+\.\dkm$/ },
} as const;

const mapAt = (locale: Messages.Locale, path: string, options: { geolocation?: FakeGeolocation; navigator?: FakeNavigator; root?: ReturnType<typeof testRoot> } = {}) => {
  const root = options.root ?? testRoot({ locale, ports: { geolocation: options.geolocation ?? new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES), routes: new FakeRoutePlanner(), navigator: options.navigator ?? new FakeNavigator() } });
  root.ports.api.on("cityList", [{ city: "广州市", count: 3 }]);
  root.ports.api.on("cityStations", (input) => Effect.succeed(input.city === "广州市" ? guangzhouStations : []));
  return { root, view: renderPage(<StationMapPage />, { root, path, route: "/stationmap" }) };
};

describe.each(["en", "zh-CN"] as const)("/stationmap in %s", (locale) => {
  const t = TEXTS[locale];

  it("draws the route with both ends, its distance and that it is an estimate", async () => {
    const { view } = mapAt(locale, "/stationmap?station_id=3");
    expect(await screen.findByRole("img")).toBeTruthy();
    expect(screen.getByText("天河北加油站")).toBeTruthy();
    expect(screen.getByText(t.from)).toBeTruthy();
    expect(screen.getByText(t.to)).toBeTruthy();
    expect(screen.getByText(t.distance)).toBeTruthy();
    expect(screen.getByText(t.estimated)).toBeTruthy();
    expect(view.container.querySelector("polyline")?.getAttribute("points")?.split(" ")).toHaveLength(2);
  });

  it("navigate hands the station to the navigator", async () => {
    const navigator = new FakeNavigator();
    mapAt(locale, "/stationmap?station_id=3", { navigator });
    await screen.findByRole("img");
    fireEvent.click(screen.getByText(t.navigate));
    await waitFor(() => expect(navigator.destinations.map((d) => d.name)).toEqual(["天河北加油站"]));
  });

  it("draws again with the network off once loaded", async () => {
    const first = mapAt(locale, "/stationmap?station_id=3");
    await screen.findByRole("img");
    first.view.unmount();
    first.root.ports.api.fail("cityStations", offline()).fail("cityList", offline());
    mapAt(locale, "/stationmap?station_id=3", { root: first.root });
    expect(await screen.findByRole("img")).toBeTruthy();
  });

  it("without a position says 'failed to get location' and still offers navigation", async () => {
    mapAt(locale, "/stationmap?station_id=3", { geolocation: new FakeGeolocation("denied") });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(t.failed);
    expect(screen.getByText(t.navigate).closest("button")?.disabled).toBe(false);
  });

  it("an unknown station id is 'station not found'", async () => {
    mapAt(locale, "/stationmap?station_id=abc");
    expect((await screen.findByRole("alert")).textContent).toBe(t.missing);
  });
});

describe("/stationmap and the language switch", () => {
  it("'failed to get location' shown in Chinese reads in English after the switch, without locating again", async () => {
    const geolocation = new FakeGeolocation("denied");
    const { root } = mapAt("zh-CN", "/stationmap?station_id=3", { geolocation });
    expect((await screen.findByRole("alert")).textContent).toBe(TEXTS["zh-CN"].failed);
    const located = geolocation.calls;
    act(() => root.i18n.setLocale("en"));
    expect(screen.getByRole("alert").textContent).toBe(TEXTS.en.failed);
    expect(geolocation.calls).toBe(located);
  });
});
