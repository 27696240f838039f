import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { openMigratedPglite } from "./pgliteTemplate.ts";
import { createFreshDatabase, testDatabaseUrl } from "./postgresAdmin.ts";

export { createFreshDatabase, testDatabaseUrl };

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

export interface TestDatabaseOptions {
  /**
   * Where PGlite runs. Default: `TEST_PGLITE`, else in the test's thread; ignored on PostgreSQL,
   * except "worker", which asks for the server's PGlite itself (a test of PGlite in its worker
   * thread, run by `npm run test:slow` whether or not TEST_DATABASE_URL is set).
   */
  readonly pglite?: "in-process" | "worker";
}

export const openTestDatabase = async (options: TestDatabaseOptions = {}): Promise<TestDatabase> => {
  const adminUrl = options.pglite === "worker" ? undefined : testDatabaseUrl();
  if (adminUrl === undefined) {
    if ((options.pglite ?? (process.env["TEST_PGLITE"] === "worker" ? "worker" : "in-process")) === "worker") {
      const handle = await openDatabase({ kind: "pglite-memory" });
      await migrate(handle);
      return { handle, kind: handle.kind, close: () => handle.close() };
    }
    const handle = await openMigratedPglite();
    return { handle, kind: handle.kind, close: () => handle.close() };
  }

  // Copied from the run's migrated template (./postgresTemplate.ts) when there is one.
  const template = inject("postgresTemplate") ?? "";
  const fresh = await createFreshDatabase(adminUrl, template === "" ? undefined : template);
  const handle = await openDatabase({ kind: "postgres", url: fresh.url });
  if (template === "") await migrate(handle);
  return {
    handle,
    kind: handle.kind,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
};
