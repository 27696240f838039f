import { Constants } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders } from "../../src/db/schema.ts";
import { placedRowJson, placeOrder, type PlacedRow } from "../../src/orders/storeNewOrder.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { seedUser } from "../identity/support.ts";
import { placedRows, placementKey } from "../helpers/placedRows.ts";

/**
 * `place_order` is one statement, yet a placement that waited for the customer's row lock must
 * see what the lock's holder committed (PostgreSQL only). A single statement (a CTE) would not: its
 * snapshot is taken before it waits. The function's statements each take a fresh one after the
 * lock (drizzle/0007_place_order.sql). Here another transaction holds the lock, places an order
 * and commits while the placement waits, deterministically (we see the placement waiting on the
 * lock before committing), rather than hoping parallel requests interleave that way.
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
const row = placedRows("FORACE", NOW);
const key = (userId: number, draftHash: string) => placementKey(userId, draftHash, NOW);

/** Inserts an order on `client` (inside its open transaction), as another placement would. */
const insertOn = (client: pg.PoolClient, userId: number, draftHash: string, values: PlacedRow) =>
  client.query(
    `INSERT INTO orders SELECT (r).* FROM (SELECT jsonb_populate_record(NULL::orders, $1::jsonb || jsonb_build_object('id', nextval(pg_get_serial_sequence('orders', 'id')), 'user_id', $2::int, 'draft_hash', $3::text)) AS r) AS x`,
    [placedRowJson(values), userId, draftHash],
  );

/** Resolves once some backend of this database waits for a lock (the placement, blocked on the customer's row). */
const someoneWaitsForALock = async (): Promise<void> => {
  for (const start = Date.now(); Date.now() - start < 10_000; ) {
    const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
    if (Number(rows[0]?.n) > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the placement never waited for the lock");
};

/** Holds the customer's row lock in another transaction, lets `during` write there, starts `placing` and commits once it waits. */
const whileLockedElsewhere = async <A>(userId: number, during: (client: pg.PoolClient) => Promise<unknown>, placing: () => Promise<A>): Promise<A> => {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
    await during(client);
    const placement = placing();
    await someoneWaitsForALock();
    await client.query("COMMIT");
    return await placement;
  } finally {
    client.release();
  }
};

describe("place_order after waiting for the customer's row lock", () => {
  it("sees the order the lock's holder committed meanwhile: a double tap answers that order, one order in all", async () => {
    const user = await seedUser(booted);
    const first = row({ mchntOrderNo: "FO-HOLDER" });
    const placed = await whileLockedElsewhere(
      user.id,
      (client) => insertOn(client, user.id, "draft-a", first),
      () => placeOrder(booted.db, key(user.id, "draft-a"), row({ mchntOrderNo: "FO-WAITER" })),
    );
    expect(placed).toMatchObject({ outcome: "repeat", order: { mchntOrderNo: "FO-HOLDER" } });
    expect(await booted.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it(`sees the unpaid order that made ${Constants.MAX_UNPAID_ORDERS}: a new draft is refused ('full'), no sixth order`, async () => {
    const user = await seedUser(booted);
    for (let i = 0; i < Constants.MAX_UNPAID_ORDERS - 1; i++) await placeOrder(booted.db, key(user.id, `d${i}`), row());
    const placed = await whileLockedElsewhere(
      user.id,
      (client) => insertOn(client, user.id, "fifth", row()),
      () => placeOrder(booted.db, key(user.id, "sixth"), row()),
    );
    expect(placed).toEqual({ outcome: "full" });
    expect(await booted.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(Constants.MAX_UNPAID_ORDERS);
  });

  it("waits for the lock: with the holder writing nothing, it places its order after the holder commits", async () => {
    const user = await seedUser(booted);
    const placed = await whileLockedElsewhere(user.id, async () => undefined, () => placeOrder(booted.db, key(user.id, "draft-a"), row({ mchntOrderNo: "FO-AFTER" })));
    expect(placed).toMatchObject({ outcome: "placed", order: { mchntOrderNo: "FO-AFTER" } });
  });
});
