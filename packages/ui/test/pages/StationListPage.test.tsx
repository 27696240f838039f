import { FakeGeocoder, FakeGeolocation, FakeNavigator } from "@fuel/adapters/testing";
import { offline } from "@fuel/adapters/ports";
import type { Messages } from "@fuel/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import StationListPage from "../../src/pages/StationListPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations } from "../support/stations.ts";
import { cityStore } from "../../src/stores/CityStore.ts";

const TEXTS = {
  en: { noDiesel: "this station cannot buy diesel for now", empty: "no gas station in current city", failed: "failed to get location", unknown: "unknown distance", goFuel: "Go fuel", current: "current location", now: "Our price" },
  "zh-CN": { noDiesel: "该油站暂不能购买柴油", empty: "当前城市暂无加油站", failed: "获取定位失败", unknown: "未知距离", goFuel: "去加油", current: "当前定位", now: "优惠价" },
} as const satisfies Record<Messages.Locale, Record<string, string>>;

const listAt = (locale: Messages.Locale, geolocation = new FakeGeolocation(GUANGZHOU), navigator = new FakeNavigator()) => {
  const root = testRoot({ locale, ports: { geolocation, geocoder: new FakeGeocoder(CITY_CENTRES), navigator } });
  root.ports.api.on("cityList", [{ city: "广州市", count: 3 }, { city: "深圳市", count: 0 }]);
  root.ports.api.on("cityStations", (input) => Effect.succeed(input.city === "广州市" ? guangzhouStations : []));
  return { root, view: renderPage(<StationListPage />, { root, path: "/stationlist" }) };
};

const cards = () => screen.getAllByRole("listitem");

describe.each(["en", "zh-CN"] as const)("/stationlist in %s", (locale) => {
  const t = TEXTS[locale];

  it("shows the located city and its stations nearest first, with distance and prices", async () => {
    listAt(locale);
    expect(await screen.findByText("广州市")).toBeTruthy();
    expect(screen.getByText(t.current)).toBeTruthy();
    await screen.findAllByRole("listitem");
    const titles = cards().map((li) => within(li).getByRole("heading").textContent);
    expect(titles).toEqual(["越秀东风路加油站", "天河北加油站", "白云机场高速加油站"]);
    const tianhe = cards()[1]!;
    expect(within(tianhe).getByText(/^\d+\.\dkm$/)).toBeTruthy();
    expect(within(tianhe).getByText(t.now)).toBeTruthy();
    expect(within(tianhe).getByText(/¥6\.98/)).toBeTruthy();
    expect(within(tianhe).getByText(/¥0\.47/)).toBeTruthy();
  });

  it("marks a station without 0# diesel and disables its go-fuel button", async () => {
    listAt(locale);
    await screen.findAllByRole("listitem");
    const noDiesel = cards()[0]!;
    expect(within(noDiesel).getByText(t.noDiesel)).toBeTruthy();
    const button = within(noDiesel).getByText(t.goFuel).closest("button")!;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe(within(noDiesel).getByText(t.noDiesel).id);
  });

  it("go fuel opens the station's one-key page", async () => {
    listAt(locale);
    await screen.findAllByRole("listitem");
    fireEvent.click(within(cards()[1]!).getByText(t.goFuel));
    expect((await screen.findByTestId("location")).textContent).toBe("/oneKeyGas?station_id=3");
  });

  it("navigate hands the station to the navigator", async () => {
    const navigator = new FakeNavigator();
    listAt(locale, undefined, navigator);
    await screen.findAllByRole("listitem");
    fireEvent.click(within(cards()[1]!).getAllByRole("button")[0]!);
    await waitFor(() => expect(navigator.destinations.map((d) => d.name)).toEqual(["天河北加油站"]));
  });

  it("a refused location says 'failed to get location' and lists by name with 'unknown distance'", async () => {
    listAt(locale, new FakeGeolocation("denied"));
    expect(await screen.findByText(t.failed)).toBeTruthy();
    await screen.findAllByRole("listitem");
    expect(screen.getAllByText(t.unknown)).toHaveLength(3);
  });

  it("an empty city says 'no gas station in current city'", async () => {
    const { root } = listAt(locale);
    root.use(cityStore).pick("深圳市");
    expect(await screen.findByText(t.empty)).toBeTruthy();
  });

  it("shows skeleton cards while loading, no station yet", async () => {
    const root = testRoot({ locale, ports: { geolocation: { current: () => Effect.never } } });
    const { container } = renderPage(<StationListPage />, { root, path: "/stationlist" });
    expect(container.querySelectorAll(".station-card")).toHaveLength(3);
    expect(container.querySelector("[aria-busy='true']")).toBeTruthy();
    expect(screen.queryByRole("listitem")).toBeNull();
  });

  it("a first load that fails offline shows the message and a retry", async () => {
    const root = testRoot({ locale, ports: { geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES) } });
    root.ports.api.fail("cityStations", offline(locale));
    renderPage(<StationListPage />, { root, path: "/stationlist" });
    expect((await screen.findAllByText(root.i18n.t("Offline"))).length).toBeGreaterThan(0);
    expect(screen.getByText(root.i18n.t("retry"))).toBeTruthy();
  });
});
