import { Pricing, StationRow } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { cities, siteSettings, stations } from "../../src/db/schema.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, rechargeDraftFor } from "../helpers/moneyApp.ts";
import { expectSuccess, get, post } from "../identity/support.ts";
import { call, customer, type Customer } from "../orders/support.ts";
import { deskPost, signedInStaff, tagOf } from "../desk/support.ts";

/**
 * Issue 34: nothing an admin can save makes a customer's call answer 500, and settings or
 * stations written around the desk's rules (a hand-made SQL change) are refused in words or left
 * out, never a 500: /api/webinfo/read, recharge creation, card purchase, the city and station lists.
 */

/** 2024-11-24 18:00 China time, before the maintenance window (as the recharge tests). */
const SYSTEM_NOW = Date.parse("2024-11-24T10:00:00Z");
const MAX = StationRow.MAX_PRICE_CENTS;

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

type Prices = { price_0_now: number; price_0_original: number; price_0_nation: number; price_0_xuni: number; price_0_shiti: number };

/** The edges of what SiteSettingsRules accept. */
const EDGES: ReadonlyArray<readonly [string, Prices]> = [
  ["every price 1 cent, the national one 0", { price_0_now: 1, price_0_original: 1, price_0_nation: 0, price_0_xuni: 1, price_0_shiti: 1 }],
  ["every price the most a litre may cost", { price_0_now: MAX, price_0_original: MAX, price_0_nation: MAX, price_0_xuni: MAX, price_0_shiti: MAX }],
  ["card prices at 1 cent under the dearest pump price", { price_0_now: 1, price_0_original: MAX, price_0_nation: MAX, price_0_xuni: 1, price_0_shiti: 1 }],
  ["card and our prices at the pump price", { price_0_now: 752, price_0_original: 752, price_0_nation: 0, price_0_xuni: 752, price_0_shiti: 752 }],
];

const ORDER_AMOUNT = 50_000;

const createRecharge = (who: Customer, prices: Prices): Promise<LightMyRequestResponse> =>
  call(booted, who, "/api/rechargeorder/create", rechargeDraftFor(stationId, { order_amount: String(ORDER_AMOUNT), amount: Pricing.payableCents(ORDER_AMOUNT, prices.price_0_shiti, prices.price_0_original) }));

const buyCard = (who: Customer): Promise<LightMyRequestResponse> =>
  call(booted, who, "/api/rechargeorder/buycard", { order_amount: "10000", amount: Pricing.cardPurchaseQuote(10_000 as never).payable, phone: "13800138000", paytype: "fy" });

const stationList = () => post(booted, "/api/station/current_city_list", { city: "广州市" });

/** Settings written straight into the table, around the desk (as a hand-made SQL change would). */
const writeAround = async (set: Partial<typeof siteSettings.$inferInsert>): Promise<void> => {
  await booted.db.update(siteSettings).set(set).where(eq(siteSettings.id, 1));
  booted.app.clearCatalogueCache();
};

describe("what an admin can save never makes a customer's call answer 500", () => {
  it.each(EDGES)("%s: the settings, a recharge, a card purchase and the station list answer", async (_name, prices) => {
    const { cookie } = await signedInStaff(booted, "ada.admin", "admin");
    expectSuccess(await deskPost(booted, "/api/desk/settings", prices, { cookie }));
    expect(expectSuccess<Prices>(await get(booted, "/api/webinfo/read"))).toMatchObject(prices);
    const who = await customer(booted);
    const recharge = await createRecharge(who, prices);
    // A payable that rounds to nothing is refused in words; anything else is an order.
    if (Pricing.payableCents(ORDER_AMOUNT, prices.price_0_shiti, prices.price_0_original) < 1) expect([recharge.statusCode, tagOf(recharge)]).toEqual([400, "AmountNotPositive"]);
    else expectSuccess(recharge);
    expectSuccess(await buyCard(await customer(booted, "13700137000")));
    expect(expectSuccess<unknown[]>(await stationList()).length).toBeGreaterThan(0);
  });
});

describe("settings written around the desk's rules are refused in words, never a 500", () => {
  it.each([
    ["a pump price of 0 (a top-up's payable would divide by it)", { price0Original: 0 }],
    ["a card price above the pump price", { price0Shiti: 900, price0Original: 800, price0Now: 700 }],
    ["a service phone longer than the answer may carry", { tel1: "4".repeat(100) }],
  ] as const)("%s: /api/webinfo/read and a recharge answer 503 SiteSettingsUnusable; a card purchase still works", async (_name, set) => {
    await writeAround(set);
    const read = await get(booted, "/api/webinfo/read");
    expect([read.statusCode, tagOf(read)]).toEqual([503, "SiteSettingsUnusable"]);
    expect(read.json<{ message: string }>().message).toBe("the site's prices are being corrected, try again later");
    const recharge = await createRecharge(await customer(booted), { price_0_now: 700, price_0_original: 752, price_0_nation: 762, price_0_xuni: 707, price_0_shiti: 707 });
    expect([recharge.statusCode, tagOf(recharge)]).toEqual([503, "SiteSettingsUnusable"]);
    expectSuccess(await buyCard(await customer(booted, "13700137000")));
  });
});

describe("stations and cities written around the import's rules are left out of the customers' lists, never a 500", () => {
  it("a station whose title, grades or code the answer cannot carry, and a city name too long, are left out; the rest is listed", async () => {
    const listed = expectSuccess<Array<{ id: number }>>(await stationList());
    const [row] = await booted.db.select().from(stations).where(eq(stations.id, stationId));
    if (row === undefined) throw new Error("no station");
    const { id: _id, ...copy } = row;
    await booted.db.insert(stations).values([
      { ...copy, title: "T".repeat(300) },
      { ...copy, title: "grades", sellType: "0#;".repeat(40) },
      { ...copy, title: "code", codeId: "C".repeat(100) },
    ]);
    await booted.db.insert(cities).values({ name: "市".repeat(100), sort: 99 });
    booted.app.clearCatalogueCache();
    expect(expectSuccess<Array<{ id: number }>>(await stationList()).map((s) => s.id)).toEqual(listed.map((s) => s.id));
    const cityList = expectSuccess<Array<{ city: string }>>(await get(booted, "/api/station/citylist"));
    expect(cityList.map((c) => c.city)).toEqual(["广州市", "深圳市", "东莞市"]);
  });
});
