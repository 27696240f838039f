import { Station } from "@fuel/domain";
import { Station as WireStation } from "@fuel/domain/api";
import { Schema } from "effect";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cities, siteSettings, stations } from "../../src/db/schema.ts";
import { DEMO_SITE_SETTINGS, DEMO_STATIONS } from "../../src/seed/demoStations.ts";
import { seedIfEmpty } from "../../src/seed/seed.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectError, expectSuccess, get, post } from "../identity/support.ts";

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  await seedIfEmpty(booted.db, new Date(booted.clock.now()));
});

describe("GET /api/station/citylist", () => {
  it("lists the seeded cities in display order with their station counts", async () => {
    const data = expectSuccess<Array<{ city: string; count: number }>>(await get(booted, "/api/station/citylist"));
    expect(data).toEqual([
      { city: "广州市", count: DEMO_STATIONS.filter((s) => s.city === "广州市").length },
      { city: "深圳市", count: DEMO_STATIONS.filter((s) => s.city === "深圳市").length },
      { city: "东莞市", count: DEMO_STATIONS.filter((s) => s.city === "东莞市").length },
    ]);
    expect(data.reduce((n, c) => n + c.count, 0)).toBe(30);
  });

  it("lists a city without stations with count 0", async () => {
    await booted.db.insert(cities).values({ name: "佛山市", sort: 9 });
    booted.app.clearCatalogueCache();
    const data = expectSuccess<Array<{ city: string; count: number }>>(await get(booted, "/api/station/citylist"));
    expect(data.at(-1)).toEqual({ city: "佛山市", count: 0 });
  });
});

describe("POST /api/station/current_city_list", () => {
  it("answers every station of the city with all the spec's fields", async () => {
    const data = expectSuccess<unknown[]>(await post(booted, "/api/station/current_city_list", { city: "深圳市" }));
    expect(data).toHaveLength(DEMO_STATIONS.filter((s) => s.city === "深圳市").length);
    for (const s of data) {
      const station = Schema.decodeUnknownSync(WireStation)(s);
      expect(station.city).toBe("深圳市");
      expect(station.original_price).toBeGreaterThan(station.now_price);
    }
  });

  it("answers an empty list for a city without stations", async () => {
    expect(expectSuccess(await post(booted, "/api/station/current_city_list", { city: "拉萨市" }))).toEqual([]);
  });

  it.each([[{}], [{ city: 12 }], [{ city: "x".repeat(65) }], [null]])("refuses %j with 400 naming the field", async (body) => {
    const res = await post(booted, "/api/station/current_city_list", body);
    expectError(res, 400);
    expect(res.json().message).toMatch(/city|body|object|expected/i);
  });
});

describe("GET /api/webinfo/read", () => {
  it("answers every site-settings field, tel1 and tel2 included", async () => {
    const data = expectSuccess<Record<string, unknown>>(await get(booted, "/api/webinfo/read"));
    expect(Object.keys(data).sort()).toEqual(
      [
        "entity_common_num",
        "follow_account_name",
        "follow_qrcode",
        // Issue 35: the invoice window and how top-ups are invoiced.
        "invoice_window_days",
        "price_0_nation",
        "price_0_now",
        "price_0_original",
        "price_0_shiti",
        "price_0_xuni",
        "recharge_invoice",
        "recharge_shiti_tip",
        "recharge_tip",
        "tel1",
        "tel2",
        "virtual_common_num",
      ].sort(),
    );
    expect(data["tel1"]).toBe("400-800-6688");
    expect(data["price_0_xuni"]).toBe(DEMO_SITE_SETTINGS.price_0_xuni);
    expect([data["invoice_window_days"], data["recharge_invoice"]]).toEqual([30, "at_consumption"]);
  });

  it("answers 503 with a clear message when the settings row is missing", async () => {
    await booted.db.delete(siteSettings);
    booted.app.clearCatalogueCache();
    expectError(await get(booted, "/api/webinfo/read"), 503, /site settings/);
  });
});

describe("catalogue cache", () => {
  it("serves an operator's change once the cache is cleared or its TTL passed, not a stale answer forever", async () => {
    expectSuccess(await get(booted, "/api/station/citylist"));
    await booted.db.insert(cities).values({ name: "佛山市", sort: 9 });
    // Within the TTL the cached answer stands (that is the point of the cache)...
    expect(expectSuccess<unknown[]>(await get(booted, "/api/station/citylist"))).toHaveLength(3);
    booted.app.clearCatalogueCache();
    expect(expectSuccess<unknown[]>(await get(booted, "/api/station/citylist"))).toHaveLength(4);
  });
});

describe("GET /api/version", () => {
  it("answers the version and the production label", async () => {
    expect(expectSuccess(await get(booted, "/api/version"))).toEqual({ version: "v1", label: expect.stringContaining("v1"), mode: "sandbox" });
  });
});

describe("seed", () => {
  it("loads only into an empty database", async () => {
    expect(await seedIfEmpty(booted.db, new Date())).toEqual({ seeded: false, inviteCodes: [] });
    expect(await booted.db.select().from(stations)).toHaveLength(30);
  });

  it("never touches a database that has an operator's city", async () => {
    await booted.reset();
    await booted.db.insert(cities).values({ name: "佛山市" });
    expect((await seedIfEmpty(booted.db, new Date())).seeded).toBe(false);
    expect(await booted.db.select().from(stations)).toHaveLength(0);
  });

  it("prints 10 fresh invite codes on first load", async () => {
    await booted.reset();
    const outcome = await seedIfEmpty(booted.db, new Date());
    expect(outcome.seeded).toBe(true);
    expect(new Set(outcome.inviteCodes).size).toBe(10);
  });

  it("is realistic: 3 cities, diesel-less stations, overnight and short hours, prices in order", () => {
    expect(new Set(DEMO_STATIONS.map((s) => s.city)).size).toBeGreaterThanOrEqual(3);
    expect(DEMO_STATIONS.some((s) => !Station.sellsDiesel(s))).toBe(true);
    expect(DEMO_STATIONS.some((s) => s.business_end_time < s.business_start_time)).toBe(true);
    for (const s of DEMO_STATIONS) {
      expect(s.nation_price).toBeGreaterThanOrEqual(s.original_price);
      expect(s.original_price).toBeGreaterThan(s.now_price);
      // Mainland China, GCJ-02.
      expect(s.longitude).toBeGreaterThan(73);
      expect(s.longitude).toBeLessThan(136);
      expect(s.latitude).toBeGreaterThan(18);
      expect(s.latitude).toBeLessThan(54);
    }
  });
});
