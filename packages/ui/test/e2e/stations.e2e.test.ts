import { Distance, Station } from "@fuel/domain";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync } from "node:fs";
import { baseUrl, GUANGZHOU, launch, phone, screenshot, scrollsSideways, shot, signedInCustomer, withSession } from "./support.ts";

interface StationFacts extends Station.StationFacts {
  readonly id: number;
  readonly title: string;
}

const post = async <T>(path: string, body: unknown): Promise<T> => {
  const response = await fetch(`${baseUrl()}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return ((await response.json()) as { data: T }).data;
};

/**
 * The stations of a city as the server lists them, in the list's order from Guangzhou as the phone
 * reports it (GCJ-02): diesel sellers first, nearest or cheapest first (`Station.arrangeStations`).
 */
const listed = async (city: string, sort: Station.StationSort = "distance") => {
  const stations = await post<StationFacts[]>("/api/station/current_city_list", { city });
  const from = Distance.wgs84ToGcj02({ longitude: GUANGZHOU.longitude, latitude: GUANGZHOU.latitude });
  return Station.arrangeStations(stations, { sort, openNowOnly: false }, from, Date.now()).map((s) => ({
    title: s.title,
    sellsDiesel: Station.sellsDiesel(s),
    distanceText: Station.computeStation(s, from, "unknown distance").distanceText,
  }));
};

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launch();
  token = (await signedInCustomer({ activated: true })).token;
});
afterAll(async () => {
  await browser.close();
});

describe("finding a station, in Chromium", () => {
  it("lists diesel sellers first, nearest first, with the right distance text, switches city and opens the route map", async () => {
    const device = await phone(browser);
    await withSession(device.page, { token }, true);
    const { page } = device;
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/")) asked.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseUrl()}/stationlist`, { waitUntil: "networkidle" });
    const expected = await listed("广州市");
    const first = page.locator(".station-card").first();
    await first.waitFor();
    // The HTML asked for the city and its stations while the scripts loaded (src/early); the app
    // took those answers instead of asking again (issue 23: one request each, none after the entry).
    expect(asked.filter((p) => p === "/api/sandbox/geocode")).toHaveLength(1);
    expect(asked.filter((p) => p === "/api/station/current_city_list")).toHaveLength(1);
    expect(await first.locator("h2").textContent()).toBe(expected[0]?.title);
    expect(await first.locator(".station-distance").textContent()).toBe(expected[0]?.distanceText);
    expect(await page.locator(".station-card h2").allTextContents()).toEqual(expected.map((s) => s.title));
    await shot(page, "stations-nearest-first");

    // The route map of the nearest station: an SVG drawing with both ends and the distance.
    await page.getByRole("button", { name: `Navigate to ${expected[0]?.title}` }).click();
    await page.waitForURL(/\/stationmap/);
    await page.getByRole("img").first().waitFor();
    await shot(page, "stations-route-map");
    await page.goBack();

    // Another city, picked in /citylist, replaces the list and is remembered.
    await page.getByRole("button", { name: /Change city/ }).or(page.getByRole("link", { name: /Change city/ })).first().click();
    await page.waitForURL(/\/citylist/);
    const cities = ((await (await fetch(`${baseUrl()}/api/station/citylist`)).json()) as { data: Array<{ city: string }> }).data;
    const other = cities.map((c) => c.city).find((c) => c !== "广州市");
    if (other === undefined) throw new Error("the demo catalogue has one city only");
    await page.getByText(other, { exact: false }).first().click();
    await page.waitForURL(/\/stationlist/);
    await page.getByText(other).first().waitFor();
    const otherStations = await post<StationFacts[]>("/api/station/current_city_list", { city: other });
    // The other city's cards, not the skeleton cards (same box, no title) shown while they load.
    await expect.poll(async () => (await page.locator(".station-card h2").allTextContents()).sort()).toEqual(otherStations.map((s) => s.title).sort());
    await shot(page, "stations-other-city");
    expect(await scrollsSideways(page)).toBe(false);
    expect(device.errors).toEqual([]);
    await device.context.close();
  });

  it("keeps /stationlist alive: back from another page, the same list at the same scroll, hidden meanwhile (no <Activity> on Preact)", async () => {
    const device = await phone(browser, { viewport: { width: 360, height: 640 } });
    await withSession(device.page, { token }, true);
    const { page } = device;
    await page.goto(`${baseUrl()}/stationlist`, { waitUntil: "networkidle" });
    await page.locator(".station-card").first().waitFor();
    // A mark on the list's DOM: a page drawn again would not carry it.
    await page.evaluate(() => document.querySelector(".station-card")?.setAttribute("data-kept-mark", "1"));
    await page.evaluate(() => window.scrollTo({ top: 700, behavior: "instant" }));
    await page.waitForFunction(() => window.scrollY > 300);
    // The page's scroll listener has seen it (the browser sends scroll events on its next frame).
    await page.waitForTimeout(300);
    const scrolled = await page.evaluate(() => window.scrollY);
    const loads = { count: 0 };
    page.on("request", (r) => {
      if (r.url().includes("/api/station/current_city_list")) loads.count++;
    });

    // The route map of a station on screen there (a tap that needs no scrolling), then back.
    const onScreen = await page.evaluate(() => [...document.querySelectorAll(".station-card")].find((card) => card.getBoundingClientRect().top > 60 && card.getBoundingClientRect().bottom < window.innerHeight)?.querySelector("h2")?.textContent);
    if (onScreen == null) throw new Error("no station card wholly on screen at this scroll");
    await page.getByRole("button", { name: `Navigate to ${onScreen}` }).click();
    await page.waitForURL(/\/stationmap/);
    expect(await page.locator("[data-kept-alive='/stationlist']").isHidden()).toBe(true);
    expect(await page.locator(".station-card").first().isVisible()).toBe(false);
    await page.goBack();
    await page.waitForURL(/\/stationlist$/);
    await page.locator("[data-kept-mark='1']").waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 1, scrolled, { timeout: 5_000 }).catch(async () => {
      throw new Error(`scrolled to ${scrolled} before leaving, at ${await page.evaluate(() => window.scrollY)} after coming back`);
    });
    expect(loads.count).toBe(0);
    expect(device.errors).toEqual([]);
    await device.context.close();
  });

  it("with the location refused, says 'failed to get location' and still lists stations with 'unknown distance'", async () => {
    const device = await phone(browser, { location: "refused" });
    const { page } = device;
    await page.goto(`${baseUrl()}/stationlist`, { waitUntil: "networkidle" });
    await page.getByText("failed to get location").first().waitFor({ timeout: 20_000 });
    await page.locator(".station-card").first().waitFor();
    // The card can show before its distance is filled in (seen once in a CI check: ''): wait for the text.
    const distance = page.locator(".station-card .station-distance").first();
    await expect.poll(() => distance.textContent(), { timeout: 10_000 }).toBe("unknown distance");
    await shot(page, "stations-location-refused");
    expect(device.errors).toEqual([]);
    await device.context.close();
  });
});

/** Where this file's screenshots of issue 25's list and order form go, to be looked at. */
const LOOK_DIR = process.env["STATIONS_SHOTS_DIR"] ?? "/tmp/shots-stations";

describe("the station list and the one-key form at 360x640 (issue 25), in Chromium", () => {
  // 12:00 China time: the demo's 06:00-07:00 station is closed and opens at 06:00; the clock is fixed so the test does not depend on when it runs.
  const NOON_CHINA = new Date("2026-11-27T04:00:00Z");

  it.each([["zh-CN", "价格最低", "休息中 · 06:00 开门", "油站休息中，06:00 开门。"], ["en-US", "Cheapest", "Closed · opens 06:00", "This station is closed now; it opens at 06:00."]] as const)(
    "%s: three whole cards under the header, diesel sellers first, sorted by price on a tap, a closed station says when it opens, and 'continue' is on screen",
    async (locale, cheapest, closedLabel, closedNotice) => {
      mkdirSync(LOOK_DIR, { recursive: true });
      const tag = locale === "zh-CN" ? "zh" : "en";
      const device = await phone(browser, { locale, viewport: { width: 360, height: 640 } });
      const { page } = device;
      await page.clock.setFixedTime(NOON_CHINA);
      await withSession(page, { token }, true);
      await page.goto(`${baseUrl()}/stationlist`, { waitUntil: "networkidle" });
      await page.locator(".station-finder h2").first().waitFor();

      // At least three cards wholly on the first screen, below the city header and the sort control.
      const headerBottom = await page.locator(".station-controls").evaluate((e) => e.getBoundingClientRect().bottom);
      const whole = await page.locator(".station-finder").evaluateAll((cards, top) => cards.filter((c) => {
        const r = c.getBoundingClientRect();
        return r.top >= top && r.bottom <= window.innerHeight;
      }).length, headerBottom);
      expect(whole).toBeGreaterThanOrEqual(3);
      await screenshot(page, { path: `${LOOK_DIR}/e2e-list-distance-${tag}.png` });

      // Diesel sellers first, in the domain's order.
      const byDistance = await listed("广州市");
      expect(await page.locator(".station-finder h2").allTextContents()).toEqual(byDistance.map((s) => s.title));
      const firstWithout = byDistance.findIndex((s) => !s.sellsDiesel);
      expect(firstWithout).toBeGreaterThan(0);
      expect(byDistance.slice(firstWithout).every((s) => !s.sellsDiesel)).toBe(true);

      // Cheapest first on a tap; a different order from nearest first.
      await page.getByRole("radio", { name: cheapest }).click();
      const byPrice = await listed("广州市", "price");
      expect(byPrice.map((s) => s.title)).not.toEqual(byDistance.map((s) => s.title));
      await expect.poll(() => page.locator(".station-finder h2").allTextContents()).toEqual(byPrice.map((s) => s.title));
      await screenshot(page, { path: `${LOOK_DIR}/e2e-list-price-${tag}.png` });

      // The short-hours station is closed at noon and says when it opens.
      const closedCard = page.locator(".station-finder", { hasText: closedLabel }).first();
      await closedCard.scrollIntoViewIfNeeded();
      const closedTitle = await closedCard.locator("h2").textContent();
      expect(closedTitle).toBeTruthy();

      // Its one-key page: the notice first, the order still possible, 'continue' on the first screen.
      await closedCard.locator("button", { hasText: locale === "zh-CN" ? "去加油" : "Go fuel" }).click();
      await page.waitForURL(/\/oneKeyGas/);
      await page.getByText(closedNotice, { exact: false }).waitFor();
      const submit = page.locator("button[type=submit]");
      const box = await submit.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(640);
      expect(await submit.isEnabled()).toBe(true);
      await screenshot(page, { path: `${LOOK_DIR}/e2e-order-closed-${tag}.png` });

      // Back on the list the choice is still 'cheapest' (the page and its store are kept).
      await page.goBack();
      await page.waitForURL(/\/stationlist/);
      expect(await page.getByRole("radio", { name: cheapest }).getAttribute("aria-checked")).toBe("true");
      expect(await scrollsSideways(page)).toBe(false);
      expect(device.errors).toEqual([]);
      await device.context.close();
    },
  );
});

describe("the station list kept on the device (issue 23), in Chromium", () => {
  /** Waits until the service worker has installed this build's shell and controls the page (as offline.e2e.test.ts does). */
  const shellKept = (page: Page) =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller === null) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
      }
    });

  for (const [locale, mark, updated] of [
    ["en-US", /^Saved \d\d:\d\d · could not update$/, /^Updated \d\d:\d\d$/],
    ["zh-CN", /^\d\d:\d\d 保存的数据 · 更新失败$/, /^\d\d:\d\d 已更新$/],
  ] as const) {
    it(`a visit offline after one online shows the kept list with its date (${locale}, 360x640)`, async () => {
      const device = await phone(browser, { locale, viewport: { width: 360, height: 640 } });
      const { page, context } = device;
      await withSession(page, { token }, true);
      await page.goto(`${baseUrl()}/stationlist`, { waitUntil: "networkidle" });
      await page.locator(".station-card").first().waitFor();
      const titles = await page.locator(".station-card h2").allTextContents();
      expect(await page.locator(".kept-mark").count()).toBe(0);
      await page.waitForFunction(() => localStorage.getItem("fuel.kept.stations") !== null);
      await shellKept(page);

      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => page.locator(".kept-mark").textContent(), { timeout: 20_000 }).toMatch(mark);
      expect(await page.locator(".station-card h2").allTextContents()).toEqual(titles);
      // The header names the kept list's city (the geocoder and the catalogue are out of reach).
      expect(await page.locator(".city-name").textContent()).toBe("广州市");
      await shot(page, `stations-kept-offline-${locale}-notice`);
      // The failure's notice goes by itself; the line stays.
      await page.locator(".adm-toast-mask").waitFor({ state: "hidden", timeout: 10_000 });
      expect(await page.locator(".kept-mark").textContent()).toMatch(mark);
      await shot(page, `stations-kept-offline-${locale}`);
      expect(await scrollsSideways(page)).toBe(false);

      // Back online: the fresh list replaces the kept one, and the line says so in the same place
      // (it stays, so the list does not jump up under the customer's finger).
      await context.setOffline(false);
      await page.reload({ waitUntil: "networkidle" });
      await page.locator(".station-card").first().waitFor();
      await expect.poll(() => page.locator(".kept-mark").textContent(), { timeout: 20_000 }).toMatch(updated);
      expect(device.errors).toEqual([]);
      await context.close();
    });
  }
});
