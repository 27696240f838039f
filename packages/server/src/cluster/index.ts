/**
 * `WORKERS=auto|N` on PostgreSQL: N server processes on one port, through `node:cluster`.
 *
 * The primary checks the configuration, migrates the database and loads the demo data once, then
 * forks the workers; it serves no request itself (the cluster's round-robin hands each new
 * connection to the next worker). Each worker is a whole server over the shared database, stateless
 * but for short-lived caches (docs/operations.md, "Several processes and hosts"). What a process
 * would otherwise hold alone is shared:
 *
 * - the sandbox channels' keys: made once by the primary and handed to every worker, so a pay
 *   sheet signed by one worker and a notification checked by another agree;
 * - the sandbox clock's offset and the sandbox SMS inbox: an advance or an SMS in one worker goes
 *   through the primary to every other worker before its request answers, so the next request sees
 *   it wherever it lands; a worker started later gets the primary's copy;
 * - the background sweep (src/jobs/sweeper.ts) runs in one worker, the first; its replacement
 *   takes it over if it dies.
 *
 * A worker that dies unexpectedly is logged and replaced after a back-off ({@link restartDelayMs});
 * SIGINT/SIGTERM to the primary stops every worker gracefully, then the primary exits.
 *
 * One file per reason to change: plan.ts (how many processes), supervisor.ts (the primary: forking,
 * restarting, stopping), sandboxSync.ts (the messages between the processes and the sandbox state
 * they share), worker.ts (one worker).
 */

export { databaseOnThisHost, workerPlan, type WorkerPlan } from "./plan.ts";
export { HEALTHY_RUN_MS, restartDelayMs, runPrimary, type ClusterOutput } from "./supervisor.ts";
export { runWorker } from "./worker.ts";
