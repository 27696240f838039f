import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { ANALYZE_STATISTICS_TARGET, startUpkeep, tableActivity, upkeepOnce } from "../../src/db/pglite/upkeep.ts";

/**
 * PGlite's autovacuum stand-in (src/db/pglite/upkeep.ts) on PGlite as the server runs it, in its worker:
 * the counters it reads are the session's own, and what it runs reclaims dead rows and gives the
 * planner its statistics.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite-memory" });
  await migrate(handle);
});
afterAll(async () => handle.close());

const stats = async (table: string) => {
  const [row] = (
    await handle.db.execute<{ dead: number | string; vacuumed: boolean; analyzed: boolean; estimated: number | string }>(sql`
      SELECT s.n_dead_tup AS dead, s.last_vacuum IS NOT NULL AS vacuumed, s.last_analyze IS NOT NULL AS analyzed, c.reltuples AS estimated
        FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = ${table}`)
  ).rows;
  return { dead: Number(row?.dead), vacuumed: row?.vacuumed, analyzed: row?.analyzed, estimated: Number(row?.estimated) };
};

describe("PGlite upkeep", () => {
  it("reads what requests just did, vacuums the table they left dead rows in and analyzes it; quiet tables are left alone", async () => {
    // What order creation leaves in idempotency_keys: a claim, then its answer (an update: one dead row each).
    await handle.db.execute(sql`INSERT INTO users (openid, created_at) VALUES ('o-upkeep', now())`);
    await handle.db.execute(sql`
      INSERT INTO idempotency_keys (key, user_id, request_hash, created_at)
      SELECT 'k' || g, (SELECT id FROM users WHERE openid = 'o-upkeep'), 'h', now() FROM generate_series(1, 2000) g`);
    await handle.db.execute(sql`UPDATE idempotency_keys SET status_code = 200, response = '{}'::jsonb`);

    const before = (await tableActivity(handle.db)).find((t) => t.table === "idempotency_keys");
    expect(before?.dead).toBe(2000);
    expect(before?.modifiedSinceAnalyze).toBe(4000);

    const report = await upkeepOnce(handle.db);
    expect(report.done.find((d) => d.table === "idempotency_keys")).toMatchObject({ vacuum: true, analyze: true });
    expect(report.done.some((d) => d.table === "stations" || d.table === "payments")).toBe(false);

    const after = await stats("idempotency_keys");
    expect(after).toMatchObject({ dead: 0, vacuumed: true, analyzed: true });
    expect(after.estimated).toBe(2000);
    // The planner now has the table's statistics.
    const [gathered] = (await handle.db.execute<{ n: number | string }>(sql`SELECT count(*) AS n FROM pg_stats WHERE tablename = 'idempotency_keys'`)).rows;
    expect(Number(gathered?.n)).toBeGreaterThan(0);
    // With PGlite's smaller statistics target: 11 histogram bounds for 2,000 distinct keys, not 101.
    const [histogram] = (
      await handle.db.execute<{ bounds: number | string }>(
        sql`SELECT array_length(histogram_bounds::text::text[], 1) AS bounds FROM pg_stats WHERE tablename = 'idempotency_keys' AND attname = 'key'`,
      )
    ).rows;
    expect(Number(histogram?.bounds)).toBe(ANALYZE_STATISTICS_TARGET + 1);
    // The session's own target is untouched (the analyze set it for its transaction only).
    const [target] = (await handle.db.execute<{ default_statistics_target: string }>(sql`SHOW default_statistics_target`)).rows;
    expect(target?.default_statistics_target).toBe("100");

    // Nothing changed since: the next pass does nothing.
    expect((await upkeepOnce(handle.db)).done).toEqual([]);
  });

  it("while serving, pauses between its steps (each vacuum, each analyze) and not before the first", async () => {
    // Dead rows in one table (vacuum and analyze), new rows in another (analyze).
    await handle.db.execute(sql`INSERT INTO invite_codes (code, created_at) SELECT 'code-' || g, now() FROM generate_series(1, 300) g`);
    await handle.db.execute(sql`DELETE FROM invite_codes WHERE code <> 'code-1'`);
    await handle.db.execute(sql`INSERT INTO blacklist (phone, created_at) SELECT (13800000000 + g)::text, now() FROM generate_series(1, 300) g`);
    const started = performance.now();
    const { done } = await upkeepOnce(handle.db, { pauseMs: 150 });
    const wall = performance.now() - started;
    const steps = done.reduce((n, d) => n + (d.vacuum ? 1 : 0) + (d.analyze ? 1 : 0), 0);
    expect(done.map((d) => d.table)).toEqual(expect.arrayContaining(["blacklist", "invite_codes"]));
    expect(steps).toBeGreaterThanOrEqual(3);
    expect(wall).toBeGreaterThanOrEqual((steps - 1) * 150);
    expect(wall).toBeLessThan(steps * 150 + 2_000);
  });

  it("runs on its interval, says what it did, and stops", async () => {
    await handle.db.execute(sql`INSERT INTO cities (name, sort) SELECT 'city-' || g, g FROM generate_series(1, 200) g`);
    const lines: Array<{ fields: object; message: string }> = [];
    const upkeep = startUpkeep(handle.db, { info: (fields, message) => lines.push({ fields, message }), error: (fields, message) => lines.push({ fields, message }) }, 20);
    for (let i = 0; i < 100 && lines.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await upkeep.stop();
    expect(lines[0]?.message).toBe("PGlite upkeep: vacuumed and analyzed what autovacuum would have");
    expect(JSON.stringify(lines[0]?.fields)).toContain('"table":"cities"');
    expect(await stats("cities")).toMatchObject({ analyzed: true, estimated: 200 });
  });
});
