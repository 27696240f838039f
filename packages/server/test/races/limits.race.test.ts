import { Constants } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { orders, rateLimitEvents } from "../../src/db/schema.ts";
import { ORDER_CREATIONS_PER_CUSTOMER, PASSWORD_ATTEMPTS_PER_ADDRESS, PASSWORD_FAILURES_PER_PHONE } from "../../src/limits/policy.ts";
import { countCreation } from "../../src/orders/creationLimit.ts";
import type { Refusal } from "../../src/refusals/Refusal.ts";
import { hashingGate } from "../../src/security/passwords.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count, post, seedUser, tokenFor } from "../identity/support.ts";
import { call, createOrder, customer, dieselStation, draftFor, seedCatalogue } from "../orders/support.ts";

/**
 * The limits of issue 9 under real concurrency (PostgreSQL only: PGlite runs one transaction at a
 * time, so a race there proves nothing). Every request of a round is started before any is
 * answered; each runs on its own pooled connection, as requests to separate server processes
 * would, so what holds here holds across processes sharing the database.
 */

let booted: BootedApp;
beforeAll(async () => {
  const start = Date.now();
  booted = await bootApp({ systemTime: () => start });
  expect(booted.database.kind).toBe("postgres");
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());
afterEach(() => vi.restoreAllMocks());

const statuses = (answers: ReadonlyArray<{ statusCode: number }>) => answers.map((a) => a.statusCode).sort((a, b) => a - b);
const times = <A>(n: number, status: A): A[] => Array.from({ length: n }, () => status);

describe("password sign-in", () => {
  it("20 parallel wrong passwords for one phone: exactly 5 are checked (hashed), 15 are refused with 429 before hashing", async () => {
    await seedUser(booted, { phone: "13800138000", password: "right-pass" });
    const hashes = vi.spyOn(hashingGate, "run");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(booted, "/api/login", { phone: "13800138000", type: "password", password: `wrong-${i}` }, { ip: `10.1.0.${i}` })),
    );
    expect(statuses(answers)).toEqual([...times(5, 400), ...times(15, 429)]);
    expect(hashes).toHaveBeenCalledTimes(5);
    expect(await booted.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.bucket, PASSWORD_FAILURES_PER_PHONE.bucket))).toHaveLength(5);
  });

  it("30 parallel sign-ins from one address to 30 phones: exactly 20 get past the address limit, 10 are refused by it", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(booted, "/api/login", { phone: `1370000${String(i).padStart(4, "0")}`, type: "password", password: "wrong-pass" }, { ip: "10.2.0.1" }),
      ),
    );
    // Of the 20, the hashing gate checks the first few and refuses the rest of one address's burst
    // as busy (at most 4 of an address wait, issue 22); a busy refusal stays counted for the address.
    const outcomes = answers.map((a) => (a.statusCode === 400 ? "checked" : `${a.statusCode} ${String(a.headers["x-error-tag"])}`));
    expect(outcomes.filter((o) => o === "429 SignInAttemptsLimited")).toHaveLength(10);
    expect(outcomes.filter((o) => o !== "429 SignInAttemptsLimited").every((o) => o === "checked" || o === "429 ServerBusy")).toBe(true);
    expect(outcomes.filter((o) => o === "checked").length).toBeGreaterThanOrEqual(hashingGate.options.slots);
    expect(await booted.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.bucket, PASSWORD_ATTEMPTS_PER_ADDRESS.bucket))).toHaveLength(20);
  });
});

describe("invite codes", () => {
  it("20 parallel wrong codes from one customer: exactly 10 are checked, 10 are refused with 429", async () => {
    const token = await tokenFor(booted, (await seedUser(booted)).id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(booted, "/api/activacode/check", { code: `WRONG${i}` }, { token, ip: `10.3.0.${i}` })),
    );
    expect(statuses(answers)).toEqual([...times(10, 400), ...times(10, 429)]);
  });
});

describe("card look-ups", () => {
  it("40 parallel look-ups by one customer: exactly 30 are answered, 10 are refused with 429", async () => {
    await seedCatalogue(booted);
    const me = await customer(booted);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? call(booted, me, "/api/recharge/getRechargeCardByPhone", { phone: "13800138000" })
          : call(booted, me, "/api/recharge/getcardnumbyteam", { team: "鹏城运输车队" }),
      ),
    );
    expect(statuses(answers)).toEqual([...times(30, 200), ...times(10, 429)]);
  });
});

describe("unpaid orders", () => {
  it("10 parallel creations (distinct drafts) by a customer with 4 unpaid orders: exactly 1 more is created, 9 are refused with 409", async () => {
    await seedCatalogue(booted);
    const stationId = (await dieselStation(booted)).id;
    const me = await customer(booted);
    for (let i = 0; i < Constants.MAX_UNPAID_ORDERS - 1; i++) await createOrder(booted, me, draftFor(stationId, { order_amount: String(5_000 + i) }));

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(booted, me, "/api/order/create", draftFor(stationId, { order_amount: String(20_000 + i) }))),
    );
    expect(statuses(answers)).toEqual([200, ...times(9, 409)]);
    expect(await booted.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, me.id))).toHaveLength(Constants.MAX_UNPAID_ORDERS);
    expect(await count(booted.db, "orders")).toBe(Constants.MAX_UNPAID_ORDERS);
  });
});

describe("order creations (churn)", () => {
  it("30 parallel counts for a customer with 8 creations in the window: exactly 2 are counted, 28 refused with 429", async () => {
    const me = await customer(booted);
    const now = booted.clock.now();
    for (let i = 0; i < ORDER_CREATIONS_PER_CUSTOMER.max - 2; i++) await countCreation(booted.db, me.id, now);
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => countCreation(booted.db, me.id, now)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(2);
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as Refusal).reason).toBe("OrderCreationsLimited");
    expect(await booted.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.bucket, ORDER_CREATIONS_PER_CUSTOMER.bucket))).toHaveLength(ORDER_CREATIONS_PER_CUSTOMER.max);
  });

  it("12 parallel creations (distinct drafts) by a customer with 8 creations in the window, all cancelled: exactly 2 more are created, 10 are refused with 429", async () => {
    await seedCatalogue(booted);
    const stationId = (await dieselStation(booted)).id;
    const me = await customer(booted);
    const before = ORDER_CREATIONS_PER_CUSTOMER.max - 2;
    for (let i = 0; i < before; i++) {
      const { order_id } = await createOrder(booted, me, draftFor(stationId, { order_amount: String(5_000 + i) }));
      expect((await call(booted, me, "/api/order/cancel", { order_id })).statusCode).toBe(200);
    }

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(booted, me, "/api/order/create", draftFor(stationId, { order_amount: String(20_000 + i) }))),
    );
    expect(statuses(answers)).toEqual([200, 200, ...times(10, 429)]);
    expect(await count(booted.db, "orders")).toBe(ORDER_CREATIONS_PER_CUSTOMER.max);
    // Every refused creation was refused before its prepay: the channel saw exactly the orders made.
    expect(await count(booted.db, "sandbox_channel_orders")).toBe(ORDER_CREATIONS_PER_CUSTOMER.max);
    expect(await booted.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.bucket, ORDER_CREATIONS_PER_CUSTOMER.bucket))).toHaveLength(ORDER_CREATIONS_PER_CUSTOMER.max);
  });
});
