import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { idempotencyKeys, orders, payments, rateLimitEvents, sandboxChannelOrders } from "../../src/db/schema.ts";
import { sweepOnce } from "../../src/jobs/sweeper.ts";
import { countAttempt } from "../../src/limits/attempts.ts";
import { CARD_LOOKUPS_PER_ACCOUNT, INVITE_FAILURES_PER_ACCOUNT, ORDER_CREATIONS_PER_CUSTOMER_DAY } from "../../src/limits/policy.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { call, createOrder, customer, dieselStation, draftFor, payInSandbox, seedCatalogue } from "../orders/support.ts";

/** The background sweep (src/jobs/sweeper.ts): what time and outages leave undone, done again. */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  await seedCatalogue(booted);
});

const sweep = () => sweepOnce({ db: booted.db, clock: booted.clock, channels: booted.app.deps.providers.payments.channels, log: booted.app.log });
const row = async (id: number) => (await booted.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe("the sweep", () => {
  it("cancels an unpaid order past its 15 minutes that nobody read, and closes it at the channel", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor((await dieselStation(booted)).id));
    booted.clock.advance(15 * 60 + 1);
    const report = await sweep();
    expect(report.cancelled).toBe(1);
    const order = await row(created.order_id);
    expect(order.status).toBe(9);
    const [ledger] = await booted.db.select().from(sandboxChannelOrders).where(eq(sandboxChannelOrders.mchntOrderNo, order.mchntOrderNo));
    expect(ledger?.tradeState).toBe("CLOSED");
  });

  it("leaves an unpaid order inside its window alone", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor((await dieselStation(booted)).id));
    booted.clock.advance(15 * 60 - 1);
    expect((await sweep()).cancelled).toBe(0);
    expect((await row(created.order_id)).status).toBe(1);
  });

  it("expires a paid fuel order 48 hours after payment", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor((await dieselStation(booted)).id));
    await payInSandbox(booted, created.order_id);
    booted.clock.advance(48 * 3600 + 1);
    expect((await sweep()).expired).toBe(1);
    expect((await row(created.order_id)).status).toBe(8);
  });

  it("finishes an order refund the channel did not complete: refund_status 3, the order voided", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor((await dieselStation(booted)).id));
    await payInSandbox(booted, created.order_id);
    // A refund recorded whose call to the channel never happened (the process died, the channel was down).
    await booted.db.update(orders).set({ refundStatus: 1, refundReason: "station closed" }).where(eq(orders.id, created.order_id));
    const report = await sweep();
    expect(report.orderRefundsRetried).toBe(1);
    const order = await row(created.order_id);
    expect([order.refundStatus, order.status]).toEqual([3, 7]);
    const [payment] = await booted.db.select().from(payments).where(eq(payments.orderId, created.order_id));
    expect(payment?.refundedAt).not.toBeNull();
    expect((await sweep()).orderRefundsRetried).toBe(0);
  });

  it("gives back a stray payment still marked for refund", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor((await dieselStation(booted)).id));
    // The channel took the money, the customer cancelled before the notification came: the cancel
    // finds the money at the channel, records it and gives it back.
    await payInSandbox(booted, created.order_id, "ok", false);
    await call(booted, me, "/api/order/cancel", { order_id: created.order_id });
    const [recorded] = await booted.db.select().from(payments).where(eq(payments.orderId, created.order_id));
    expect(recorded?.refundRequired).toBe(true);
    expect(recorded?.refundedAt).not.toBeNull();
    // Pretend that refund call had failed, then sweep.
    await booted.db.update(payments).set({ refundedAt: null }).where(eq(payments.id, recorded!.id));
    expect((await sweep()).strayRefundsRetried).toBe(1);
    const [after] = await booted.db.select().from(payments).where(eq(payments.id, recorded!.id));
    expect(after?.refundedAt).not.toBeNull();
    expect((await sweep()).strayRefundsRetried).toBe(0);
  });

  it("an unpaid order past its window whose money the channel already holds is cancelled and the money given back", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor((await dieselStation(booted)).id));
    const order = await row(created.order_id);
    // Paid at the channel in time, but the notification is lost and nobody asks: the sweep's close finds the money.
    await payInSandbox(booted, created.order_id, "ok", false);
    await booted.db.update(orders).set({ payDeadline: new Date(booted.clock.now() - 1) }).where(eq(orders.id, order.id));
    await sweep();
    const [recorded] = await booted.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(recorded?.refundRequired).toBe(true);
    expect(recorded?.refundedAt).not.toBeNull();
  });

  it("forgets Idempotency-Keys older than 24 hours and keeps younger ones", async () => {
    const me = await customer(booted);
    const station = (await dieselStation(booted)).id;
    await call(booted, me, "/api/order/create", draftFor(station), { "idempotency-key": "old-key" });
    booted.clock.advance(23 * 3600);
    await call(booted, me, "/api/order/create", draftFor(station, { order_amount: "20000" }), { "idempotency-key": "young-key" });
    booted.clock.advance(3600 + 1);
    expect((await sweep()).idempotencyKeysForgotten).toBe(1);
    expect((await booted.db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(["young-key"]);
  });

  it("forgets each rate-limit attempt once it is older than its own limit's window (a minute, an hour, a day), and keeps younger ones", async () => {
    for (const limit of [CARD_LOOKUPS_PER_ACCOUNT, INVITE_FAILURES_PER_ACCOUNT, ORDER_CREATIONS_PER_CUSTOMER_DAY]) {
      await countAttempt(booted.db, [{ limit, subject: "1" }], booted.clock.now());
    }
    const buckets = async () => (await booted.db.select().from(rateLimitEvents)).map((e) => e.bucket).sort();
    // The clock here runs with real time too: 10 s of margin for a slow machine.
    booted.clock.advance(60 - 10);
    expect((await sweep()).rateLimitEventsForgotten).toBe(0);
    booted.clock.advance(10);
    expect((await sweep()).rateLimitEventsForgotten).toBe(1);
    expect(await buckets()).toEqual([INVITE_FAILURES_PER_ACCOUNT.bucket, ORDER_CREATIONS_PER_CUSTOMER_DAY.bucket].sort());
    booted.clock.advance(3600 - 60);
    expect((await sweep()).rateLimitEventsForgotten).toBe(1);
    booted.clock.advance(23 * 3600 - 10);
    expect((await sweep()).rateLimitEventsForgotten).toBe(0);
    booted.clock.advance(10);
    expect((await sweep()).rateLimitEventsForgotten).toBe(1);
    expect(await buckets()).toEqual([]);
  });
});
