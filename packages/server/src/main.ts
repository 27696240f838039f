import { Constants } from "@fuel/domain";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { openOperatorChannel, type OperatorChannel } from "./cli/operatorChannel.ts";
import { operatorSocketPathOf } from "./cli/protocol.ts";
import { openDatabase, type DatabaseHandle } from "./db/client.ts";
import { FolderLockedError } from "./db/folderLock.ts";
import { migrate } from "./db/migrate.ts";
import { DEMO_CARD_PHONES, seedDemoCardsIfNone } from "./seed/demoCards.ts";
import { seedIfEmpty } from "./seed/seed.ts";
import { startSweeper } from "./jobs/sweeper.ts";
import { exitOnSignals, shutdown } from "./lifecycle.ts";
import type { Clock } from "./providers/clock/Clock.ts";
import { clockFor } from "./providers/clock/index.ts";
import { startupWarnings } from "./startupWarnings.ts";

/**
 * Process entry: `node --conditions=@fuel/source --import tsx src/main.ts` (`npm start`).
 * Reads the configuration, opens and migrates the database, starts listening, prints the
 * production label (spec §9) and the URL, and shuts down gracefully on SIGINT/SIGTERM.
 */

const describeDatabase = (config: Config): string => {
  const d = config.database;
  if (d.kind === "pglite-dir") return `PGlite in ${d.dir}`;
  if (d.kind === "pglite-memory") return "PGlite in memory (data is lost on exit)";
  const url = new URL(d.url);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
};

const urlOf = (host: string, port: number): string => `http://${host.includes(":") ? `[${host}]` : host}:${port}/`;

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
): Promise<OperatorChannel | undefined> => {
  if (config.database.kind !== "pglite-dir") return undefined;
  try {
    return await openOperatorChannel({
      socketPath: operatorSocketPathOf(config.database.dir),
      db: database.db,
      now: () => new Date(clock.now()),
      catalogue: app.deps.catalogue,
      log: { info: (msg) => app.log.info(msg), error: (msg) => app.log.error(msg) },
    });
  } catch (err) {
    console.error(`warning: the operators' CLI cannot reach this server: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
};

const main = async (): Promise<void> => {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  console.log(Constants.PRODUCTION_LABEL);
  console.log(`mode: ${config.mode}; database: ${describeDatabase(config)}`);
  for (const warning of startupWarnings(config)) console.error(warning);

  let database: DatabaseHandle | undefined;
  let operatorChannel: OperatorChannel | undefined;
  try {
    database = await openDatabase(config, {
      onPoolError: (err) => console.error(`database pool error: ${err.message}`),
      lockLabel: "the server",
    });
    await migrate(database);
    const clock = clockFor(config);
    // Demo data only in sandbox mode, and only into an empty database (a newcomer's first start).
    if (config.mode === "sandbox") {
      const seed = await seedIfEmpty(database.db, new Date(clock.now()));
      if (seed.seeded) {
        console.log("loaded the demo catalogue (3 cities, 30 stations); invite codes for activation:");
        for (const code of seed.inviteCodes) console.log(`  ${code}`);
      }
      const demoCards = await seedDemoCardsIfNone(database.db, new Date(clock.now()));
      if (demoCards > 0) console.log(`loaded ${demoCards} demo fuel cards for the phones ${DEMO_CARD_PHONES.join(", ")}`);
    }
    const app = await buildApp({ config, db: database.db, clock });
    const opened = database;
    operatorChannel = await openOperatorChannelFor(config, database, clock, app);
    const channel = operatorChannel;
    const sweeper = startSweeper({ db: database.db, clock, channels: app.deps.providers.payments.channels, log: app.log });
    exitOnSignals(
      async () => {
        await sweeper.stop();
        await channel?.close();
        await shutdown(app, opened);
      },
      (msg) => app.log.info(msg),
    );
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : config.port;
    console.log(`listening on ${urlOf(config.host, port)}`);
  } catch (err) {
    // Another process holds the PGlite folder: its message says who and what to do; no stack trace.
    if (err instanceof FolderLockedError) console.error(`could not start: ${err.message}`);
    else console.error(`could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await operatorChannel?.close().catch(() => {});
    await database?.close().catch(() => {});
    process.exit(1);
  }
};

await main();
