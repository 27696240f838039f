import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import { Money } from "@fuel/domain";
import { count, eq, getTableColumns, getTableName, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDrizzle, schema, type Database } from "../../src/db/client.ts";
import { idempotencyKeys, orders, payments, sessions, users } from "../../src/db/schema.ts";
import { seedIfEmpty } from "../../src/seed/seed.ts";
import { migratedPgliteTar } from "../helpers/pgliteTemplate.ts";

/**
 * Issue 14: Drizzle's PGlite driver passes per-query parsers, which made PGlite copy its whole
 * parser table on every query. `pgliteDrizzle` (src/db/client.ts) installs them once on the
 * instance instead. These prove no value read back changes (every column type of the schema,
 * through Drizzle's mapped selects, raw `execute`, and inside a transaction) and measure the
 * saving (printed, not asserted: a timing on a shared two-core machine is no verdict).
 */

const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => v instanceof PgTable);

/** Everything the database holds, read the ways the server reads: mapped selects, raw SQL, int8 counts, in and out of a transaction. */
const readAll = async (db: Database) => {
  const read = async (q: Database | Parameters<Parameters<Database["transaction"]>[0]>[0]) => {
    const out: Record<string, unknown> = {};
    for (const t of tables) {
      const name = getTableName(t);
      out[`select ${name}`] = await q.select().from(t);
      out[`execute ${name}`] = (await q.execute(sql`SELECT * FROM ${t}`)).rows;
      out[`count ${name}`] = await q.select({ n: count() }).from(t);
    }
    out["join"] = await q
      .select({ user: users, session: { expiresAt: sessions.expiresAt, replacedAt: sessions.replacedAt }, paid: payments.paidAt })
      .from(users)
      .leftJoin(sessions, eq(sessions.userId, users.id))
      .leftJoin(orders, eq(orders.userId, users.id))
      .leftJoin(payments, eq(payments.orderId, orders.id));
    out["literals"] = (
      await q.execute(
        sql`SELECT 1::int8 AS i8, 2::int4 AS i4, 1.5::float8 AS f8, 12.34::numeric AS num, true AS b, now() AS tz, now()::timestamp AS ts, current_date AS d,
                   interval '1 day' AS iv, '{"a":[1,"x",null]}'::jsonb AS jb, ARRAY[now()]::timestamptz[] AS tza, ARRAY[1.5]::numeric[] AS numa, ARRAY[1,2]::int4[] AS i4a`,
      )
    ).rows.map((r) => ({ ...r, tz: typeof r["tz"], ts: typeof r["ts"], tza: typeof r["tza"] }));
    return out;
  };
  return { outside: await read(db), inside: await db.transaction((tx) => read(tx)) };
};

let client: PGlite;
let stock: Database;
let lean: Database;
let expected: Awaited<ReturnType<typeof readAll>>;

beforeAll(async () => {
  client = await PGlite.create("memory://", { relaxedDurability: true, loadDataDir: await migratedPgliteTar() });
  // Drizzle as it comes, on an instance nothing has changed yet.
  stock = drizzlePglite({ client, schema });
  const now = new Date("2024-11-26T01:16:05.123Z");
  await seedIfEmpty(stock, now);
  const [user] = await stock
    .insert(users)
    .values({ openid: "o1", oauthId: "o1", phone: "13900000001", name: "名字", activatedAt: now, followsOfficialAccount: true, createdAt: now })
    .returning();
  await stock.insert(users).values({ openid: "o2", phone: null, createdAt: now });
  await stock.insert(sessions).values({ tokenHash: "h1", userId: user!.id, createdAt: now, expiresAt: new Date(now.getTime() + 1000), replacedAt: now, graceUntil: now });
  await stock.insert(idempotencyKeys).values({ key: "k1", userId: user!.id, requestHash: "r", statusCode: 200, response: { status: "success", data: { order_id: 1, list: [1, "两", null] } }, createdAt: now });
  await stock.insert(idempotencyKeys).values({ key: "k2", userId: user!.id, requestHash: "r", createdAt: now });
  const [order] = await stock
    .insert(orders)
    .values({
      userId: user!.id,
      kind: "fuel",
      status: 2,
      orderType: 1,
      gasType: "0#",
      orderAmount: Money.cents(10040),
      amount: Money.cents(9162),
      stationId: 1,
      gasOriginalPrice: 800,
      gasNowPrice: 730,
      phone: "13900000001",
      paytype: "wechat",
      mchntOrderNo: "FO1",
      draftHash: "d",
      createdAt: now,
      payDeadline: new Date(now.getTime() + 900_000),
      paidAt: new Date(now.getTime() + 1),
    })
    .returning();
  await stock.insert(payments).values({ orderId: order!.id, channel: "wechat", transactionId: "t1", amount: Money.cents(9162), paidAt: now, receivedAt: now, refundRequired: true });
  // Issue 35: an issued invoice with its PDF, so bytea (the schema's one custom column) is read too.
  await stock.insert(schema.invoices).values({
    userId: user!.id, state: "issued", issuer: "station", kind: "fuel", titleType: "personal", titleName: "名字",
    description: "*成品油*柴油 0#", amount: Money.cents(9162), tax: Money.cents(1054), net: Money.cents(8108), number: "24442000000012345678", issuedAt: now,
    pdf: Uint8Array.from([37, 80, 68, 70, 45, 0, 255]), createdAt: now,
  });
  expected = await readAll(stock);
  lean = pgliteDrizzle(client);
}, 60_000);

afterAll(async () => client.close());

describe("pgliteDrizzle: no parser-table copy per query on PGlite (issue 14)", () => {
  it("reads every value exactly as Drizzle as it comes does, outside and inside a transaction", async () => {
    expect(await readAll(lean)).toEqual(expected);
    // And Drizzle as it comes reads the same after the instance's table was changed.
    expect(await readAll(stock)).toEqual(expected);
  });

  it("the comparison covers every column type of the schema with a value that is not null", () => {
    const inSchema = new Set(tables.flatMap((t) => Object.values(getTableColumns(t)).map((c) => c.columnType)));
    const covered = new Set<string>();
    for (const t of tables) {
      const rows = expected.outside[`select ${getTableName(t)}`] as Array<Record<string, unknown>>;
      for (const [key, column] of Object.entries(getTableColumns(t))) if (rows.some((r) => r[key] !== null)) covered.add(column.columnType);
    }
    expect([...covered].sort()).toEqual([...inSchema].sort());
    expect(inSchema).toEqual(new Set(["PgSerial", "PgInteger", "PgText", "PgBoolean", "PgDoublePrecision", "PgTimestamp", "PgJsonb", "PgCustomColumn"]));
  });

  it("keeps the types the server relies on (DESIGN.md §7): Date instants, int8 counts as numbers on PGlite, jsonb as objects, doubles, booleans", async () => {
    const [u] = await lean.select().from(users).where(eq(users.openid, "o1"));
    expect(u?.createdAt).toBeInstanceOf(Date);
    expect(u?.createdAt.toISOString()).toBe("2024-11-26T01:16:05.123Z");
    expect(u?.followsOfficialAccount).toBe(true);
    const [k] = await lean.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "k1"));
    expect(k?.response).toEqual({ status: "success", data: { order_id: 1, list: [1, "两", null] } });
    const [n] = await lean.select({ n: count() }).from(users);
    expect(n?.n).toBe(2);
    const raw = (await lean.execute(sql`SELECT count(*) AS n, max(created_at) AS at FROM ${users}`)).rows[0];
    expect(raw).toEqual({ n: 2, at: "2024-11-26 01:16:05.123+00" });
    const [s] = await lean.execute(sql`SELECT longitude FROM stations ORDER BY id LIMIT 1`).then((r) => r.rows);
    expect(typeof s?.["longitude"]).toBe("number");
  });

  it("drops the per-query parsers PGlite would merge, and passes on any parser that is not 'text as is'", async () => {
    const seen: Array<object | undefined> = [];
    const spy = new Proxy(client, {
      get(target, prop) {
        if (prop === "query") return (text: string, params: unknown[], options?: QueryOptions) => (seen.push(options?.parsers), target.query(text, params, options));
        const v: unknown = Reflect.get(target, prop, target);
        return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const db = pgliteDrizzle(spy);
    await db.select().from(users);
    expect(seen).toEqual([undefined]);
    // A caller's own parser (not Drizzle's) still applies.
    const q = await db.$client.query<{ n: unknown }>("SELECT 41 AS n", [], { parsers: { 23: (v: string) => Number(v) + 1 } });
    expect(q.rows[0]?.n).toBe(42);
  });

  it("micro-benchmark: ms per simple query, Drizzle as it comes vs pgliteDrizzle (printed)", async () => {
    const [user] = await lean.select({ id: users.id }).from(users).limit(1);
    const one = (db: Database) => db.select({ id: users.id, name: users.name, createdAt: users.createdAt }).from(users).where(eq(users.id, user!.id)).limit(1);
    const time = async (db: Database, n: number): Promise<number> => {
      const start = performance.now();
      for (let i = 0; i < n; i++) await one(db);
      return (performance.now() - start) / n;
    };
    await time(stock, 200);
    await time(lean, 200);
    const rounds: Array<{ stock: number; lean: number }> = [];
    for (let r = 0; r < 5; r++) rounds.push({ stock: await time(stock, 400), lean: await time(lean, 400) });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const s = median(rounds.map((r) => r.stock));
    const l = median(rounds.map((r) => r.lean));
    console.log(
      `PGlite, one-row select by primary key (median of 5 x 400): Drizzle as it comes ${s.toFixed(3)} ms/query, pgliteDrizzle ${l.toFixed(3)} ms/query (${(s - l).toFixed(3)} ms saved)`,
    );
    expect(l).toBeGreaterThan(0);
  }, 60_000);
});
