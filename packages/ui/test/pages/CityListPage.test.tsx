import { FakeGeocoder, FakeGeolocation, MemoryKeyValueStore } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CityListPage from "../../src/pages/CityListPage.tsx";
import { CITY_KEY, cityStore } from "../../src/stores/CityStore.ts";
import { renderPage, testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU } from "../support/stations.ts";

const TEXTS = {
  en: { current: "current location", failed: "failed to get location", count: (n: number) => `${n} stations` },
  "zh-CN": { current: "当前定位", failed: "获取定位失败", count: (n: number) => `${n} 个油站` },
} as const;

const cityListAt = (locale: Messages.Locale, geolocation = new FakeGeolocation(GUANGZHOU), preferences = new MemoryKeyValueStore()) => {
  const root = testRoot({ locale, ports: { geolocation, geocoder: new FakeGeocoder(CITY_CENTRES), preferences } });
  root.ports.api.on("cityList", [{ city: "深圳市", count: 10 }, { city: "广州市", count: 12 }, { city: "东莞市", count: 8 }]);
  return { root, view: renderPage(<CityListPage />, { root, path: "/citylist" }) };
};

describe.each(["en", "zh-CN"] as const)("/citylist in %s", (locale) => {
  const t = TEXTS[locale];

  it("offers the current location and every city with its station count, under its pinyin initial", async () => {
    const { view } = cityListAt(locale);
    expect(await screen.findByText(t.count(12))).toBeTruthy();
    expect(screen.getByText(t.current)).toBeTruthy();
    const titles = [...view.container.querySelectorAll(".adm-index-bar-anchor-title")].map((e) => e.textContent);
    expect(titles.slice(1)).toEqual(["D", "G", "S"]);
    expect(screen.getByText(t.count(10))).toBeTruthy();
    expect(screen.getByText(t.count(8))).toBeTruthy();
  });

  it("picking a city remembers it and returns to the station list", async () => {
    const { root } = cityListAt(locale);
    fireEvent.click(await screen.findByText("深圳市"));
    expect((await screen.findByTestId("location")).textContent).toBe("/stationlist");
    expect(root.ports.preferences.get(CITY_KEY)).toBe("深圳市");
  });

  it("the city items are buttons a keyboard can press", async () => {
    const { root } = cityListAt(locale);
    const item = (await screen.findByText("东莞市")).closest("a")!;
    expect(item.getAttribute("role")).toBe("button");
    fireEvent.keyDown(item, { key: "Enter" });
    expect(root.use(cityStore).picked).toBe("东莞市");
  });

  it("'current location' shows the device's city and lists it when tapped", async () => {
    const picked = new MemoryKeyValueStore();
    picked.set(CITY_KEY, "深圳市");
    const { root } = cityListAt(locale, undefined, picked);
    expect(root.use(cityStore).city).toBe("深圳市");
    fireEvent.click(await screen.findByLabelText(root.i18n.t("useCurrentLocation", { city: "广州市" })));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/stationlist"));
    expect(root.use(cityStore).city).toBe("广州市");
    expect(picked.get(CITY_KEY)).toBeNull();
  });

  it("a refused location says 'failed to get location' in place of the current city", async () => {
    cityListAt(locale, new FakeGeolocation("denied"));
    expect((await screen.findAllByText(t.failed)).length).toBeGreaterThan(0);
  });
});
