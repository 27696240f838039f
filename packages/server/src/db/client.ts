import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";
import { getTableName, sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { PgTable } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import type { Config, DatabaseConfig } from "../config.ts";
import { folderFailure } from "./pglite/folderFailure.ts";
import { releaseClientsOnFailedBegin } from "./releaseOnFailedBegin.ts";
import type { FolderLock } from "./pglite/folderLock.ts";
import { takePgliteFolder } from "./pglite/folder.ts";
import { startPgliteThread, type PgliteThread } from "./pglite/thread.ts";
import * as schema from "./schema.ts";

export { schema };
export type Schema = typeof schema;

/**
 * A Drizzle database typed on our schema, whichever driver is underneath. Repositories take this.
 *
 * Driver differences to keep in repositories (DESIGN.md §7): raw-SQL int8 (`count(*)`, `sum`)
 * comes back as a number from in-process PGlite and as a string from pg (PostgreSQL, and PGlite
 * in its worker thread), so wrap such results in `Number()`; and PGlite is a single session, so
 * transactions never interleave there: race tests must also run on PostgreSQL (`npm run test:pg`).
 */
export type Database = PgDatabase<QueryResultHKT, Schema>;

/** What both drivers' raw-query results have in common (PGlite's `Results`, pg's `QueryResult`). */
export interface QueryRows<R> {
  readonly rows: R[];
}

/** `db.execute(sql)` gives `{ rows }` on either driver; map each row's types in the repository. */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this["row"], Record<string, unknown>>>;
}
type Assume<T, U> = T extends U ? T : U;

export type DatabaseKind = "pglite" | "postgres";

/** An open database: the Drizzle instance, which database it is, and how to close it. */
export interface DatabaseHandle {
  readonly db: Database;
  /** Which database: PGlite (one session, wherever it runs) or a PostgreSQL server. */
  readonly kind: DatabaseKind;
  /**
   * The driver-specific instance, for the matching migrator (src/db/migrate.ts): PGlite in this
   * thread through Drizzle's PGlite driver (the tests' per-file databases), PGlite in a worker
   * thread through node-postgres (what `openDatabase` opens), or a PostgreSQL server's pool.
   */
  readonly driver:
    | { readonly kind: "pglite"; readonly db: PgliteDatabase<Schema>; readonly client: PGlite }
    | { readonly kind: "pglite-worker"; readonly db: NodePgDatabase<Schema>; readonly pool: pg.Pool; readonly thread: PgliteThread }
    | { readonly kind: "postgres"; readonly db: NodePgDatabase<Schema>; readonly pool: pg.Pool };
  /** Closes the connection(s). Idempotent. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Called with errors from idle pool clients (a PostgreSQL restart); without it they would crash the process. */
  readonly onPoolError?: (err: Error) => void;
  /**
   * PGlite only: called once if its worker thread dies (a crash of PGlite, the thread killed),
   * after a folder's lock is released. The database is gone: every query fails from then on, so
   * a server should exit and let its supervisor start it again, not serve without a database.
   */
  readonly onLost?: (err: Error) => void;
  /**
   * What this process is ("the server", "the operators' CLI"), written into a PGlite folder's lock
   * so that another process refused by it can tell the operator who holds the folder.
   */
  readonly lockLabel?: string;
}

/**
 * How long a request waits for a PostgreSQL connection (a free one from the pool, or a new one
 * being opened) before it fails, answered 503: a server that cannot connect says so in seconds
 * rather than holding the request for the client's whole timeout (node-postgres waits forever by default).
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

/** Connections to PGlite's worker: statements from this many can wait there at once. */
export const PGLITE_CONNECTIONS = 4;

/**
 * Opens the database the configuration names (a whole `Config` or its `database` part): PGlite
 * in a folder (created if missing) or in memory, or a node-postgres pool. Does not migrate: call
 * `migrate(handle)`.
 *
 * PGlite runs in a worker thread (./pglite/thread.ts), so its WebAssembly PostgreSQL does not
 * share the event loop's core with HTTP; the main thread reaches it through node-postgres, the
 * very driver (and Drizzle driver) PostgreSQL uses, with a few connections that share PGlite's
 * one session: the worker runs their statements back to back and gives a connection the session
 * alone while it holds a transaction, so transactions never interleave.
 *
 * A PGlite folder is opened by one process at a time: this takes its lock (src/db/pglite/folderLock.ts)
 * and `close` releases it; a folder held by a live process throws `FolderLockedError`, whose
 * message tells the operator who holds it and what to do. In memory and on PostgreSQL (which
 * serves many processes itself) there is no lock.
 */
export const openDatabase = async (
  from: DatabaseConfig | Pick<Config, "database">,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> => {
  const config: DatabaseConfig = "database" in from ? from.database : from;
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
    const onError = options.onPoolError ?? (() => {});
    // An idle client's error reaches the pool's listener; a checked-out one (a Drizzle transaction
    // between two statements, the migrator's advisory lock) has none from pg-pool, and an
    // EventEmitter's 'error' without a listener ends the process (issue 22: pg_terminate_backend,
    // a restart, a failover). So every client gets one for life. The client itself is then done:
    // its queries fail, answered 503 (src/db/unavailable.ts), and pg-pool drops it on release
    // because it is no longer queryable, opening a new one for the next checkout.
    pool.on("error", onError);
    pool.on("connect", (client) => client.on("error", onError));
    releaseClientsOnFailedBegin(pool);
    const db = drizzlePg({ client: pool, schema });
    let closed: Promise<void> | undefined;
    return {
      db,
      kind: "postgres",
      driver: { kind: "postgres", db, pool },
      close: () => (closed ??= pool.end()),
    };
  }
  // A folder is opened by its real path and locked (./pglite/folder.ts); its failures are one line.
  const folder = config.kind === "pglite-dir" ? takePgliteFolder(config.dir, options.lockLabel) : undefined;
  const lock: FolderLock | undefined = folder?.lock;
  let lost = false;
  let thread: PgliteThread;
  try {
    thread = await startPgliteThread({
      dataDir: folder?.dir ?? "memory://",
      // In memory there is nothing to make durable, so PGlite answers before its file-system sync
      // (one of the levers docs/performance.md lists before the 98 -> steady-rate figures). A folder
      // keeps full durability.
      relaxedDurability: config.kind === "pglite-memory",
      onLost: (err) => {
        lost = true;
        // PGlite is gone with its thread: nothing writes the folder any more.
        lock?.release();
        options.onLost?.(err);
      },
    });
  } catch (err) {
    lock?.release();
    throw config.kind === "pglite-dir" ? folderFailure(config.dir, err) : err;
  }
  const pool = new pg.Pool({
    // Connections share PGlite's one session in the worker, which keeps transactions apart: more
    // than one lets statements queue there, run back to back, instead of each waiting for the
    // main thread to read the previous answer (docs/performance.md, issue 14).
    max: PGLITE_CONNECTIONS,
    // Keep them: a new one costs a start-up message.
    idleTimeoutMillis: 0,
    stream: () => thread.connect(),
    // PGlite ignores them; set so that PGUSER, PGDATABASE... in the environment play no part.
    user: "postgres",
    database: "postgres",
    host: "pglite-worker",
    port: 5432,
  });
  // A dead worker is reported through onLost; a connection that errors while a request holds it
  // must not throw from pg's event emitter (its queries fail with the error all the same).
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  releaseClientsOnFailedBegin(pool);
  const db = drizzlePg({ client: pool, schema });
  const closeAll = async (): Promise<void> => {
    try {
      try {
        await pool.end();
      } finally {
        if (!lost) await thread.close();
      }
    } finally {
      // Only after PGlite has written its last page: the next opener may start at once.
      lock?.release();
    }
  };
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    driver: { kind: "pglite-worker", db, pool, thread },
    close: () => (closed ??= closeAll()),
  };
};

/**
 * Drizzle over a PGlite instance, without a copy of PGlite's parser table per query.
 *
 * Drizzle's PGlite driver passes, with every query, parsers that leave timestamps, dates,
 * intervals and `numeric[]` as PostgreSQL's text (Drizzle maps them to `Date` itself); PGlite
 * merges per-query parsers into a copy of its whole table (`{...parsers, ...options.parsers}`,
 * about 318 entries) on every query, measurable on every request (issue 14). Here the same
 * "text as is" parsers are installed once in the instance's own table and the per-query ones
 * are dropped: PGlite then parses with the very table the merge would have made, and no row
 * changes type (`test/db/pgliteParsers.test.ts` reads every column type of the schema both ways).
 *
 * A per-query parser is dropped only when it is one of these (it gives its text back as is);
 * any other is passed on untouched, the slow but correct way. Nothing but Drizzle uses the
 * instance, so no other caller sees the instance's table changed.
 */
export const pgliteDrizzle = (client: PGlite): PgliteDatabase<Schema> & { $client: PGlite } => drizzlePglite({ client: withoutParserCopies(client), schema });

/** The parser Drizzle asks for on its types: PostgreSQL's text, unparsed. */
const textAsIs = (value: string): string => value;

const PROBE = "fuel: is this parser text as is?";

/** True when every per-query parser gives its text back as is (installing it on the instance when missing). */
const installAsIs = (table: Record<number | string, unknown>, parsers: NonNullable<QueryOptions["parsers"]>): boolean => {
  for (const key in parsers) {
    if (table[key] === textAsIs) continue;
    const parser = parsers[key] as ((value: string, typeId: number) => unknown) | undefined;
    if (parser === undefined || parser(PROBE, Number(key)) !== PROBE) return false;
    table[key] = textAsIs;
  }
  return true;
};

type Query = PGlite["query"];

const withoutParserCopies = (client: PGlite): PGlite => {
  const lean = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (options?.parsers === undefined || !installAsIs(client.parsers, options.parsers)) return options;
    const { parsers: _installed, ...rest } = options;
    return rest;
  };
  const query = ((text: string, params?: unknown[], options?: QueryOptions) => client.query(text, params, lean(options))) as Query;
  // Drizzle runs a transaction's queries on the transaction object PGlite hands it.
  const leanTransaction = (tx: Transaction): Transaction =>
    Object.create(tx, {
      query: { value: ((text: string, params?: unknown[], options?: QueryOptions) => tx.query(text, params, lean(options))) as Transaction["query"] },
    }) as Transaction;
  const transaction = (<T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback(leanTransaction(tx)))) as PGlite["transaction"];
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "query") return query;
      if (prop === "transaction") return transaction;
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      // PGlite keeps its state in private fields: its methods must run on the instance itself.
      let fn = bound.get(prop);
      if (fn === undefined) bound.set(prop, (fn = (value as (...args: unknown[]) => unknown).bind(target)));
      return fn;
    },
  });
};

/** Every table of the schema, by SQL name. */
export const tableNames = (): string[] =>
  Object.values(schema as Record<string, unknown>)
    .filter((v): v is PgTable => v instanceof PgTable)
    .map((t) => getTableName(t));

/**
 * Empties every table of the schema and restarts its sequences. For tests: one database per
 * test file (a fresh PGlite costs ~1.7 s), reset between tests. Never call it on real data.
 *
 * The audit log refuses TRUNCATE (drizzle/0013): only its owner may switch that trigger off, as
 * here, for this one transaction.
 */
export const resetDatabase = async (db: Database): Promise<void> => {
  const list = tableNames()
    .map((n) => `"${n.replaceAll('"', '""')}"`)
    .join(", ");
  await db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_truncate"`);
    await tx.execute(sql.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`));
    await tx.execute(sql`ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_truncate"`);
  });
};
