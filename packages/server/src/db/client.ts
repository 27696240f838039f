import { mkdirSync } from "node:fs";
import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { getTableName, sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { PgTable } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import type { Config, DatabaseConfig } from "../config.ts";
import { acquireFolderLock, type FolderLock } from "./folderLock.ts";
import * as schema from "./schema.ts";

export { schema };
export type Schema = typeof schema;

/**
 * A Drizzle database typed on our schema, whichever driver is underneath. Repositories take this.
 *
 * Driver differences to keep in repositories (DESIGN.md §7): raw-SQL int8 (`count(*)`, `sum`)
 * comes back as a number from PGlite and as a string from pg, so wrap such results in `Number()`;
 * and PGlite is a single session, so transactions never interleave there: race tests must also
 * run on PostgreSQL (`npm run test:pg`).
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

/** An open database: the Drizzle instance, which driver it is, and how to close it. */
export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** The driver-specific instance, for the matching migrator (src/db/migrate.ts). */
  readonly driver:
    | { readonly kind: "pglite"; readonly db: PgliteDatabase<Schema>; readonly client: PGlite }
    | { readonly kind: "postgres"; readonly db: NodePgDatabase<Schema>; readonly pool: pg.Pool };
  /** Closes the connection(s). Idempotent. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Called with errors from idle pool clients (a PostgreSQL restart); without it they would crash the process. */
  readonly onPoolError?: (err: Error) => void;
  /**
   * What this process is ("the server", "the operators' CLI"), written into a PGlite folder's lock
   * so that another process refused by it can tell the operator who holds the folder.
   */
  readonly lockLabel?: string;
}

/**
 * Opens the database the configuration names (a whole `Config` or its `database` part): PGlite
 * in a folder (created if missing) or in memory, or a node-postgres pool. Does not migrate: call
 * `migrate(handle)`.
 *
 * A PGlite folder is opened by one process at a time: this takes its lock (src/db/folderLock.ts)
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
    const pool = new pg.Pool({ connectionString: config.url });
    pool.on("error", options.onPoolError ?? (() => {}));
    const db = drizzlePg({ client: pool, schema });
    let closed: Promise<void> | undefined;
    return {
      db,
      kind: "postgres",
      driver: { kind: "postgres", db, pool },
      close: () => (closed ??= pool.end()),
    };
  }
  let lock: FolderLock | undefined;
  if (config.kind === "pglite-dir") {
    mkdirSync(config.dir, { recursive: true });
    lock = acquireFolderLock(config.dir, options.lockLabel === undefined ? {} : { label: options.lockLabel });
  }
  let client: PGlite;
  try {
    // In memory there is nothing to make durable: answering before PGlite's file-system sync saves
    // about a third of every query's cost (docs/performance.md). A folder keeps full durability.
    client = await PGlite.create(config.kind === "pglite-dir" ? config.dir : "memory://", { relaxedDurability: config.kind === "pglite-memory" });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = pgliteDrizzle(client);
  const closeClient = async (): Promise<void> => {
    try {
      if (!client.closed) await client.close();
    } finally {
      // Only after PGlite has written its last page: the next opener may start at once.
      lock?.release();
    }
  };
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    driver: { kind: "pglite", db, client },
    close: () => (closed ??= closeClient()),
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
 */
export const resetDatabase = async (db: Database): Promise<void> => {
  const list = tableNames()
    .map((n) => `"${n.replaceAll('"', '""')}"`)
    .join(", ");
  await db.execute(sql.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`));
};
