import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, payments } from "../../src/db/schema.ts";
import { ORDER_CREATIONS_PER_CUSTOMER } from "../../src/limits/policy.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count, expectSuccess } from "../identity/support.ts";
import { call, createOrder, customer, deliver, dieselStation, draftFor, seedCatalogue, successNotification, type Customer } from "../orders/support.ts";

/**
 * Money under real concurrency (PostgreSQL only: PGlite runs one transaction at a time, so a race
 * there proves nothing). Every request of a round is started before any is answered.
 */

let booted: BootedApp;
let me: Customer;
let stationId: number;

beforeAll(async () => {
  booted = await bootApp();
  expect(booted.database.kind).toBe("postgres");
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  await seedCatalogue(booted);
  me = await customer(booted);
  stationId = (await dieselStation(booted)).id;
});

const orderRow = async (id: number) => (await booted.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentRows = (orderId: number) => booted.db.select().from(payments).where(eq(payments.orderId, orderId));

describe("the same payment notification, delivered again and again", () => {
  it("100 deliveries in sequence, then 50 at once: one transition, one payment row, every delivery acknowledged", async () => {
    const created = await createOrder(booted, me, draftFor(stationId));
    const order = await orderRow(created.order_id);
    const { body, headers } = successNotification(booted, order.mchntOrderNo, order.amount, "4200000000000000000000000001");

    for (let i = 0; i < 100; i++) expect((await deliver(booted, "wechat", body, headers)).statusCode).toBe(200);
    const atOnce = await Promise.all(Array.from({ length: 50 }, () => deliver(booted, "wechat", body, headers)));
    expect(atOnce.map((r) => r.statusCode)).toEqual(Array(50).fill(200));

    expect(await paymentRows(order.id)).toHaveLength(1);
    const after = await orderRow(order.id);
    expect(after.status).toBe(2);
    expect(await count(booted.db, "qr_codes")).toBe(1);
  });

  it("50 at once on a fresh order: exactly one applies it", async () => {
    const created = await createOrder(booted, me, draftFor(stationId));
    const order = await orderRow(created.order_id);
    const { body, headers } = successNotification(booted, order.mchntOrderNo, order.amount, "4200000000000000000000000002");
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(booted, "wechat", body, headers)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await paymentRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.refundRequired).toBe(false);
    expect((await orderRow(order.id)).status).toBe(2);
  });
});

describe("cancel racing a payment notification", () => {
  it("over 200 runs, never both and never lost: either paid and the cancel refused, or cancelled and the payment recorded for refund", async () => {
    const outcomes = { paid: 0, cancelled: 0 };
    for (let run = 0; run < 200; run++) {
      // A customer per run: one makes at most 10 creations in 10 minutes (src/limits/policy.ts).
      const buyer = await customer(booted);
      const created = await createOrder(booted, buyer, draftFor(stationId, { order_amount: String(1000 + run) }));
      const order = await orderRow(created.order_id);
      // The channel takes the money first (as in life: it notifies only what it holds), then both race.
      const taken = await booted.app.deps.providers.payments.sandbox.wechat!.gateway.pay(order.mchntOrderNo, "ok");
      if (typeof taken === "string" || taken.transactionId === null) throw new Error(`the sandbox channel did not take the money: ${String(taken)}`);
      const { body, headers } = successNotification(booted, order.mchntOrderNo, order.amount, taken.transactionId);

      // Staggered by a few milliseconds either way, so both orders of arrival are exercised.
      const lag = (run % 25) - 12;
      const later = <A>(ms: number, f: () => Promise<A>) => new Promise<A>((resolve, reject) => setTimeout(() => f().then(resolve, reject), Math.max(0, ms)));
      const [cancel, notify] = await Promise.all([
        later(-lag, () => call(booted, buyer, "/api/order/cancel", { order_id: order.id })),
        later(lag, () => deliver(booted, "wechat", body, headers)),
      ]);
      expect(notify.statusCode).toBe(200);
      const after = await orderRow(order.id);
      const rows = await paymentRows(order.id);
      // Never lost: the money is recorded whoever won.
      expect(rows).toHaveLength(1);
      if (cancel.statusCode === 200) {
        expect(after.status).toBe(9);
        expect(after.paidAt).toBeNull();
        expect(rows[0]?.refundRequired).toBe(true);
        expect(rows[0]?.refundedAt).not.toBeNull();
        outcomes.cancelled++;
      } else {
        expect(cancel.statusCode).toBe(409);
        expect(after.status).toBe(2);
        expect(rows[0]?.refundRequired).toBe(false);
        outcomes.paid++;
      }
    }
    expect(outcomes.paid + outcomes.cancelled).toBe(200);
  }, 120_000);
});

describe("order creation retried with one Idempotency-Key", () => {
  it("50 identical creations at once: one order, and every answer names it", async () => {
    const draft = draftFor(stationId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(booted, me, "/api/order/create", draft, { "idempotency-key": "tap-7f3a2c" })),
    );
    const ids = answers.map((a) => expectSuccess<{ order_id: number }>(a).order_id);
    expect(new Set(ids).size).toBe(1);
    expect(await count(booted.db, "orders")).toBe(1);
    expect(await count(booted.db, "idempotency_keys")).toBe(1);
  });

  it("50 identical creations at once without a key (a double tap gone wild): still one order; only 10 reach the payment channel, the rest are refused with 429", async () => {
    // Each request without a key opens a prepay before the double-tap check can see the first's
    // order, so each counts as a creation (issue 22, src/orders/creationLimit.ts); the app sends a key.
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(booted, me, "/api/order/create", draftFor(stationId))));
    const created = answers.filter((a) => a.statusCode === 200);
    expect(created).toHaveLength(ORDER_CREATIONS_PER_CUSTOMER.max);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(50 - ORDER_CREATIONS_PER_CUSTOMER.max);
    expect(new Set(created.map((a) => expectSuccess<{ order_id: number }>(a).order_id)).size).toBe(1);
    expect(await count(booted.db, "orders")).toBe(1);
    expect(await count(booted.db, "sandbox_channel_orders")).toBe(ORDER_CREATIONS_PER_CUSTOMER.max);
  });
});
