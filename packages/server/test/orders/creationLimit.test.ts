import { Pricing } from "@fuel/domain";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ORDER_CREATIONS_PER_CUSTOMER, ORDER_CREATIONS_PER_CUSTOMER_DAY } from "../../src/limits/policy.ts";
import { ChannelUnavailable } from "../../src/payments/PaymentChannel.ts";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count, expectError, expectSuccess } from "../identity/support.ts";
import { call, customer, dieselStation, draftFor, payInSandbox, seedCatalogue, type Customer } from "./support.ts";

/**
 * The churn limit (issue 22, src/orders/creationLimit.ts): 10 creations per customer in any 10
 * minutes and 60 in any day, fuel orders, recharges and card purchases together, whatever becomes
 * of the orders. The parallel case is in test/races/limits.race.test.ts.
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
afterEach(() => vi.restoreAllMocks());
afterAll(async () => booted.close());

const MAX = ORDER_CREATIONS_PER_CUSTOMER.max;
const MESSAGE = /^too many orders in a short time, please try again in \d+ minutes$/;

const fuel = (who: Customer, i: number, headers: Record<string, string> = {}) =>
  call(booted, who, "/api/order/create", draftFor(stationId, { order_amount: String(10_000 + i) }), headers);
const recharge = (who: Customer, orderAmount: number) =>
  call(booted, who, "/api/rechargeorder/create", {
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
const cardPurchase = (who: Customer, cents: number) =>
  call(booted, who, "/api/rechargeorder/buycard", {
    order_amount: String(cents),
    amount: Pricing.cardPurchaseQuote(cents as never).payable,
    phone: "13800138000",
    paytype: "fy",
  });

const orderIdOf = (res: LightMyRequestResponse): number => expectSuccess<{ order_id: number }>(res).order_id;
const cancel = async (who: Customer, orderId: number) => expectSuccess(await call(booted, who, "/api/order/cancel", { order_id: orderId }));

/** A created order whose fate is then `fate`, so the unpaid cap never has a say. */
const createThen = async (who: Customer, i: number, fate: "pay" | "cancel") => {
  const id = orderIdOf(await fuel(who, i));
  if (fate === "pay") expectSuccess(await payInSandbox(booted, id));
  else await cancel(who, id);
};

const expectLimited = (res: LightMyRequestResponse): number => {
  expectError(res, 429, MESSAGE);
  expect(res.headers["x-error-tag"]).toBe("OrderCreationsLimited");
  const retryAfter = Number(res.headers["retry-after"]);
  expect(res.json<{ message: string }>().message).toBe(`too many orders in a short time, please try again in ${Math.ceil(retryAfter / 60)} minutes`);
  return retryAfter;
};

describe("10 order creations per customer in any 10 minutes", () => {
  it("refuses the 11th whatever became of the first 10 (paid, cancelled, unpaid; fuel, recharge, card purchase): 429, retry-after, nothing stored, no prepay opened", async () => {
    const me = await customer(booted);
    for (let i = 0; i < 4; i++) await createThen(me, i, i % 2 === 0 ? "pay" : "cancel");
    for (let i = 0; i < 2; i++) await cancel(me, orderIdOf(await recharge(me, 50_000 + i * 100)));
    await cancel(me, orderIdOf(await cardPurchase(me, 100_000)));
    for (let i = 10; i < 13; i++) orderIdOf(await fuel(me, i)); // left unpaid: 3 of the cap's 5
    const before = [await count(booted.db, "orders"), await count(booted.db, "sandbox_channel_orders")];

    expect(expectLimited(await fuel(me, 99))).toBe(600);
    expectLimited(await recharge(me, 70_000));
    expectLimited(await cardPurchase(me, 200_000));
    expect([await count(booted.db, "orders"), await count(booted.db, "sandbox_channel_orders")]).toEqual(before);
  });

  it("the window rolls: retry-after is when the oldest creation leaves it, and then one more fits", async () => {
    const me = await customer(booted);
    await createThen(me, 0, "pay");
    booted.clock.advance(120);
    for (let i = 1; i < MAX; i++) await createThen(me, i, "cancel");
    // The oldest creation is 2 minutes old: it leaves the window in 8.
    expect(expectLimited(await fuel(me, 50))).toBe(480);
    booted.clock.advance(470);
    expectLimited(await fuel(me, 51));
    booted.clock.advance(10);
    orderIdOf(await fuel(me, 52));
    expectLimited(await fuel(me, 53));
  });

  it("a repeated Idempotency-Key (the app's retry) is answered again and not counted", async () => {
    const me = await customer(booted);
    const first = orderIdOf(await fuel(me, 0, { "idempotency-key": "retry-me" }));
    for (let n = 0; n < 3 * MAX; n++) expect(orderIdOf(await fuel(me, 0, { "idempotency-key": "retry-me" }))).toBe(first);
    await cancel(me, first);
    for (let i = 1; i < MAX; i++) await createThen(me, i, "cancel");
    expectLimited(await fuel(me, 99));
  });

  it("a creation that fails (the payment channel is down) is not counted, so its retry is not counted twice", async () => {
    const me = await customer(booted);
    const prepay = vi.spyOn(booted.app.deps.providers.payments.channels.wechat, "prepay").mockRejectedValue(new ChannelUnavailable("test: the channel is down"));
    for (let n = 0; n < 2 * MAX; n++) expectError(await fuel(me, 0, { "idempotency-key": "down" }), 503);
    prepay.mockRestore();
    for (let i = 0; i < MAX; i++) await createThen(me, i, "cancel");
    expectLimited(await fuel(me, 99));
  });

  it("another customer is not limited by one who is", async () => {
    const churner = await customer(booted);
    for (let i = 0; i < MAX; i++) await createThen(churner, i, "cancel");
    expectLimited(await fuel(churner, 99));
    orderIdOf(await fuel(await customer(booted), 0));
  });

  it("a customer paying normally never meets it: create, pay, create again, a minute apart, with a retried answer and a cancel among them, for an afternoon", async () => {
    const me = await customer(booted);
    for (let i = 0; i < 45; i++) {
      const key = { "idempotency-key": `order-${i}` };
      const id = orderIdOf(await fuel(me, i, key));
      if (i % 7 === 3) expect(orderIdOf(await fuel(me, i, key))).toBe(id); // the answer was lost: the app retries with its key
      if (i % 11 === 5) await cancel(me, id); // changed their mind, ordered again a minute later
      else expectSuccess(await payInSandbox(booted, id));
      booted.clock.advance(60);
    }
  });
});

describe("60 order creations per customer in any day", () => {
  it("refuses the 61st in 24 hours even at 10 per 10 minutes, until the oldest is a day old", async () => {
    const me = await customer(booted);
    const perDay = ORDER_CREATIONS_PER_CUSTOMER_DAY.max;
    for (let i = 0; i < perDay; i++) {
      if (i > 0 && i % MAX === 0) booted.clock.advance(600);
      await createThen(me, i, "cancel");
    }
    booted.clock.advance(600);
    // The first creation was 60 minutes ago: a day less an hour to go.
    expect(expectLimited(await fuel(me, 999))).toBe(23 * 3600);
    booted.clock.advance(23 * 3600);
    orderIdOf(await fuel(me, 1000));
  });
});
