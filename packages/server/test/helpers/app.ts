import { sessionCache } from "../../src/identity/sessionCache.ts";
import { join } from "node:path";
import { tmpdir } from "node:os";
import type { FastifyInstance } from "fastify";
import type { BuildAppOptions } from "../../src/app.ts";
import { startServer } from "../../src/index.ts";
import { loadConfig, type Config } from "../../src/config.ts";
import { resetDatabase, type Database, type DatabaseHandle } from "../../src/db/client.ts";
import { SandboxInvoiceProvider } from "../../src/invoicing/provider/index.ts";
import { SandboxClock } from "../../src/providers/clock/Sandbox.ts";
import { openTestDatabase, type TestDatabaseOptions } from "./database.ts";
import { checkDeclaredRefusals } from "./refusalCheck.ts";

/** scrypt cost in tests: N = 2^4 hashes in microseconds instead of ~100 ms (test/security/passwords.test.ts covers the production cost). */
export const TEST_PASSWORD_HASH_COST = 4;

/** A sandbox configuration for tests: silent logs, no UI unless a test points `uiDistDir` at one, cheap password hashes. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({
    DATABASE_URL: "memory://",
    LOG_LEVEL: "silent",
    UI_DIST_DIR: join(tmpdir(), "fuel-no-ui-dist"),
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
  }),
  ...overrides,
});

export interface BootedApp {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly database: DatabaseHandle;
  readonly clock: SandboxClock;
  readonly config: Config;
  /** Empties every table and the catalogue cache and puts the clock back to system time: call it in `beforeEach`. */
  reset(): Promise<void>;
  /** Closes the app, then the database (and drops it on PostgreSQL): call it in `afterAll`. */
  close(): Promise<void>;
}

export interface BootOptions {
  readonly config?: Partial<Config>;
  readonly authenticate?: BuildAppOptions["authenticate"];
  readonly logger?: BuildAppOptions["logger"];
  /** Replaces single providers (a fake SMS gateway, a production-mode app without sandbox ones). */
  readonly providers?: BuildAppOptions["providers"];
  /** The system time under the sandbox clock (default `Date.now`): a test can live on a chosen day, e.g. in the maintenance window. */
  readonly systemTime?: () => number;
  /** Where PGlite runs (test/helpers/database.ts). */
  readonly pglite?: TestDatabaseOptions["pglite"];
}

/**
 * The providers a test's app gets. A production-mode app built from the sandbox test config has no
 * WeChat Pay keys, and production refuses the sandbox e-invoice provider at construction
 * (invoiceProviderFor): such a test, about production's routes and headers, gets the sandbox one
 * handed in directly unless it brings its own.
 */
const providersFor = (options: BootOptions, clock: SandboxClock): BuildAppOptions["providers"] | undefined => {
  if (options.config?.mode !== "production" || options.providers?.invoice !== undefined) return options.providers;
  return { ...options.providers, invoice: new SandboxInvoiceProvider(clock) };
};

/**
 * The whole app in-process on a migrated database of its own (DESIGN.md §7: boot once per test
 * file, `reset()` between tests). Routes may still be added to `app` before the first `inject`.
 */
export const bootApp = async (options: BootOptions = {}): Promise<BootedApp> => {
  const database = await openTestDatabase(options.pglite === undefined ? {} : { pglite: options.pglite });
  const clock = new SandboxClock(options.systemTime);
  const config = testConfig(options.config);
  const providers = providersFor(options, clock);
  const server = await startServer({
    config,
    database: database.handle,
    clock,
    listen: false,
    ...(options.authenticate ? { authenticate: options.authenticate } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(providers === undefined ? {} : { providers }),
  });
  const { app } = server;
  checkDeclaredRefusals(app);
  return {
    app,
    db: database.handle.db,
    database: database.handle,
    clock,
    config,
    reset: async () => {
      await resetDatabase(database.handle.db);
      clock.reset();
      app.clearCatalogueCache();
      sessionCache.clear();
    },
    close: async () => {
      try {
        await server.close();
      } finally {
        await database.close();
      }
    },
  };
};
