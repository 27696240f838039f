import { Constants, Pricing } from "@fuel/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count, expectError, expectSuccess } from "../identity/support.ts";
import { call, createOrder, customer, dieselStation, draftFor, payInSandbox, seedCatalogue, type Customer } from "./support.ts";

/**
 * At most 5 unpaid orders per customer, fuel and recharge together (issue 9, src/orders/unpaidOrders.ts).
 * The parallel case is in test/races/limits.race.test.ts.
 */

let booted: BootedApp;
let stationId: number;
beforeAll(async () => {
  // A fixed afternoon, far from the recharge maintenance window (01:30-06:30 China time).
  const afternoon = Date.parse("2024-11-24T06:00:00Z");
  booted = await bootApp({ systemTime: () => afternoon });
});
beforeEach(async () => {
  await booted.reset();
  await seedCatalogue(booted);
  stationId = (await dieselStation(booted)).id;
});
afterAll(async () => booted.close());

const fuelDraft = (i: number) => draftFor(stationId, { order_amount: String(10_000 + i) });
const createFuel = (who: Customer, i: number) => call(booted, who, "/api/order/create", fuelDraft(i));
const rechargeDraft = (orderAmount: number) => ({
  gas_Type: "0#",
  card_type: 1,
  last_number: "1234567",
  order_amount: String(orderAmount),
  amount: Pricing.payableCents(orderAmount, DEMO_SITE_SETTINGS.price_0_shiti, DEMO_SITE_SETTINGS.price_0_original),
  phone: "13912345678",
  team: "珠江物流车队",
  station_id: stationId,
  paytype: "fy",
});
const fiveUnpaid = async (who: Customer): Promise<number[]> => {
  const ids: number[] = [];
  for (let i = 0; i < Constants.MAX_UNPAID_ORDERS; i++) ids.push((await createOrder(booted, who, fuelDraft(i))).order_id);
  return ids;
};
const MESSAGE = "you have 5 unpaid orders: pay or cancel one first";

describe("5 unpaid orders per customer", () => {
  it("the 6th order is refused with 409 and a clear message; no order is stored and no prepay is opened at the channel", async () => {
    const me = await customer(booted);
    await fiveUnpaid(me);
    const before = [await count(booted.db, "orders"), await count(booted.db, "sandbox_channel_orders")];
    const res = await createFuel(me, 99);
    expectError(res, 409, MESSAGE);
    expect(res.headers["x-error-tag"]).toBe("TooManyUnpaidOrders");
    expect([await count(booted.db, "orders"), await count(booted.db, "sandbox_channel_orders")]).toEqual(before);
  });

  it("fuel and recharge orders count together", async () => {
    const me = await customer(booted);
    for (let i = 0; i < 4; i++) await createOrder(booted, me, fuelDraft(i));
    expectSuccess(await call(booted, me, "/api/rechargeorder/create", rechargeDraft(50_000)));
    expectError(await call(booted, me, "/api/rechargeorder/create", rechargeDraft(60_000)), 409, MESSAGE);
    expectError(await createFuel(me, 99), 409, MESSAGE);
  });

  it("a double tap of the 5th order still answers that order", async () => {
    const me = await customer(booted);
    const ids = await fiveUnpaid(me);
    const again = expectSuccess<{ order_id: number }>(await createFuel(me, 4));
    expect(again.order_id).toBe(ids[4]);
  });

  it("paying one, cancelling one or letting one's pay window close makes room again", async () => {
    const me = await customer(booted);
    const ids = await fiveUnpaid(me);
    expectSuccess(await payInSandbox(booted, ids[0]!));
    expectSuccess(await createFuel(me, 10));
    expectError(await createFuel(me, 11), 409, MESSAGE);

    expectSuccess(await call(booted, me, "/api/order/cancel", { order_id: ids[1] }));
    expectSuccess(await createFuel(me, 11));
    expectError(await createFuel(me, 12), 409, MESSAGE);

    booted.clock.advance(Constants.UNPAID_PAY_WINDOW_SECONDS);
    expectSuccess(await createFuel(me, 12));
  });

  it("one customer's unpaid orders do not limit another", async () => {
    await fiveUnpaid(await customer(booted));
    expectSuccess(await createFuel(await customer(booted), 0));
  });
});
