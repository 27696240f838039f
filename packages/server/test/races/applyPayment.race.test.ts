import { asc, eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, payments, qrCodes } from "../../src/db/schema.ts";
import { placeOrder, type PlacedRow } from "../../src/orders/storeNewOrder.ts";
import { STATUS } from "../../src/orderRecords/rows.ts";
import { applyPayment, callApplyPayment } from "../../src/payments/applyPayment.ts";
import type { ChannelPayment } from "../../src/payments/PaymentChannel.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { seedUser } from "../identity/support.ts";
import { placedRows, placementKey } from "../helpers/placedRows.ts";

/**
 * `apply_payment` under real concurrency (PostgreSQL only: PGlite runs one statement at a time).
 * Many calls at once on one order: exactly-once holds. And, deterministically, a call that waited
 * for the order's row lock sees what the lock's holder committed meanwhile (a cancel, another
 * transaction's payment, the same transaction's), as the old separate statements did: the
 * function's statements each read afresh after the lock (drizzle/0008_apply_payment.sql).
 * The HTTP route under the same races: test/races/money.race.test.ts.
 */

let booted: BootedApp;
let pool: pg.Pool;
beforeAll(async () => {
  booted = await bootApp();
  const driver = booted.database.driver;
  if (driver.kind !== "postgres") throw new Error("race tests run on PostgreSQL only");
  pool = driver.pool;
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const NOW = Date.now();
const row = placedRows("FORACEPAY", NOW);

const unpaid = async (overrides: Partial<PlacedRow> = {}) => {
  const user = await seedUser(booted);
  const values = row(overrides);
  const placed = await placeOrder(booted.db, placementKey(user.id, `d${values.mchntOrderNo}`, NOW), values);
  if (placed.outcome !== "placed") throw new Error(placed.outcome);
  return { id: placed.order.id, mchntOrderNo: values.mchntOrderNo, amount: 9162 };
};

const paymentOf = (o: { mchntOrderNo: string; amount: number }, transactionId: string, paidAt = NOW + 1_000): ChannelPayment => ({
  channel: "wechat",
  mchntOrderNo: o.mchntOrderNo,
  transactionId,
  amountCents: o.amount,
  paidAt: new Date(paidAt),
});

const orderRow = async (id: number) => (await booted.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (orderId: number) => booted.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const codesOf = (orderId: number) => booted.db.select().from(qrCodes).where(eq(qrCodes.orderId, orderId));

const tally = (outcomes: readonly { outcome: string }[]) => {
  const counts: Record<string, number> = {};
  for (const { outcome } of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
};

describe("many payments for one order at once", () => {
  it("over 20 rounds, the same notification applied 10 times at once: one applies it, 9 are duplicates; one payment row, one code", async () => {
    for (let round = 0; round < 20; round++) {
      const o = await unpaid();
      const answers = await Promise.all(Array.from({ length: 10 }, () => callApplyPayment(booted.db, paymentOf(o, `T-SAME-${round}`), NOW + 2_000)));
      expect(tally(answers)).toEqual({ applied: 1, duplicate: 9 });
      expect(await paymentsOf(o.id)).toEqual([expect.objectContaining({ transactionId: `T-SAME-${round}`, refundRequired: false })]);
      expect(await orderRow(o.id)).toMatchObject({ status: STATUS.unused, paidAt: new Date(NOW + 1_000) });
      expect(await codesOf(o.id)).toHaveLength(1);
    }
  });

  it("over 20 rounds, two different transactions at once: one pays the order, the other is recorded for refund; one code", async () => {
    for (let round = 0; round < 20; round++) {
      const o = await unpaid();
      // Transaction ids are unique per channel across all orders: fresh ones each round.
      const [ta, tb] = [`T-A-${round}`, `T-B-${round}`];
      const [a, b] = await Promise.all([
        applyPayment(booted.db, paymentOf(o, ta, NOW + 1_000), NOW + 2_000),
        applyPayment(booted.db, paymentOf(o, tb, NOW + 1_500), NOW + 2_000),
      ]);
      expect([a.kind, b.kind].sort()).toEqual(["applied", "refund-required"]);
      const winner = a.kind === "applied" ? ta : tb;
      const rows = await paymentsOf(o.id);
      expect(rows.map((p) => [p.transactionId, p.refundRequired]).sort()).toEqual([
        [ta, winner !== ta],
        [tb, winner !== tb],
      ]);
      expect(await orderRow(o.id)).toMatchObject({ status: STATUS.unused, paidAt: new Date(winner === ta ? NOW + 1_000 : NOW + 1_500) });
      expect(await codesOf(o.id)).toHaveLength(1);
    }
  });

  it("10 transactions for 10 orders at once each pay their own order", async () => {
    const os = await Promise.all(Array.from({ length: 10 }, () => unpaid()));
    const answers = await Promise.all(os.map((o, i) => callApplyPayment(booted.db, paymentOf(o, `T-${i}`), NOW + 2_000)));
    expect(tally(answers)).toEqual({ applied: 10 });
    for (const o of os) expect(await codesOf(o.id)).toHaveLength(1);
  });
});

/** Resolves once some backend of this database waits for a lock (the call, blocked on the order's row). */
const someoneWaitsForALock = async (): Promise<void> => {
  for (const start = Date.now(); Date.now() - start < 10_000; ) {
    const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
    if (Number(rows[0]?.n) > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the payment never waited for the lock");
};

/** Holds the order's row lock in another transaction, lets `during` write there, starts `applying` and commits once it waits. */
const whileLockedElsewhere = async <A>(orderId: number, during: (client: pg.PoolClient) => Promise<unknown>, applying: () => Promise<A>): Promise<A> => {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT 1 FROM orders WHERE id = $1 FOR UPDATE", [orderId]);
    await during(client);
    const applied = applying();
    await someoneWaitsForALock();
    await client.query("COMMIT");
    return await applied;
  } finally {
    client.release();
  }
};

const insertPaymentOn = (client: pg.PoolClient, orderId: number, transactionId: string) =>
  client.query(
    `INSERT INTO payments (order_id, channel, transaction_id, amount, paid_at, received_at) VALUES ($1, 'wechat', $2, 9162, $3, $3)`,
    [orderId, transactionId, new Date(NOW + 500).toISOString()],
  );

describe("apply_payment after waiting for the order's row lock", () => {
  it("sees the cancel the lock's holder committed meanwhile: the payment is recorded for refund, the order stays cancelled", async () => {
    const o = await unpaid();
    const applied = await whileLockedElsewhere(
      o.id,
      (client) => client.query("UPDATE orders SET status = $1 WHERE id = $2", [STATUS.cancelled, o.id]),
      () => callApplyPayment(booted.db, paymentOf(o, "T-LATE"), NOW + 2_000),
    );
    expect(applied).toMatchObject({ outcome: "refund-required" });
    expect(await orderRow(o.id)).toMatchObject({ status: STATUS.cancelled, paidAt: null });
    expect(await paymentsOf(o.id)).toEqual([expect.objectContaining({ transactionId: "T-LATE", refundRequired: true })]);
    expect(await codesOf(o.id)).toHaveLength(0);
  });

  it("sees another transaction's payment committed meanwhile: this one is recorded for refund, the order keeps the first", async () => {
    const o = await unpaid();
    const applied = await whileLockedElsewhere(
      o.id,
      async (client) => {
        await insertPaymentOn(client, o.id, "T-FIRST");
        await client.query("UPDATE orders SET status = $1, paid_at = $2 WHERE id = $3", [STATUS.unused, new Date(NOW + 500).toISOString(), o.id]);
      },
      () => callApplyPayment(booted.db, paymentOf(o, "T-SECOND"), NOW + 2_000),
    );
    expect(applied).toMatchObject({ outcome: "refund-required" });
    expect(await orderRow(o.id)).toMatchObject({ status: STATUS.unused, paidAt: new Date(NOW + 500) });
    expect((await paymentsOf(o.id)).map((p) => [p.transactionId, p.refundRequired])).toEqual([
      ["T-FIRST", false],
      ["T-SECOND", true],
    ]);
  });

  it("sees the same transaction recorded meanwhile: a duplicate, nothing more written", async () => {
    const o = await unpaid();
    const applied = await whileLockedElsewhere(
      o.id,
      (client) => insertPaymentOn(client, o.id, "T-SAME"),
      () => callApplyPayment(booted.db, paymentOf(o, "T-SAME"), NOW + 2_000),
    );
    expect(applied).toEqual({ outcome: "duplicate", orderId: o.id });
    expect(await paymentsOf(o.id)).toHaveLength(1);
    expect(await orderRow(o.id)).toMatchObject({ status: STATUS.unpaid });
  });

  it("waits for the lock: with the holder writing nothing, it pays the order after the holder commits", async () => {
    const o = await unpaid();
    const applied = await whileLockedElsewhere(o.id, async () => undefined, () => callApplyPayment(booted.db, paymentOf(o, "T-AFTER"), NOW + 2_000));
    expect(applied).toMatchObject({ outcome: "applied" });
  });
});
