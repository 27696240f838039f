import { FakeGeocoder, FakeGeolocation, FakeNavigator } from "@fuel/adapters/testing";
import { offline } from "@fuel/adapters/ports";
import type { Messages } from "@fuel/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import StationListPage from "../../src/pages/StationListPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations, station } from "../support/stations.ts";
import type { Station } from "@fuel/domain/api";
import { stationsStore } from "../../src/stores/StationsStore.ts";
import { cityStore } from "../../src/stores/CityStore.ts";

const TEXTS = {
  en: {
    noDiesel: "No diesel here", empty: "no gas station in current city", failed: "failed to get location", unknown: "unknown distance", goFuel: "Go fuel", current: "current location",
    price: "¥6.98/L", saving: "¥0.64/L below national", navigate: "Navigate", cheapest: "Cheapest", nearest: "Nearest", openNow: "Open now", closed: "Closed · opens 06:00",
    hours: "Open 06:00–23:00", noneOpen: "No station here is open now. Turn off 'Open now' to see them all.",
    showAll: "Show all stations", otherCity: "Look in another city",
  },
  "zh-CN": {
    noDiesel: "暂不售柴油", empty: "当前城市暂无加油站", failed: "获取定位失败", unknown: "未知距离", goFuel: "去加油", current: "当前定位",
    price: "¥6.98/升", saving: "比国家价低 ¥0.64/升", navigate: "导航", cheapest: "价格最低", nearest: "距离最近", openNow: "只看营业中", closed: "休息中 · 06:00 开门",
    hours: "营业中 06:00–23:00", noneOpen: "当前没有营业中的油站，取消「只看营业中」可查看全部油站。",
    showAll: "查看全部油站", otherCity: "换个城市看看",
  },
} as const satisfies Record<Messages.Locale, Record<string, string>>;

const listAt = (locale: Messages.Locale, geolocation = new FakeGeolocation(GUANGZHOU), navigator = new FakeNavigator(), stations: ReadonlyArray<Station> = guangzhouStations) => {
  const root = testRoot({ locale, ports: { geolocation, geocoder: new FakeGeocoder(CITY_CENTRES), navigator } });
  root.ports.api.on("cityList", [{ city: "广州市", count: 3 }, { city: "深圳市", count: 0 }]);
  root.ports.api.on("cityStations", (input) => Effect.succeed(input.city === "广州市" ? stations : []));
  return { root, view: renderPage(<StationListPage />, { root, path: "/stationlist" }) };
};

const cards = () => screen.getAllByRole("listitem");

describe.each(["en", "zh-CN"] as const)("/stationlist in %s", (locale) => {
  const t = TEXTS[locale];

  it("shows the located city and its stations, diesel sellers first and nearest first, with our price and its saving against national", async () => {
    listAt(locale);
    expect(await screen.findByText("广州市")).toBeTruthy();
    expect(screen.getByText(t.current)).toBeTruthy();
    await screen.findAllByRole("listitem");
    const titles = cards().map((li) => within(li).getByRole("heading").textContent);
    // 越秀 is nearest but sells no diesel: it goes after every diesel seller.
    expect(titles).toEqual(["天河北加油站", "白云机场高速加油站", "越秀东风路加油站"]);
    const tianhe = cards()[0]!;
    expect(within(tianhe).getByText(/^\d+\.\dkm$/)).toBeTruthy();
    expect(within(tianhe).getByText(t.price)).toBeTruthy();
    // national 7.62 - ours 6.98 = 0.64; the pump's gap (7.62 - 7.45 = 0.17) is not the customer's saving.
    expect(within(tianhe).getByText(t.saving)).toBeTruthy();
    expect(within(tianhe).queryByText(/0\.17/)).toBeNull();
    expect(within(tianhe).getByText(t.hours)).toBeTruthy();
  });

  it("marks a station without 0# diesel, shows no diesel price there and disables its go-fuel button", async () => {
    listAt(locale);
    await screen.findAllByRole("listitem");
    const noDiesel = cards()[2]!;
    expect(within(noDiesel).getByText(t.noDiesel)).toBeTruthy();
    expect(within(noDiesel).queryByText(/¥/)).toBeNull();
    const button = within(noDiesel).getByText(t.goFuel).closest("button")!;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe(within(noDiesel).getByText(t.noDiesel).id);
  });

  it("go fuel opens the station's one-key page", async () => {
    listAt(locale);
    await screen.findAllByRole("listitem");
    fireEvent.click(within(cards()[0]!).getByText(t.goFuel));
    expect((await screen.findByTestId("location")).textContent).toBe("/oneKeyGas?station_id=3");
  });

  it("one navigate action per card, opening the in-app route page", async () => {
    listAt(locale);
    await screen.findAllByRole("listitem");
    expect(within(cards()[0]!).getAllByRole("button")).toHaveLength(2);
    fireEvent.click(within(cards()[0]!).getByText(t.navigate));
    expect((await screen.findByTestId("location")).textContent).toBe("/stationmap?station_id=3");
  });

  it("sorting by price puts the cheapest of our prices first; the choice is kept by the store", async () => {
    const cheapFar = station({ ...guangzhouStations[0]!, now_price: 690 });
    const { root } = listAt(locale, undefined, undefined, [cheapFar, guangzhouStations[1]!, guangzhouStations[2]!]);
    await screen.findAllByRole("listitem");
    expect(cards()[0]!.textContent).toContain("天河北加油站");
    const byPrice = screen.getByRole("radio", { name: t.cheapest });
    expect(byPrice.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(byPrice);
    await waitFor(() => expect(cards().map((li) => within(li).getByRole("heading").textContent)).toEqual(["白云机场高速加油站", "天河北加油站", "越秀东风路加油站"]));
    expect(byPrice.getAttribute("aria-checked")).toBe("true");
    expect(root.use(stationsStore).choice.sort).toBe("price");
  });

  it("a closed station says when it opens; 'open now' hides it, and says so when none is open", async () => {
    const shortHours = { business_start_time: "06:00", business_end_time: "07:00" };
    const closed = guangzhouStations.map((s) => station({ ...s, ...shortHours }));
    listAt(locale, undefined, undefined, [closed[0]!, guangzhouStations[2]!]);
    await screen.findAllByRole("listitem");
    expect(within(cards()[1]!).getByText(t.closed)).toBeTruthy();
    const filter = screen.getByRole("button", { name: t.openNow });
    fireEvent.click(filter);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(filter.getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByText(t.closed)).toBeNull();
  });

  it("'open now' with every station closed says none is open and how to see them", async () => {
    const closed = guangzhouStations.map((s) => station({ ...s, business_start_time: "06:00", business_end_time: "07:00" }));
    listAt(locale, undefined, undefined, closed);
    await screen.findAllByRole("listitem");
    fireEvent.click(screen.getByRole("button", { name: t.openNow }));
    expect(await screen.findByText(t.noneOpen)).toBeTruthy();
    // Its next step (issue 25): one tap shows every station again.
    fireEvent.click(screen.getByRole("button", { name: t.showAll }));
    expect(await screen.findAllByRole("listitem")).toHaveLength(closed.length);
  });

  it("a refused location says 'failed to get location' and lists by name with 'unknown distance'", async () => {
    listAt(locale, new FakeGeolocation("denied"));
    expect(await screen.findByText(t.failed)).toBeTruthy();
    await screen.findAllByRole("listitem");
    expect(screen.getAllByText(t.unknown)).toHaveLength(3);
  });

  it("an empty city says 'no gas station in current city', with a way to another city", async () => {
    const { root } = listAt(locale);
    root.use(cityStore).pick("深圳市");
    expect(await screen.findByText(t.empty)).toBeTruthy();
    // Its next step (issue 25): another city.
    fireEvent.click(screen.getByRole("link", { name: t.otherCity }));
    expect((await screen.findByTestId("location")).textContent).toBe("/citylist");
  });

  it("shows skeleton cards while loading, no station yet", async () => {
    const root = testRoot({ locale, ports: { geolocation: { current: () => Effect.never } } });
    const { container } = renderPage(<StationListPage />, { root, path: "/stationlist" });
    expect(container.querySelectorAll(".station-card")).toHaveLength(4);
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
