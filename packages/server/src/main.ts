import cluster from "node:cluster";
import { Constants } from "@fuel/domain";
import { runPrimary, runWorker, workerPlan } from "./cluster/index.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { DatabaseFolderError } from "./db/pglite/folderFailure.ts";
import { FolderLockedError } from "./db/pglite/folderLock.ts";
import { exitOnSignals } from "./lifecycle.ts";
import { startServer } from "./server.ts";
import { startupWarnings } from "./startupWarnings.ts";

/**
 * Process entry: `node --conditions=@fuel/source --import tsx src/main.ts` (`npm start`).
 * Reads the configuration, opens and migrates the database, starts listening, prints the
 * production label (spec §9) and the URL, and shuts down gracefully on SIGINT/SIGTERM.
 * With `WORKERS` above 1 (PostgreSQL), this process is the primary of a cluster and the same file
 * runs in each worker (src/cluster/supervisor.ts, src/cluster/worker.ts); what the operator reads is printed once, by the primary.
 */

const describeDatabase = (config: Config): string => {
  const d = config.database;
  if (d.kind === "pglite-dir") return `PGlite in ${d.dir}`;
  if (d.kind === "pglite-memory") return "PGlite in memory (data is lost on exit)";
  const url = new URL(d.url);
  return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
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

  if (cluster.isWorker) {
    await runWorker(config);
    return;
  }
  const plan = workerPlan(config);

  console.log(Constants.PRODUCTION_LABEL);
  console.log(`mode: ${config.mode}; database: ${describeDatabase(config)}${plan.count > 1 ? `; ${plan.count} server processes` : ""}`);
  for (const warning of startupWarnings(config)) console.error(warning);
  if (plan.note !== undefined) console.error(plan.note);

  if (plan.count > 1) {
    try {
      await runPrimary(config, plan.count, { report: (line) => console.log(line), warn: (line) => console.error(line) });
    } catch (err) {
      // Preparing the database failed before any worker started.
      console.error(`could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(1);
    }
    return;
  }

  try {
    const server = await startServer({ config, report: (line) => console.log(line), warn: (line) => console.error(line) });
    exitOnSignals(server.close, (msg) => server.app.log.info(msg));
    console.log(`listening on ${server.url ?? ""}`);
    if (server.url !== undefined) console.log(`the staff desk: ${server.url}desk`);
  } catch (err) {
    // startServer stopped whatever it had started. Another process holds the PGlite folder, or the
    // folder cannot be opened: the message says who or why, and what to do, in one line; no stack trace.
    if (err instanceof FolderLockedError || err instanceof DatabaseFolderError) console.error(`could not start: ${err.message}`);
    else console.error(`could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  }
};

await main();
