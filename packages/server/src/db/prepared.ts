import type { Database } from "./client.ts";

/**
 * Hot queries prepared once per database (issue 14), with Drizzle's `.prepare(name)`: the query is
 * built once (its SQL text and parameter list), and each call only fills in the placeholders.
 *
 * What the name buys depends on the driver (drizzle-orm 0.45, PGlite 0.5):
 * - node-postgres, whatever answers it: a PostgreSQL server, or the server's own PGlite in its
 *   worker thread (src/db/pglite/thread.ts, which speaks the wire protocol). Drizzle passes the name
 *   to pg, which makes it a named prepared statement; each connection parses and plans it once,
 *   then only binds and executes.
 * - Drizzle's PGlite driver (PGlite in the caller's thread: the test suite's per-file template,
 *   test/helpers/pgliteTemplate.ts): its session ignores the name, and PGlite's `query` sends every query as an unnamed
 *   statement (parse, describe, bind, execute, sync), so PostgreSQL parses and plans it every
 *   time. The only gain there is Drizzle's query building, skipped after the first call.
 *
 * A prepared query belongs to the database it was built on, so it is kept per `Database` (tests
 * open many). A placeholder in a condition or in `sql` is the driver's raw value (instants as ISO
 * text, not `Date`); one in `values()` or `set()` goes through its column's mapping (a `Date`).
 * Names are unique: pg refuses one name for two texts on a connection, so a second use throws here.
 */
const NAMES = new Set<string>();

export const preparedPerDatabase = <Q>(name: string, build: (db: Database, name: string) => Q): ((db: Database) => Q) => {
  if (NAMES.has(name)) throw new Error(`prepared statement name ${name} is used twice`);
  NAMES.add(name);
  const byDatabase = new WeakMap<Database, Q>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = build(db, name);
      byDatabase.set(db, query);
    }
    return query;
  };
};
