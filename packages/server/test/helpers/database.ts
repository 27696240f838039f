import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";

/**
 * One database per test file: in-memory PGlite by default, or, when `TEST_DATABASE_URL` names a
 * PostgreSQL server (`npm run test:pg`), a fresh `fuel_test_<random>` database created through
 * that URL and dropped on close. Migrated either way.
 *
 * PGlite runs in the test's thread, loaded from a migrated template (fast), unless asked for the
 * server's own way, in a worker thread behind node-postgres (`openDatabase`): by the option, or
 * for every file with `TEST_PGLITE=worker` (a fresh database per file: slower).
 */
export interface TestDatabase {
  readonly handle: DatabaseHandle;
  /** 'pglite' or 'postgres'. */
  readonly kind: DatabaseHandle["kind"];
  close(): Promise<void>;
}

export const testDatabaseUrl = (): string | undefined => {
  const url = process.env["TEST_DATABASE_URL"]?.trim();
  return url === undefined || url === "" ? undefined : url;
};

export interface TestDatabaseOptions {
  /** Where PGlite runs (ignored on PostgreSQL). Default: `TEST_PGLITE`, else in the test's thread. */
  readonly pglite?: "in-process" | "worker";
}

export const openTestDatabase = async (options: TestDatabaseOptions = {}): Promise<TestDatabase> => {
  const adminUrl = testDatabaseUrl();
  if (adminUrl === undefined) {
    if ((options.pglite ?? (process.env["TEST_PGLITE"] === "worker" ? "worker" : "in-process")) === "worker") {
      const handle = await openDatabase({ kind: "pglite-memory" });
      await migrate(handle);
      return { handle, kind: handle.kind, close: () => handle.close() };
    }
    const handle = await openMigratedPglite();
    return { handle, kind: handle.kind, close: () => handle.close() };
  }

  const fresh = await createFreshDatabase(adminUrl);
  const handle = await openDatabase({ kind: "postgres", url: fresh.url });
  await migrate(handle);
  return {
    handle,
    kind: handle.kind,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
};

const adminQuery = async (adminUrl: string, statement: string): Promise<void> => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
};

/**
 * An empty `fuel_test_<random>` database on the PostgreSQL server `adminUrl` names (not migrated:
 * for a server process that migrates at start), its URL, and how to drop it.
 */
export const createFreshDatabase = async (adminUrl: string): Promise<{ readonly url: string; drop(): Promise<void> }> => {
  const name = `fuel_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
};
