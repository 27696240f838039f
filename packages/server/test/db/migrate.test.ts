import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, tableNames, type Database } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { cities, inviteCodes, siteSettings, stations, users } from "../../src/db/schema.ts";
import { openTestDatabase, testDatabaseUrl, type TestDatabase } from "../helpers/database.ts";

// Runs on in-memory PGlite, or on a fresh PostgreSQL database with `npm run test:pg`.
let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.handle.db;
});
afterAll(async () => database.close());
beforeEach(async () => resetDatabase(db));

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => (await db.execute(query)).rows as T[];

const station = (over: Partial<typeof stations.$inferInsert> = {}): typeof stations.$inferInsert => ({
  city: "广州市",
  title: "中石化天河北加油站",
  longitude: 113.3312,
  latitude: 23.1452,
  nowPrice: 698,
  nationPrice: 762,
  originalPrice: 745,
  ...over,
});

describe(`migrations on ${testDatabaseUrl() === undefined ? "PGlite" : "PostgreSQL"}`, () => {
  it("uses the driver the environment asks for", () => {
    expect(database.kind).toBe(testDatabaseUrl() === undefined ? "pglite" : "postgres");
  });

  it("create every table of the schema", async () => {
    const found = await rows<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(found.map((r) => r.table_name)).toEqual([...tableNames()].sort());
    expect(tableNames()).toHaveLength(25);
  });

  it("are recorded, and applying them again is a no-op", async () => {
    const count = async () => Number((await rows<{ n: number | string }>(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`))[0]?.n);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await migrate(database.handle);
    await Promise.all([migrate(database.handle), migrate(database.handle)]);
    expect(await count()).toBe(before);
  });
});

describe("the schema", () => {
  it("ids are numbers and instants are Dates on both drivers", async () => {
    const at = new Date("2024-11-25T01:30:00.123+08:00");
    const [user] = await db.insert(users).values({ openid: "o-1", createdAt: at }).returning();
    expect(user?.id).toBe(1);
    expect(user?.createdAt).toBeInstanceOf(Date);
    expect(user?.createdAt.getTime()).toBe(at.getTime());
  });

  it("raw int8 differs by driver (number on in-process PGlite, string on pg, PGlite's worker included): repositories map it with Number()", async () => {
    await db.insert(cities).values([{ name: "广州市" }, { name: "深圳市" }]);
    const [row] = await rows<{ n: unknown }>(sql`SELECT count(*) AS n FROM cities`);
    expect(Number(row?.n)).toBe(2);
    expect(typeof row?.n).toBe(database.handle.driver.kind === "pglite" ? "number" : "string");
  });

  it("a station needs a known city", async () => {
    await expect(db.insert(stations).values(station())).rejects.toThrow();
    await db.insert(cities).values({ name: "广州市" });
    const [s] = await db.insert(stations).values(station()).returning();
    expect(s?.businessEndTime).toBe("24:00");
    expect(s?.longitude).toBeCloseTo(113.3312, 10);
  });

  it.each([
    ["a zero original price (payable divides by it)", { originalPrice: 0 }],
    ["a negative now price", { nowPrice: -1 }],
    ["a longitude off the globe", { longitude: 181 }],
    ["an opening time that is not HH:mm", { businessStartTime: "7:00" }],
  ])("refuses %s", async (_what, over) => {
    await db.insert(cities).values({ name: "广州市" });
    await expect(db.insert(stations).values(station(over))).rejects.toThrow();
  });

  it("site settings hold exactly one row", async () => {
    const values = { price0Now: 461, price0Nation: 762, price0Original: 511, price0Xuni: 461, price0Shiti: 461 };
    await db.insert(siteSettings).values(values);
    await expect(db.insert(siteSettings).values({ ...values, id: 2 })).rejects.toThrow();
  });

  it("phones and openids are unique; an invite code is at most 32 characters and redeemed once per user", async () => {
    const createdAt = new Date(0);
    await db.insert(users).values({ openid: "a", phone: "13800138000", createdAt });
    await expect(db.insert(users).values({ openid: "b", phone: "13800138000", createdAt })).rejects.toThrow();
    await expect(db.insert(users).values({ openid: "a", createdAt })).rejects.toThrow();
    await expect(db.insert(inviteCodes).values({ code: "x".repeat(33), createdAt })).rejects.toThrow();
    const [u] = await db.select().from(users).where(eq(users.openid, "a"));
    await db.insert(inviteCodes).values({ code: "C1", createdAt, redeemedBy: u?.id ?? 0, redeemedAt: createdAt });
    await expect(db.insert(inviteCodes).values({ code: "C2", createdAt, redeemedBy: u?.id ?? 0, redeemedAt: createdAt })).rejects.toThrow();
  });
});

describe("resetDatabase", () => {
  it("empties every table and restarts ids", async () => {
    await db.insert(cities).values({ name: "广州市" });
    await db.insert(stations).values([station(), station({ title: "second" })]);
    await resetDatabase(db);
    expect(await db.select().from(stations)).toEqual([]);
    expect(await db.select().from(cities)).toEqual([]);
    await db.insert(cities).values({ name: "广州市" });
    const [s] = await db.insert(stations).values(station()).returning();
    expect(s?.id).toBe(1);
  });
});
