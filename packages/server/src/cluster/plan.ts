import { availableParallelism } from "node:os";
import type { Config } from "../config.ts";
import { isLoopbackHost } from "../secretForms.ts";

/** How many processes `WORKERS` asks for on this machine, and what the operator should hear about it. */
export interface WorkerPlan {
  readonly count: number;
  readonly note?: string;
}

export const workerPlan = (config: Pick<Config, "workers" | "database">, cores: number = availableParallelism()): WorkerPlan => {
  if (config.workers !== "auto") return { count: config.workers };
  // loadConfig refuses a count above 1 on PGlite; `auto` is accepted there and means one.
  if (config.database.kind !== "postgres") {
    return { count: 1, note: "note: WORKERS=auto runs one server process on PGlite, which lives inside one process; use PostgreSQL for more" };
  }
  if (databaseOnThisHost(config.database.url)) {
    const count = Math.max(1, Math.ceil(cores / 2));
    return {
      count,
      note: `note: WORKERS=auto runs ${count} server process${count === 1 ? "" : "es"} for ${cores} core${cores === 1 ? "" : "s"}: PostgreSQL is on this host and needs its share of them; set WORKERS=N to choose`,
    };
  }
  return { count: Math.max(1, cores) };
};

/**
 * Whether the PostgreSQL URL names this machine (a loopback address, localhost, or a Unix socket
 * folder), where PostgreSQL competes with the server processes for the same cores. Measured on two
 * cores (docs/performance.md, "`WORKERS=2`, measured by who spent the CPU"): a creation costs the
 * server about 1.3 ms of CPU and PostgreSQL about 0.85, and a second server process on those two
 * cores served fewer creations than one. So `auto` gives the server half the cores, rounded up.
 */
export const databaseOnThisHost = (url: string): boolean => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // node-postgres takes `?host=` over the URL's host name; a folder there is a Unix socket's.
  const host = (parsed.searchParams.get("host") ?? parsed.hostname).toLowerCase();
  return host.startsWith("/") || isLoopbackHost(host) || host.endsWith(".localhost");
};
