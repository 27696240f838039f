import { Constants, Pricing } from "@fuel/domain";
import { is, Placeholder, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STATUS } from "../../src/orderRecords/rows.ts";
import { unpaidCountStatement } from "../../src/orders/unpaidOrders.ts";
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

describe("the unpaid count's reading", () => {
  /** Every node of a JSON plan, depth first. */
  const planNodes = (node: Record<string, unknown>): Array<Record<string, unknown>> => [
    node,
    ...((node["Plans"] as Array<Record<string, unknown>> | undefined) ?? []).flatMap(planNodes),
  ];

  it("reads only the customer's own unpaid orders, however many other customers hold, with or without the planner's statistics", async () => {
    const me = await customer(booted);
    await fiveUnpaid(me);
    // 2,000 other customers with 3 unpaid orders each, straight into the tables.
    await booted.db.execute(sql`INSERT INTO users (openid, created_at) SELECT 'crowd-' || g, now() FROM generate_series(1, 2000) g`);
    await booted.db.execute(sql`
      INSERT INTO orders (user_id, kind, order_type, gas_type, order_amount, amount, station_id, phone, paytype, mchnt_order_no, draft_hash, created_at, pay_deadline, status)
      SELECT u.id, 'fuel', 2, '0#', 10000, 9000, ${stationId}, '13800138000', 'wechat', 'CROWD-' || u.id || '-' || k, md5(u.id || '-' || k), now(), now() + interval '15 minutes', ${STATUS.unpaid}
        FROM users u, generate_series(1, 3) k WHERE u.openid LIKE 'crowd-%'`);

    // The statement as prepared for every creation, with the plan a prepared statement settles on.
    const { sql: text, params } = unpaidCountStatement(booted.db).toSQL();
    const now = new Date(booted.clock.now());
    const values: Record<string, unknown> = { userId: me.id, draftHash: "none", repeatSince: now.toISOString(), now: now.toISOString() };
    const args = params.map((p) => (is(p, Placeholder) ? values[p.name] : p));
    const literal = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v)}'`);
    // One connection, and nothing left on it: the app's own prepared statements live there too.
    const explained = await booted.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL plan_cache_mode = force_generic_plan`));
      await tx.execute(sql.raw(`PREPARE unpaid_count_plan AS ${text}`));
      const [row] = (await tx.execute<{ "QUERY PLAN": unknown }>(sql.raw(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE unpaid_count_plan(${args.map(literal).join(", ")})`))).rows;
      await tx.execute(sql.raw(`DEALLOCATE unpaid_count_plan`));
      return row?.["QUERY PLAN"];
    });
    const plan = (typeof explained === "string" ? JSON.parse(explained) : explained) as Array<{ Plan: Record<string, unknown> }>;
    const scans = planNodes(plan[0]!.Plan).filter((n) => typeof n["Relation Name"] === "string" || typeof n["Index Name"] === "string");
    expect(scans.map((n) => n["Index Name"]).filter((name) => name !== undefined)).toEqual(["orders_user_status_deadline_idx"]);
    expect(scans.every((n) => n["Node Type"] !== "Seq Scan")).toBe(true);
    expect(Math.max(...scans.map((n) => Number(n["Actual Rows"])))).toBeLessThanOrEqual(Constants.MAX_UNPAID_ORDERS);
    // And the count itself: my five, not the crowd's.
    expectError(await createFuel(me, 99), 409, MESSAGE);
  });
});
