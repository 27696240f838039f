import { FakeGeocoder, FakeGeolocation } from "@fuel/adapters/testing";
import { offline } from "@fuel/adapters/ports";
import type { Messages } from "@fuel/domain";
import { Time } from "@fuel/domain";
import type { Station } from "@fuel/domain/api";
import { screen, waitFor, within } from "@testing-library/react";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import StationListPage from "../../src/pages/StationListPage.tsx";
import { cityStore } from "../../src/stores/CityStore.ts";
import { writeKeptStations } from "../../src/stores/kept/keptStations.ts";
import { renderPage, testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations } from "../support/stations.ts";

/** The fakes' clock is 2026-11-23 10:00 China time; the kept list is of the day before. */
const YESTERDAY_1405 = Time.chinaInstant(2026, 11, 22, 14, 5);

const TEXTS = {
  en: { updating: "Saved yesterday 14:05 · updating…", failed: "Saved yesterday 14:05 · could not update", unknown: "unknown distance", offline: "network unavailable, check your connection" },
  "zh-CN": { updating: "昨天 14:05 保存的数据 · 正在更新…", failed: "昨天 14:05 保存的数据 · 更新失败", unknown: "未知距离", offline: "网络不可用，请检查网络连接" },
} as const satisfies Record<Messages.Locale, Record<string, string>>;

/** /stationlist of a device that kept 广州市's list yesterday, its position and stations answering when the test says. */
const keptList = (locale: Messages.Locale, kept?: string) => {
  let locate: ((p: typeof GUANGZHOU) => void) | undefined;
  let answer: ((s: ReadonlyArray<Station>) => void) | undefined;
  const geolocation = { current: () => Effect.promise(() => new Promise<typeof GUANGZHOU>((resolve) => (locate = resolve))) };
  const root = testRoot({ locale, ports: { geolocation, geocoder: new FakeGeocoder(CITY_CENTRES) } });
  root.ports.api.on("cityStations", () => Effect.promise(() => new Promise<ReadonlyArray<Station>>((resolve) => (answer = resolve))));
  if (kept === undefined) writeKeptStations(root.ports.preferences, { city: "广州市", stations: [guangzhouStations[2]!, guangzhouStations[0]!], savedAt: YESTERDAY_1405 });
  else root.ports.preferences.set("fuel.kept.stations", kept);
  root.use(cityStore).pick("广州市");
  renderPage(<StationListPage />, { root, path: "/stationlist" });
  return { root, locate: () => locate?.(GUANGZHOU), answer: (s: ReadonlyArray<Station> = guangzhouStations) => answer?.(s) };
};

const titles = () => screen.getAllByRole("listitem").map((li) => within(li).getByRole("heading").textContent);

describe.each(["en", "zh-CN"] as const)("/stationlist with a kept list in %s", (locale) => {
  const t = TEXTS[locale];

  it("shows the kept stations at once, marked with their date, before the position and the answer", async () => {
    keptList(locale);
    expect((await screen.findByText(t.updating)).getAttribute("role")).toBe("status");
    expect(titles()).toEqual(["天河北加油站", "白云机场高速加油站"]);
    expect(screen.getAllByText(t.unknown)).toHaveLength(2);
  });

  it("the fresh answer replaces the kept list and the date mark goes", async () => {
    const { locate, answer } = keptList(locale);
    await screen.findByText(t.updating);
    locate();
    answer();
    // Diesel sellers first (越秀 sells none), nearest first within each group.
    await waitFor(() => expect(titles()).toEqual(["天河北加油站", "白云机场高速加油站", "越秀东风路加油站"]));
    expect(screen.queryByText(t.updating)).toBeNull();
  });

  it("a failed refresh keeps the kept list with its date, says it could not update, and shows the notice", async () => {
    const root = testRoot({ locale, ports: { geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES) } });
    root.ports.api.fail("cityStations", offline());
    writeKeptStations(root.ports.preferences, { city: "广州市", stations: [guangzhouStations[2]!], savedAt: YESTERDAY_1405 });
    renderPage(<StationListPage />, { root, path: "/stationlist" });
    expect(await screen.findByText(t.failed)).toBeTruthy();
    expect(titles()).toEqual(["天河北加油站"]);
    expect(root.notices.latest).toMatchObject({ text: t.offline, kind: "fail" });
  });

  it("a corrupt kept entry is ignored: skeletons until the answer, no date mark", async () => {
    const { locate, answer } = keptList(locale, '{"v":1,"city":"广州市","savedAt":1,"stations":[{"id":"x"}');
    expect(screen.getByLabelText(/stations|油站/)).toBeTruthy();
    expect(screen.queryByRole("listitem")).toBeNull();
    locate();
    answer();
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.queryByText(t.updating)).toBeNull();
  });
});

describe("/stationlist's header with a kept list", () => {
  it("names the kept list's city while no city is known yet", async () => {
    const root = testRoot({ ports: { geolocation: { current: () => Effect.never }, geocoder: new FakeGeocoder(CITY_CENTRES) } });
    writeKeptStations(root.ports.preferences, { city: "广州市", stations: [guangzhouStations[2]!], savedAt: YESTERDAY_1405 });
    renderPage(<StationListPage />, { root, path: "/stationlist" });
    await screen.findByText(TEXTS.en.updating);
    expect(document.querySelector(".city-name")?.textContent).toBe("广州市");
  });
});
