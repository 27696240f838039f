import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, PGLITE_CONNECTIONS, type DatabaseHandle } from "../../src/db/client.ts";
import { lockPathOf } from "../../src/db/pglite/folderLock.ts";
import { migrate } from "../../src/db/migrate.ts";
import { PgliteWorkerLost, type PgliteThread } from "../../src/db/pglite/thread.ts";
import { isUniqueViolation } from "../../src/db/queryable.ts";
import { cities, idempotencyKeys, orders, payments, users } from "../../src/db/schema.ts";
import { startServer } from "../../src/server.ts";
import { bootApp, testConfig, type BootedApp } from "../helpers/app.ts";
import { createOrder, customer, deliver, detail, dieselStation, draftFor, seedCatalogue, successNotification } from "../orders/support.ts";

/**
 * PGlite as the server runs it (issue 14): in a worker thread, reached through node-postgres with
 * connections that share its one session (src/db/pglite/thread.ts, src/db/pglite/worker.mjs). The rest of the suite runs
 * PGlite in the test's thread for speed (test/helpers/pgliteTemplate.ts); here the real flows run
 * on the worker (`TEST_PGLITE=worker npx vitest run` runs every file that way), and what only a
 * thread can do is checked: a connection that dies mid-transaction, the worker that dies
 * mid-query, close.
 */

const threadOf = (handle: DatabaseHandle): PgliteThread => {
  if (handle.driver.kind !== "pglite-worker") throw new Error(`expected PGlite in its worker, got ${handle.driver.kind}`);
  return handle.driver.thread;
};

const poolOf = (handle: DatabaseHandle) => {
  if (handle.driver.kind !== "pglite-worker") throw new Error(`expected PGlite in its worker, got ${handle.driver.kind}`);
  return handle.driver.pool;
};

const scratch = mkdtempSync(join(tmpdir(), "fuel-pglite-worker-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the app on PGlite in its worker thread", () => {
  let booted: BootedApp;
  beforeAll(async () => {
    booted = await bootApp({ pglite: "worker" });
    expect(booted.database.driver.kind).toBe("pglite-worker");
  });
  afterAll(async () => booted.close());
  beforeEach(async () => {
    await booted.reset();
    await seedCatalogue(booted);
  });

  it("an order placed through the API (place_order) and paid by a notification delivered three times is paid once", async () => {
    const me = await customer(booted);
    const station = await dieselStation(booted);
    const created = await createOrder(booted, me, draftFor(station.id));
    const placed = await detail(booted, me, created.order_id);
    expect(placed.order_status).toBe(1);
    const [row] = await booted.db.select().from(orders).where(eq(orders.id, created.order_id));
    if (row === undefined) throw new Error("the order was not stored");
    const n = successNotification(booted, row.mchntOrderNo, row.amount, "4200000000000000000000000901");
    for (let i = 0; i < 3; i++) {
      const res = await deliver(booted, "wechat", n.body, n.headers);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await detail(booted, me, created.order_id)).order_status).toBe(2);
    expect(await booted.db.select().from(payments).where(eq(payments.orderId, created.order_id))).toHaveLength(1);
  });

  it("a double tap answers the first order; 20 creations at once by 20 customers make 20 orders", async () => {
    const station = await dieselStation(booted);
    const me = await customer(booted);
    const first = await createOrder(booted, me, draftFor(station.id));
    const again = await createOrder(booted, me, draftFor(station.id));
    expect(again.order_id).toBe(first.order_id);
    const others = await Promise.all(Array.from({ length: 20 }, (_, i) => customer(booted, `1371234${String(i).padStart(4, "0")}`)));
    const made = await Promise.all(others.map((who) => createOrder(booted, who, draftFor(station.id))));
    expect(new Set(made.map((m) => m.order_id)).size).toBe(20);
    const [count] = (await booted.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM orders`)).rows;
    expect(count?.n).toBe("21");
  });
});

describe("PGlite in its worker: the driver's guarantees", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: "pglite-memory" });
    await migrate(handle);
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    await handle.db.execute(sql`TRUNCATE cities, users, idempotency_keys RESTART IDENTITY CASCADE`);
  });

  it("new write-ahead-log segments are not zero-filled (a stall of the one session at every 16 MB of log)", async () => {
    const [row] = (await handle.db.execute<{ wal_init_zero: string }>(sql`SHOW wal_init_zero`)).rows;
    expect(row?.wal_init_zero).toBe("off");
  });

  it("a transaction that throws rolls back all of it", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(cities).values({ name: "东莞市", sort: 1 });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await handle.db.select().from(cities)).toEqual([]);
  });

  it("one session: a query sent while a transaction holds a row FOR UPDATE waits for its commit and reads what it committed", async () => {
    await handle.db.insert(cities).values({ name: "东莞市", sort: 1 });
    const seen: string[] = [];
    let outside: Promise<unknown> | undefined;
    await handle.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(cities).where(eq(cities.name, "东莞市")).for("update");
      expect(locked?.sort).toBe(1);
      outside = handle.db
        .select()
        .from(cities)
        .then((rows) => seen.push(`outside read sort ${rows[0]?.sort}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.update(cities).set({ sort: 2 }).where(eq(cities.name, "东莞市"));
      seen.push("transaction wrote sort 2");
    });
    await outside;
    expect(seen).toEqual(["transaction wrote sort 2", "outside read sort 2"]);
  });

  it("types come back as on PostgreSQL: raw int8 as a string, instants as Dates, jsonb as values", async () => {
    const at = new Date("2024-11-25T01:30:00.123+08:00");
    const [user] = await handle.db.insert(users).values({ openid: "o-1", createdAt: at }).returning();
    expect(user?.createdAt).toEqual(at);
    await handle.db.insert(idempotencyKeys).values({ key: "k", userId: user?.id ?? 0, requestHash: "h", statusCode: 200, response: { order_id: 7, list: [1, "二"] }, createdAt: at });
    const [key] = await handle.db.select().from(idempotencyKeys);
    expect(key?.response).toEqual({ order_id: 7, list: [1, "二"] });
    expect(key?.createdAt).toEqual(at);
    const [row] = (await handle.db.execute<{ n: unknown; s: unknown }>(sql`SELECT count(*) AS n, sum(id) AS s FROM users`)).rows;
    expect(row).toEqual({ n: "1", s: "1" });
  });

  it("a unique violation carries 23505 where the repositories look for it", async () => {
    const createdAt = new Date(0);
    await handle.db.insert(users).values({ openid: "same", createdAt });
    const err: unknown = await handle.db
      .insert(users)
      .values({ openid: "same", createdAt })
      .then(() => undefined, (e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    // The session goes on after an error.
    expect(await handle.db.select({ openid: users.openid }).from(users)).toEqual([{ openid: "same" }]);
  });

  it("named prepared statements run, and a new connection finds what a dead one left rolled back and its statements forgotten", async () => {
    const byName = handle.db.select().from(cities).where(eq(cities.name, sql.placeholder("name"))).prepare("city_by_name");
    await handle.db.insert(cities).values({ name: "东莞市", sort: 1 });
    expect(await byName.execute({ name: "东莞市" })).toEqual([{ name: "东莞市", sort: 1 }]);
    // A connection that dies inside a transaction, as a crashed request's would.
    const client = await poolOf(handle).connect();
    await client.query("BEGIN");
    await client.query("INSERT INTO cities (name, sort) VALUES ('深圳市', 2)");
    client.release(new Error("the connection broke"));
    // The next connection prepares "city_by_name" again (its session must not still have it) and sees no 深圳市.
    expect(await byName.execute({ name: "深圳市" })).toEqual([]);
    expect(await byName.execute({ name: "东莞市" })).toEqual([{ name: "东莞市", sort: 1 }]);
    expect(await handle.db.select().from(cities)).toEqual([{ name: "东莞市", sort: 1 }]);
  });
});

/** Bytes of a heap snapshot of the worker's JavaScript heap (V8 collects garbage before taking one). */
const workerHeapSnapshotBytes = async (thread: PgliteThread): Promise<number> => {
  let bytes = 0;
  for await (const chunk of await thread.worker.getHeapSnapshot()) bytes += (chunk as Buffer).length;
  return bytes;
};

describe("PGlite in its worker: memory", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: "pglite-memory" });
  });
  afterAll(async () => handle.close());

  it("answers are not kept: 3,000 queries of 20 rows leave the worker's heap as it was", async () => {
    const pool = poolOf(handle);
    const rows = "SELECT g, repeat('x', 200) AS filler FROM generate_series(1, 20) g";
    for (let i = 0; i < 100; i++) await pool.query(rows);
    const before = await workerHeapSnapshotBytes(threadOf(handle));
    for (let i = 0; i < 3_000; i++) expect((await pool.query(rows)).rowCount).toBe(20);
    const after = await workerHeapSnapshotBytes(threadOf(handle));
    // Kept, those answers would be about 15 MB of message objects (PGlite's execProtocolRaw did
    // that: src/db/pglite/worker.mjs); a snapshot grows by more than the objects it records.
    expect(after - before).toBeLessThan(2_000_000);
  }, 60_000);
});

describe("PGlite in its worker: several connections, one session", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: "pglite-memory" });
    await migrate(handle);
  });
  afterAll(async () => handle.close());
  beforeEach(async () => {
    await handle.db.execute(sql`TRUNCATE cities RESTART IDENTITY CASCADE`);
  });

  it("the pool has several connections, all open at once", async () => {
    const clients = await Promise.all(Array.from({ length: PGLITE_CONNECTIONS }, () => poolOf(handle).connect()));
    try {
      const answers = await Promise.all(clients.map((c, i) => c.query("SELECT $1::int AS i", [i])));
      expect(answers.map((a) => a.rows[0])).toEqual(clients.map((_, i) => ({ i })));
    } finally {
      for (const c of clients) c.release();
    }
    expect(PGLITE_CONNECTIONS).toBeGreaterThan(1);
  });

  it("a statement from another connection waits while one holds a transaction, and never runs inside it", async () => {
    const a = await poolOf(handle).connect();
    const b = await poolOf(handle).connect();
    const order: string[] = [];
    try {
      await a.query("BEGIN");
      await a.query("INSERT INTO cities (name, sort) VALUES ('深圳市', 2)");
      // Sent while A's transaction is open: in the one session it would see A's row, and a
      // ROLLBACK of A would then take B's statement with it.
      const fromB = b.query("SELECT count(*) AS n FROM cities").then((r) => {
        order.push(`B counted ${r.rows[0]?.n}`);
      });
      const insertedByB = b.query("INSERT INTO cities (name, sort) VALUES ('广州市', 1)");
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push("A still open");
      await a.query("ROLLBACK");
      order.push("A rolled back");
      await fromB;
      await insertedByB;
    } finally {
      a.release();
      b.release();
    }
    expect(order).toEqual(["A still open", "A rolled back", "B counted 0"]);
    expect(await handle.db.select({ name: cities.name }).from(cities)).toEqual([{ name: "广州市" }]);
  });

  it("a failed transaction keeps the session until it is rolled back; the others then go on", async () => {
    const a = await poolOf(handle).connect();
    const b = await poolOf(handle).connect();
    try {
      await a.query("BEGIN");
      await expect(a.query("SELECT 1/0")).rejects.toThrow(/division by zero/);
      const fromB = b.query("SELECT 1 AS one");
      // Still A's: a statement of A's is refused (the transaction is aborted), B waits.
      await expect(a.query("SELECT 2")).rejects.toThrow(/current transaction is aborted/);
      await a.query("ROLLBACK");
      expect((await fromB).rows).toEqual([{ one: 1 }]);
    } finally {
      a.release();
      b.release();
    }
  });

  it("each connection prepares the same statement names for itself: many at once run and answer right", async () => {
    await handle.db.insert(cities).values([
      { name: "东莞市", sort: 1 },
      { name: "深圳市", sort: 2 },
    ]);
    const byName = handle.db.select({ sort: cities.sort }).from(cities).where(eq(cities.name, sql.placeholder("name"))).prepare("city_sort_by_name");
    const names = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? "东莞市" : "深圳市"));
    const answers = await Promise.all(names.map((name) => byName.execute({ name })));
    expect(answers).toEqual(names.map((name) => [{ sort: name === "东莞市" ? 1 : 2 }]));
    // Every connection of the pool has been used by now, each with its own copy of the statement.
    const [{ n } = { n: "0" }] = (await handle.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM pg_prepared_statements WHERE name LIKE 'city_sort_by_name%'`)).rows;
    expect(Number(n)).toBeGreaterThan(1);
  });

  it("transactions from many requests at once: each one's rows all there or none, never mixed", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        handle.db.transaction(async (tx) => {
          await tx.insert(cities).values({ name: `城${i}-a`, sort: i });
          await new Promise((resolve) => setTimeout(resolve, i % 3));
          await tx.insert(cities).values({ name: `城${i}-b`, sort: i });
          if (i % 2 === 1) throw new Error(`request ${i} fails`);
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(15);
    const rows = await handle.db.select().from(cities);
    expect(rows.map((r) => r.name).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => i)
        .filter((i) => i % 2 === 0)
        .flatMap((i) => [`城${i}-a`, `城${i}-b`])
        .sort(),
    );
  });
});

describe("PGlite in its worker: losing it and closing it", () => {
  // One folder for these tests, made (initdb, migrations: seconds, more on a busy machine) before
  // them, so no test's own time limit pays for it; each test reopens it.
  const dir = join(scratch, "pglite");
  beforeAll(async () => {
    const handle = await openDatabase({ kind: "pglite-dir", dir });
    await migrate(handle);
    await handle.close();
  });
  // A test that fails half-way must not leave its worker holding the folder for the next ones
  // (they would all fail on the lock, hiding the first failure). Closing twice is allowed.
  const opened: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
  });
  const openFolder = async (options: Parameters<typeof openDatabase>[1] = {}): Promise<DatabaseHandle> => {
    const handle = await openDatabase({ kind: "pglite-dir", dir }, options);
    opened.push(handle);
    await handle.db.delete(cities);
    return handle;
  };

  it("a worker that dies mid-query fails that query and every later one at once, reports itself once and frees the folder", async () => {
    const lost: Error[] = [];
    const handle = await openFolder({ onLost: (err) => lost.push(err) });
    const slow = handle.db.execute(sql`SELECT pg_sleep(3)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await threadOf(handle).worker.terminate();
    await expect(slow).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(PgliteWorkerLost);
    expect(existsSync(lockPathOf(dir))).toBe(false);
    await expect(handle.db.select().from(cities)).rejects.toThrow();
    await expect(handle.db.transaction(async (tx) => tx.select().from(cities))).rejects.toThrow();
    await handle.close();
    await handle.close();
    expect(lost).toHaveLength(1);
  });

  it("a server that opened PGlite hears of its loss (by default it says so and exits 1, for its supervisor to restart it)", async () => {
    const lost: Error[] = [];
    const server = await startServer({ config: testConfig({ database: { kind: "pglite-dir", dir } }), listen: false, seedDemo: false, onDatabaseLost: (err) => lost.push(err) });
    try {
      await threadOf(server.database).worker.terminate();
      expect(lost).toHaveLength(1);
      const res = await server.app.inject({ method: "GET", url: "/api/station/citylist" });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await server.close();
    }
    expect(existsSync(lockPathOf(dir))).toBe(false);
  });

  it("what was committed survives the worker's abrupt end: a reopen finds it", async () => {
    const first = await openFolder();
    await first.db.insert(cities).values({ name: "东莞市", sort: 3 });
    await threadOf(first).worker.terminate();
    await first.close();
    const second = await openDatabase({ kind: "pglite-dir", dir });
    opened.push(second);
    expect(await second.db.select().from(cities)).toEqual([{ name: "东莞市", sort: 3 }]);
  });

  it("close ends the thread after PGlite closed, frees the folder, is idempotent, and later queries fail rather than wait", async () => {
    const handle = await openFolder({ lockLabel: "the server" });
    await handle.db.insert(cities).values({ name: "东莞市", sort: 3 });
    expect(existsSync(lockPathOf(dir))).toBe(true);
    let exited = false;
    threadOf(handle).worker.once("exit", () => (exited = true));
    await Promise.all([handle.close(), handle.close()]);
    expect(exited).toBe(true);
    expect(existsSync(lockPathOf(dir))).toBe(false);
    await expect(handle.db.select().from(cities)).rejects.toThrow();
  });
});
