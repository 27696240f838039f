import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cities, stations } from "../../src/db/schema.ts";
import { seedIfEmpty } from "../../src/seed/seed.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectError, expectSuccess, get } from "../identity/support.ts";

/** GET /api/sandbox/geocode: the sandbox's reverse geocoder, the city of the catalogue's nearest station. */

let booted: BootedApp;
// Seeded once: the route only reads (the empty-catalogue test seeds again after it).
const seeded = async () => {
  await booted.reset();
  await seedIfEmpty(booted.db, new Date(booted.clock.now()));
};
beforeAll(async () => {
  booted = await bootApp();
  await seeded();
});
afterAll(async () => booted.close());

const geocode = (query: string) => get(booted, `/api/sandbox/geocode${query}`);

describe("GET /api/sandbox/geocode", () => {
  it.each([
    ["Futian, Shenzhen", 114.0579, 22.5431, "深圳市"],
    ["Tianhe, Guangzhou", 113.33, 23.14, "广州市"],
    ["Dongcheng, Dongguan", 113.77, 23.02, "东莞市"],
  ])("names the city of the nearest station (%s)", async (_where, longitude, latitude, city) => {
    expect(expectSuccess(await geocode(`?longitude=${longitude}&latitude=${latitude}`))).toEqual({ city });
  });

  it("reads the degrees as String(n) writes them, an exponent near zero included", async () => {
    expect(expectSuccess(await geocode(`?longitude=${String(113.33)}&latitude=${String(23.14)}`))).toEqual({ city: "广州市" });
    expectSuccess(await geocode(`?longitude=${String(1e-7)}&latitude=${String(-2e-9)}`));
  });

  it("a position far from every station still gets the nearest one's city", async () => {
    // Beijing: the seeded catalogue is in Guangdong; the nearest station is one of its cities.
    const { city } = expectSuccess<{ city: string }>(await geocode("?longitude=116.40&latitude=39.90"));
    expect(["广州市", "深圳市", "东莞市"]).toContain(city);
  });

  it.each([
    ["no coordinates", ""],
    ["no latitude", "?longitude=114.05"],
    ["no longitude", "?latitude=22.54"],
    ["not a number", "?longitude=abc&latitude=22.54"],
    ["NaN", "?longitude=NaN&latitude=22.54"],
    ["Infinity", "?longitude=Infinity&latitude=22.54"],
    ["hex", "?longitude=0x72&latitude=22.54"],
    ["an exponent beyond the range", "?longitude=1e3&latitude=22.54"],
    ["empty", "?longitude=&latitude=22.54"],
    ["longitude out of range", "?longitude=181&latitude=22.54"],
    ["latitude out of range", "?longitude=114.05&latitude=-90.5"],
    ["a very long number", `?longitude=114.${"0".repeat(200)}&latitude=22.54`],
  ])("refuses %s with 400 and the error envelope", async (_what, query) => {
    const res = await geocode(query);
    expectError(res, 400);
    expect(res.json<{ message: string }>().message).toMatch(/longitude|latitude/);
  });

  it("an empty catalogue is a clear 404, not a made-up city", async () => {
    await booted.db.delete(stations);
    await booted.db.delete(cities);
    booted.app.clearCatalogueCache();
    try {
      expectError(await geocode("?longitude=114.05&latitude=22.54"), 404, "station not found");
    } finally {
      await seeded();
    }
  });

  it("writes nothing: the catalogue is only read", async () => {
    const before = await booted.db.select().from(stations);
    expectSuccess(await geocode("?longitude=114.05&latitude=22.54"));
    expect(await booted.db.select().from(stations)).toEqual(before);
  });
});

describe("GET /api/sandbox/geocode in production mode", () => {
  it("does not exist (404): production uses the map provider's geocoder", async () => {
    const production = await bootApp({ config: { mode: "production" } });
    try {
      expectError(await get(production, "/api/sandbox/geocode?longitude=114.05&latitude=22.54"), 404, "not found");
    } finally {
      await production.close();
    }
  });
});
