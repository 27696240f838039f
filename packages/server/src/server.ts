import type { FastifyInstance } from "fastify";
import { buildApp, type BuildAppOptions } from "./app.ts";
import type { Config } from "./config.ts";
import { openOperatorChannel, type OperatorChannel } from "./cli/operatorChannel.ts";
import { operatorSocketPathOf } from "./cli/protocol.ts";
import { openDatabase, type DatabaseHandle } from "./db/client.ts";
import type { DatabaseHealth } from "./db/health.ts";
import { migrate } from "./db/migrate.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";
import { startUpkeep, upkeepOnce } from "./db/pglite/upkeep.ts";
import { startInvoicing } from "./jobs/invoicing.ts";
import { startSweeper } from "./jobs/sweeper.ts";
import { shutdown } from "./lifecycle.ts";
import type { Clock } from "./providers/clock/Clock.ts";
import { clockFor } from "./providers/clock/index.ts";
import { DEMO_CARD_PHONES, seedDemoCardsIfNone } from "./seed/demoCards.ts";
import { SANDBOX_DESK_ADMIN, seedDeskAdminIfNone } from "./seed/deskAdmin.ts";
import { seedIfEmpty } from "./seed/seed.ts";
import { scryptParams, type ScryptParams } from "./security/passwords.ts";

/**
 * The one way to bring the server up, shared by `main.ts`, the benchmarks and the tests so they
 * cannot drift apart: open the database, build the app, migrate, load the demo data in sandbox
 * mode, open the operators' socket, start the background sweep (and PGlite's upkeep), listen.
 * On a PostgreSQL database it opened, the server listens first and waits for the database with
 * back-off (src/db/health.ts) before migrating: /api/ready answers 503 meanwhile (issue 22).
 */

export interface ServerOptions extends Partial<Pick<BuildAppOptions, "authenticate" | "providers" | "logger">> {
  readonly config: Config;
  /**
   * An open, migrated database to serve (tests: a PGlite from a migrated template). It stays the
   * caller's: `close()` leaves it open. Without it the server opens `config.database`, migrates
   * it, and closes it on `close()`.
   */
  readonly database?: DatabaseHandle;
  /** Default: what `config.providers` names (`clockFor`). */
  readonly clock?: Clock;
  /** Load the demo catalogue and cards into an empty database. Default: in sandbox mode, into a database the server opened. */
  readonly seedDemo?: boolean;
  /** Where to listen; `false` for in-process use through `app.inject`. Default: `config.port` on `config.host`. */
  readonly listen?: false | { readonly port: number; readonly host: string };
  /**
   * Run the background sweep (src/jobs/sweeper.ts) and, on PGlite, its vacuum and analyze
   * (src/db/pglite/upkeep.ts: PGlite has no autovacuum). Default: when listening.
   */
  readonly sweeper?: boolean;
  /** Start-up news for the operator (demo data loaded, invite codes). Default: dropped. */
  readonly report?: (line: string) => void;
  /** Start-up problems that do not stop the server. Default: dropped. */
  readonly warn?: (line: string) => void;
  /**
   * The database the server opened is lost for good (PGlite's worker thread died). Default: say
   * so through `warn` and exit with status 1 for a supervisor to start the server again; a server
   * without its database would only answer errors.
   */
  readonly onDatabaseLost?: (err: Error) => void;
}

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly clock: Clock;
  /** `http://host:port/` when listening (the port the system chose when asked for 0). */
  readonly url: string | undefined;
  /** Stops in the safe order: the sweep, the operators' socket, the HTTP server, then the database if the server opened it. */
  close(): Promise<void>;
}

const urlOf = (host: string, port: number): string => `http://${host.includes(":") ? `[${host}]` : host}:${port}/`;

/** Demo data only into an empty database (a newcomer's first start): the catalogue with invite codes, and demo fuel cards. */
const seedDemoData = async (database: DatabaseHandle, clock: Clock, scrypt: ScryptParams, report: (line: string) => void): Promise<void> => {
  const seed = await seedIfEmpty(database.db, new Date(clock.now()));
  if (seed.seeded) {
    report("loaded the demo catalogue (3 cities, 30 stations); invite codes for activation:");
    for (const code of seed.inviteCodes) report(`  ${code}`);
  }
  const deskPassword = await seedDeskAdminIfNone(database.db, new Date(clock.now()), scrypt);
  if (deskPassword !== undefined) report(`the staff desk at /desk: sign in as ${SANDBOX_DESK_ADMIN} with the one-time password ${deskPassword}`);
  const demoCards = await seedDemoCardsIfNone(database.db, new Date(clock.now()));
  if (demoCards > 0) report(`loaded ${demoCards} demo fuel cards for the phones ${DEMO_CARD_PHONES.join(", ")}`);
};

/**
 * On a PGlite folder, the socket through which `npm run fuel` runs while this server holds the
 * folder (src/cli/operatorChannel.ts). Without it the server still serves customers, so a
 * failure is a warning, not a refusal to start.
 */
const openOperatorChannelFor = async (
  config: Config,
  database: DatabaseHandle,
  clock: Clock,
  app: FastifyInstance,
  warn: (line: string) => void,
): Promise<OperatorChannel | undefined> => {
  if (config.database.kind !== "pglite-dir") return undefined;
  try {
    return await openOperatorChannel({
      socketPath: operatorSocketPathOf(config.database.dir),
      db: database.db,
      now: () => new Date(clock.now()),
      catalogue: app.deps.catalogue,
      passwordHashCost: config.passwordHashCost,
      log: { info: (msg) => app.log.info(msg), error: (msg) => app.log.error(msg) },
    });
  } catch (err) {
    warn(`warning: the operators' CLI cannot reach this server: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
};

/** Runs `work`; when `retry` and it failed for want of the database, waits for it (back-off) and runs it again. */
const untilDone = async (retry: boolean, health: DatabaseHealth, work: () => Promise<void>): Promise<void> => {
  for (;;) {
    try {
      return await work();
    } catch (err) {
      if (!retry || !isDatabaseUnavailable(err)) throw err;
      health.failed(err);
      await health.waitUntilReachable();
    }
  }
};

/**
 * Brings the server up (see the module comment). When a step fails, whatever was already started
 * is stopped again before the error is rethrown: the caller only reports it.
 */
export const startServer = async (options: ServerOptions): Promise<RunningServer> => {
  const { config } = options;
  const report = options.report ?? (() => {});
  const warn = options.warn ?? (() => {});
  const listen = options.listen ?? { port: config.port, host: config.host };
  const ownsDatabase = options.database === undefined;
  const stops: Array<() => Promise<void>> = [];
  // Last started, first stopped; a step that fails to stop does not keep the next ones (the database) open.
  const stopAll = async (): Promise<void> => {
    let failure: unknown;
    for (const stop of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  };

  try {
    let database = options.database;
    // Pool errors reach the app's database health once it exists (one log line per outage, not per connection).
    let poolError: (err: Error) => void = () => {};
    if (database === undefined) {
      const onLost =
        options.onDatabaseLost ??
        ((err: Error) => {
          warn(`the database is lost, exiting: ${err.message}`);
          process.exit(1);
        });
      const opened = await openDatabase(config, { onPoolError: (err) => poolError(err), onLost, lockLabel: "the server" });
      database = opened;
      stops.push(() => opened.close());
    }
    const clock = options.clock ?? clockFor(config);
    // A PostgreSQL server may not accept connections yet (started with it, a failover): the port
    // opens first, answering readiness 503, and the server waits for it with back-off (src/db/health.ts)
    // before migrating. PGlite is always there: it migrates before anything listens, as before.
    const waitsForDatabase = ownsDatabase && database.kind === "postgres";

    const app = await buildApp({
      config,
      db: database.db,
      clock,
      accepting: !waitsForDatabase,
      ...(options.authenticate ? { authenticate: options.authenticate } : {}),
      ...(options.providers ? { providers: options.providers } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    const { health } = app.deps;
    poolError = (err) => {
      app.log.warn(`database connection lost: ${err.message}`);
      void health.check();
    };
    // From here the app and the database stop together: the app first, so requests in flight
    // finish before the database closes (src/lifecycle.ts).
    const db = database;
    stops.splice(0, stops.length, ownsDatabase ? () => shutdown(app, db) : () => app.close());

    let url: string | undefined;
    const listenNow = async (where: { readonly port: number; readonly host: string }): Promise<void> => {
      await app.listen({ port: where.port, host: where.host });
      const address = app.server.address();
      url = urlOf(where.host, typeof address === "object" && address !== null ? address.port : where.port);
    };

    if (waitsForDatabase) {
      if (listen !== false) await listenNow(listen);
      if (!(await health.check())) {
        report(`waiting for the database (retrying with back-off)${url === undefined ? "" : `; ${url}api/ready answers 503 until it answers`}`);
        await health.waitUntilReachable();
      }
    }
    const prepared = database;
    // Migrating and seeding are idempotent: a connection lost halfway waits and starts them again.
    await untilDone(waitsForDatabase, health, async () => {
      if (ownsDatabase) await migrate(prepared);
      if (options.seedDemo ?? (ownsDatabase && config.mode === "sandbox")) await seedDemoData(prepared, clock, scryptParams(config.passwordHashCost), report);
    });
    health.accepting = true;

    if (listen !== false) {
      const channel = await openOperatorChannelFor(config, database, clock, app, warn);
      if (channel !== undefined) stops.push(() => channel.close());
    }
    if (options.sweeper ?? listen !== false) {
      const sweeper = startSweeper({ db: database.db, clock, channels: app.deps.providers.payments.channels, log: app.log });
      stops.push(() => sweeper.stop());
      // Issue 35: platform stations' invoices through the e-invoice provider, beside the sweep (one worker of a cluster).
      const invoicing = startInvoicing({ db: database.db, provider: app.deps.providers.invoice, clock, log: app.log });
      stops.push(() => invoicing.stop());
      if (database.kind === "pglite") {
        // A first pass before any request: a database never vacuumed (new, or restored) gets it all
        // now, while nobody waits on PGlite's one session. Upkeep is no reason not to serve.
        await upkeepOnce(database.db).catch((err: unknown) => warn(`warning: PGlite upkeep failed at start-up: ${err instanceof Error ? err.message : String(err)}`));
        const upkeep = startUpkeep(database.db, app.log);
        stops.push(() => upkeep.stop());
      }
    }

    if (listen !== false && url === undefined) await listenNow(listen);
    return { app, database, clock, url, close: stopAll };
  } catch (err) {
    await stopAll().catch(() => {});
    throw err;
  }
};
