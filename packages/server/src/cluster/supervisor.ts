import cluster, { type Worker } from "node:cluster";
import type { Config } from "../config.ts";
import { startServer } from "../server.ts";
import { isMessage, sandboxSyncInPrimary, type ToPrimary } from "./sandboxSync.ts";

/** The wait before replacing a worker that died: 1 s, doubling with each death in a row, at most 30 s. */
export const restartDelayMs = (deathsInARow: number): number => Math.min(30_000, 1_000 * 2 ** Math.max(0, deathsInARow - 1));

/** A worker that served this long before dying starts its slot's back-off afresh. */
export const HEALTHY_RUN_MS = 60_000;

/** How long the primary waits for the workers to stop (each gives itself 10 s: src/lifecycle.ts). */
const STOP_TIMEOUT_MS = 15_000;

const describeExit = (code: number | null, signal: string | null): string => (signal !== null ? `signal ${signal}` : `code ${code ?? "?"}`);

export interface ClusterOutput {
  /** News for the operator (stdout). */
  readonly report: (line: string) => void;
  /** Problems (stderr). */
  readonly warn: (line: string) => void;
}

interface Slot {
  readonly index: number;
  worker: Worker | undefined;
  /** Since when its worker has been listening (undefined: not yet). */
  listeningSince: number | undefined;
  deathsInARow: number;
  restart: NodeJS.Timeout | undefined;
}

/**
 * Runs the primary: prepares the database, forks `count` workers, prints the URL once all listen,
 * replaces workers that die, and stops them all on SIGINT/SIGTERM. Never returns: it exits.
 */
export const runPrimary = async (config: Config, count: number, out: ClusterOutput): Promise<void> => {
  // Migrations and demo data once, before any worker starts (startServer migrates what it opens).
  const prepared = await startServer({ config, listen: false, sweeper: false, report: out.report, warn: out.warn });
  await prepared.close();

  const sandbox = sandboxSyncInPrimary(config);

  const slots: Slot[] = Array.from({ length: count }, (_, index) => ({ index, worker: undefined, listeningSince: undefined, deathsInARow: 0, restart: undefined }));
  let ready = false;
  let stopping = false;

  let announceReady: (url: string) => void = () => {};
  let failStart: (message: string) => void = () => {};
  const started = new Promise<string>((resolve, reject) => {
    announceReady = resolve;
    failStart = (message) => reject(new Error(message));
  });

  const onMessage = (slot: Slot, worker: Worker, msg: unknown): void => {
    if (!isMessage(msg)) return;
    const m = msg as ToPrimary;
    switch (m.type) {
      case "fuel:hello":
        sandbox.init(worker, slot.index, slot.index === 0);
        return;
      case "fuel:listening": {
        slot.listeningSince = Date.now();
        if (ready) out.report(`worker ${slot.index + 1} (pid ${worker.process.pid ?? "?"}) is serving again`);
        else if (slots.every((s) => s.listeningSince !== undefined)) announceReady(m.url);
        return;
      }
      case "fuel:failed":
        if (!ready) failStart(m.message);
        else out.warn(`worker ${slot.index + 1} (pid ${worker.process.pid ?? "?"}) could not start: ${m.message}`);
        return;
      case "fuel:share-clock":
      case "fuel:share-sms":
      case "fuel:ack":
        sandbox.onMessage(worker, m);
        return;
    }
  };

  const fork = (slot: Slot): void => {
    slot.restart = undefined;
    slot.listeningSince = undefined;
    const worker = cluster.fork();
    slot.worker = worker;
    worker.on("message", (msg: unknown) => onMessage(slot, worker, msg));
    worker.on("exit", (code: number | null, signal: string | null) => {
      sandbox.forget(worker);
      const servedFor = slot.listeningSince === undefined ? 0 : Date.now() - slot.listeningSince;
      slot.worker = undefined;
      slot.listeningSince = undefined;
      if (stopping) return;
      if (!ready) {
        failStart(`worker ${slot.index + 1} exited (${describeExit(code, signal)}) before it listened`);
        return;
      }
      slot.deathsInARow = servedFor >= HEALTHY_RUN_MS ? 1 : slot.deathsInARow + 1;
      const delay = restartDelayMs(slot.deathsInARow);
      out.warn(
        `worker ${slot.index + 1} (pid ${worker.process.pid ?? "?"}) exited unexpectedly (${describeExit(code, signal)}); ` +
          `starting another in ${delay / 1000} s${slot.index === 0 ? " (it runs the background sweep)" : ""}`,
      );
      slot.restart = setTimeout(() => fork(slot), delay);
    });
  };

  let stopped: Promise<void> | undefined;
  const stopAll = (signal: NodeJS.Signals): Promise<void> => {
    stopped ??= new Promise<void>((resolve) => {
      stopping = true;
      for (const slot of slots) if (slot.restart !== undefined) clearTimeout(slot.restart);
      const alive = slots.flatMap((s) => (s.worker === undefined || s.worker.isDead() ? [] : [s.worker]));
      let failed = false;
      let left = alive.length;
      if (left === 0) resolve();
      const timer = setTimeout(() => {
        out.warn(`the workers took more than ${STOP_TIMEOUT_MS / 1000} s to stop: killing them`);
        for (const worker of alive) if (!worker.isDead()) worker.process.kill("SIGKILL");
        process.exit(1);
      }, STOP_TIMEOUT_MS);
      timer.unref();
      for (const worker of alive) {
        worker.once("exit", (code: number | null) => {
          if (code !== 0) failed = true;
          left -= 1;
          if (left === 0) {
            clearTimeout(timer);
            process.exitCode = failed ? 1 : 0;
            resolve();
          }
        });
        // Each worker finishes its requests in flight and closes its pool (src/lifecycle.ts).
        worker.process.kill(signal);
      }
    });
    return stopped;
  };

  let firstSignal = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      // A terminal's Ctrl-C reaches every process of the group at once: the workers stop by
      // themselves too, and repeats are ignored, here as in each worker.
      if (!firstSignal) return;
      firstSignal = false;
      out.report(`${signal} received: stopping ${count} server processes (each finishes its requests in flight)`);
      void stopAll(signal).then(() => process.exit());
    });
  }

  for (const slot of slots) fork(slot);
  try {
    const url = await started;
    ready = true;
    const pids = slots.map((s) => s.worker?.process.pid ?? "?");
    out.report(`${count} server processes (pids ${pids.join(", ")}); the background sweep runs in pid ${pids[0]}`);
    out.report(`listening on ${url}`);
  } catch (err) {
    out.warn(`could not start: ${err instanceof Error ? err.message : String(err)}`);
    await stopAll("SIGTERM");
    process.exit(1);
  }
};
