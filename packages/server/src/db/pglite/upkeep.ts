import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { runEvery } from "../../periodic.ts";
import type { Database } from "../client.ts";

/**
 * PGlite's stand-in for autovacuum. A PostgreSQL server runs autovacuum in background workers;
 * PGlite is one process with no background workers, so it never vacuums and never gathers the
 * planner's statistics by itself. Left so, every update and delete leaves a dead row version
 * behind for good (each order creation leaves one in idempotency_keys, each payment one in
 * orders), tables and indexes only grow, and the planner keeps guessing row counts: it read every
 * unpaid order of every customer for one customer's count until an index made that plan
 * impossible (migration 0009).
 *
 * So the server on PGlite does what autovacuum would, with autovacuum's own default rules
 * ({@link AUTOVACUUM}), from the same counters (pg_stat_user_tables and pg_class.reltuples):
 * - VACUUM a table when its dead rows exceed 50 + 20 % of its rows, or its inserts since the last
 *   vacuum exceed 1,000 + 20 % (so insert-only tables get their visibility map and frozen rows);
 * - ANALYZE a table when the rows changed since the last analyze exceed 50 + 10 % of its rows.
 *
 * Each vacuum and each analyze is its own statement, with a pause between them while the server
 * serves, so requests waiting on PGlite's one session run between them.
 * On PostgreSQL the server leaves this to the server's autovacuum.
 */

/** autovacuum's defaults (PostgreSQL 15-18): thresholds in rows, scale factors of the table's rows. */
export const AUTOVACUUM = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  insertThreshold: 1_000,
  insertScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
} as const;

/** One table's counters, as PostgreSQL's statistics report them. */
export interface TableActivity {
  readonly table: string;
  /** pg_class.reltuples: the row count the last vacuum or analyze estimated (0 before any). */
  readonly rows: number;
  /** Dead row versions: left by updates and deletes, reclaimed by VACUUM. */
  readonly dead: number;
  /** Rows inserted since the last vacuum. */
  readonly insertedSinceVacuum: number;
  /** Rows inserted, updated or deleted since the last analyze. */
  readonly modifiedSinceAnalyze: number;
}

/** What one table needs now. */
export interface TableUpkeep {
  readonly table: string;
  readonly vacuum: boolean;
  readonly analyze: boolean;
}

/** The tables that need a vacuum, an analyze or both, by autovacuum's rules (see the module comment). */
export const upkeepPlan = (tables: ReadonlyArray<TableActivity>): TableUpkeep[] =>
  tables.flatMap((t) => {
    const rows = Math.max(0, t.rows);
    const vacuum =
      t.dead > AUTOVACUUM.vacuumThreshold + AUTOVACUUM.vacuumScaleFactor * rows ||
      t.insertedSinceVacuum > AUTOVACUUM.insertThreshold + AUTOVACUUM.insertScaleFactor * rows;
    const analyze = t.modifiedSinceAnalyze > AUTOVACUUM.analyzeThreshold + AUTOVACUUM.analyzeScaleFactor * rows;
    return vacuum || analyze ? [{ table: t.table, vacuum, analyze }] : [];
  });

/** What one pass did: each table's work and how long its statements held the session. */
export interface UpkeepReport {
  readonly done: ReadonlyArray<TableUpkeep & { readonly ms: number }>;
}

/** Reads the counters of the application's tables (schema public). */
export const tableActivity = async (db: Database): Promise<TableActivity[]> => {
  // The session's counters reach the shared statistics when it next goes idle, at most once a
  // second unless forced: force it, so this pass reads what the requests just did.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  const { rows } = await db.execute<{ table: string; rows: number | string; dead: number | string; inserted: number | string; modified: number | string }>(sql`
    SELECT s.relname AS "table", greatest(c.reltuples, 0) AS "rows", s.n_dead_tup AS dead,
           s.n_ins_since_vacuum AS inserted, s.n_mod_since_analyze AS modified
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.schemaname = 'public'
     ORDER BY s.relname`);
  // int8 and float4 come back as strings from node-postgres, numbers from PGlite's own driver.
  return rows.map((r) => ({
    table: r.table,
    rows: Number(r.rows),
    dead: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
    modifiedSinceAnalyze: Number(r.modified),
  }));
};

/**
 * The planner's statistics target for PGlite's analyze: samples of 3,000 rows (300 x target)
 * instead of PostgreSQL's 30,000. Analyzing holds PGlite's one session, and with the default target
 * it took 31-130 ms on an idempotency_keys of 12,000-36,000 rows (its answers are jsonb), 9-19 ms
 * with this one (measured with a throwaway script); the vacuum itself 5-10 ms. The application's
 * queries find rows by keys and indexed equalities, for which ten histogram buckets and ten common
 * values are plenty.
 */
export const ANALYZE_STATISTICS_TARGET = 10;

/** Vacuums a table: one statement. */
const vacuumTable = (db: Database, table: string) => db.execute(sql`VACUUM ${sql.identifier(table)}`);

/** Analyzes a table with {@link ANALYZE_STATISTICS_TARGET}, set for its own transaction only. */
const analyzeTable = (db: Database, table: string) =>
  db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL default_statistics_target = ${ANALYZE_STATISTICS_TARGET}`));
    await tx.execute(sql`ANALYZE ${sql.identifier(table)}`);
  });

/**
 * The wait between two steps of a pass while the server serves: each vacuum or analyze holds
 * PGlite's one session for its few milliseconds, and the requests that queued meanwhile run before
 * the next one starts, rather than a whole pass's worth of waiting landing on the same requests.
 */
export const UPKEEP_STEP_PAUSE_MS = 100;

export interface UpkeepOptions {
  /** Between two steps (a vacuum, an analyze). Default 0: at start-up nobody waits. */
  readonly pauseMs?: number;
  /** The clock for the report's durations. */
  readonly now?: () => number;
}

/**
 * One pass: reads the counters, then vacuums and analyzes what needs it, a table at a time, each
 * vacuum and each analyze its own step.
 */
export const upkeepOnce = async (db: Database, options: UpkeepOptions = {}): Promise<UpkeepReport> => {
  const now = options.now ?? (() => performance.now());
  const pauseMs = options.pauseMs ?? 0;
  const done: Array<TableUpkeep & { ms: number }> = [];
  let steps = 0;
  const step = async (run: () => Promise<unknown>): Promise<number> => {
    if (steps++ > 0 && pauseMs > 0) await sleep(pauseMs);
    const started = now();
    await run();
    return now() - started;
  };
  for (const job of upkeepPlan(await tableActivity(db))) {
    let ms = 0;
    if (job.vacuum) ms += await step(() => vacuumTable(db, job.table));
    if (job.analyze) ms += await step(() => analyzeTable(db, job.table));
    done.push({ ...job, ms });
  }
  return { done };
};

/** How often the server on PGlite looks (autovacuum's own naptime is 60 s). */
export const UPKEEP_INTERVAL_MS = 60_000;

export interface UpkeepLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** Runs {@link upkeepOnce} every `intervalMs` until stopped (../../periodic.ts); a pass that fails is logged and the next one tries again. */
export const startUpkeep = (db: Database, log: UpkeepLog, intervalMs: number = UPKEEP_INTERVAL_MS): { stop(): Promise<void> } =>
  runEvery(intervalMs, async () => {
    try {
      const { done } = await upkeepOnce(db, { pauseMs: UPKEEP_STEP_PAUSE_MS });
      if (done.length > 0) log.info({ upkeep: done }, "PGlite upkeep: vacuumed and analyzed what autovacuum would have");
    } catch (err) {
      log.error({ err: String(err) }, "PGlite upkeep failed; the next pass tries again");
    }
  });
