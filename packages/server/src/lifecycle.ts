import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "./db/client.ts";

/**
 * Stops in the safe order: the HTTP server first (no new connections; requests in flight run to
 * completion, idle keep-alive connections are closed), then the database, so no request loses
 * its connection halfway through a transaction.
 */
export const shutdown = async (app: FastifyInstance, database: DatabaseHandle): Promise<void> => {
  try {
    await app.close();
  } finally {
    await database.close();
  }
};

/**
 * Runs `stop` once on the first SIGINT or SIGTERM, then exits 0 (1 if stopping failed or took
 * longer than `timeoutMs`). Later signals are ignored: under `npm start` a terminal's Ctrl-C
 * reaches both the launcher (which forwards it) and this process.
 */
export const exitOnSignals = (stop: () => Promise<void>, log: (msg: string) => void, timeoutMs = 10_000): void => {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received: finishing requests in flight, then closing the database`);
    const timer = setTimeout(() => {
      log(`shutdown took more than ${timeoutMs} ms: exiting anyway`);
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log(`shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
};
