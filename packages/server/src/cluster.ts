import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { exitOnSignals } from "./lifecycle.ts";
import { adoptSandboxKeys, exportSandboxKeys, sandboxKeyFingerprint, type SharedSandboxKeys } from "./payments/sandbox/keys.ts";
import { clockFor, SandboxClock } from "./providers/clock/index.ts";
import { SandboxSmsProvider, type SandboxMessage } from "./providers/sms/Sandbox.ts";
import { isLoopbackHost } from "./secretForms.ts";
import { startServer } from "./server.ts";

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
 */

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

/** The wait before replacing a worker that died: 1 s, doubling with each death in a row, at most 30 s. */
export const restartDelayMs = (deathsInARow: number): number => Math.min(30_000, 1_000 * 2 ** Math.max(0, deathsInARow - 1));

/** A worker that served this long before dying starts its slot's back-off afresh. */
export const HEALTHY_RUN_MS = 60_000;

/** How long a worker's advance or SMS waits for the others to see it before answering anyway. */
const SHARE_TIMEOUT_MS = 5_000;
/** How long the primary waits for the workers to stop (each gives itself 10 s: src/lifecycle.ts). */
const STOP_TIMEOUT_MS = 15_000;

type ToWorker =
  | {
      readonly type: "fuel:init";
      readonly slot: number;
      readonly runsSweeper: boolean;
      readonly sandboxKeys: SharedSandboxKeys | null;
      readonly clockOffsetMs: number;
      readonly sms: ReadonlyArray<readonly [string, SandboxMessage]>;
    }
  | { readonly type: "fuel:clock"; readonly offsetMs: number; readonly ack: number }
  | { readonly type: "fuel:sms"; readonly phone: string; readonly message: SandboxMessage; readonly ack: number }
  | { readonly type: "fuel:shared"; readonly id: number; readonly offsetMs: number };

type ToPrimary =
  | { readonly type: "fuel:hello" }
  | { readonly type: "fuel:listening"; readonly url: string }
  | { readonly type: "fuel:failed"; readonly message: string }
  | { readonly type: "fuel:share-clock"; readonly id: number; readonly advancedMs: number }
  | { readonly type: "fuel:share-sms"; readonly id: number; readonly phone: string; readonly message: SandboxMessage }
  | { readonly type: "fuel:ack"; readonly ack: number };

const isMessage = (m: unknown): m is { readonly type: string } =>
  typeof m === "object" && m !== null && typeof (m as { type?: unknown }).type === "string" && (m as { type: string }).type.startsWith("fuel:");

const describeExit = (code: number | null, signal: string | null): string => (signal !== null ? `signal ${signal}` : `code ${code ?? "?"}`);

// ---------------------------------------------------------------------------------------------
// The primary

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

  const sandboxPayments = config.providers.wechatPay === "sandbox" || config.providers.fyPay === "sandbox";
  const sandboxKeys = sandboxPayments ? exportSandboxKeys() : null;
  // The primary's copies of the shared sandbox state, for workers started later.
  let clockOffsetMs = 0;
  const inbox = new SandboxSmsProvider(new SandboxClock(), { info: () => {} });

  const slots: Slot[] = Array.from({ length: count }, (_, index) => ({ index, worker: undefined, listeningSince: undefined, deathsInARow: 0, restart: undefined }));
  const initialised = new Set<Worker>();
  let ready = false;
  let stopping = false;
  let nextAck = 1;
  const acks = new Map<number, { readonly worker: Worker; readonly done: () => void }>();

  let announceReady: (url: string) => void = () => {};
  let failStart: (message: string) => void = () => {};
  const started = new Promise<string>((resolve, reject) => {
    announceReady = resolve;
    failStart = (message) => reject(new Error(message));
  });

  /** Sends `make(ack)` to every initialised worker but `from`; resolves when each has acknowledged, exited, or the wait ran out. */
  const broadcast = (from: Worker, make: (ack: number) => ToWorker): Promise<void> => {
    const waits: Array<Promise<void>> = [];
    for (const worker of initialised) {
      if (worker === from) continue;
      const ack = nextAck++;
      waits.push(
        new Promise<void>((resolve) => {
          const timer = setTimeout(done, SHARE_TIMEOUT_MS);
          function done(): void {
            clearTimeout(timer);
            acks.delete(ack);
            resolve();
          }
          acks.set(ack, { worker, done });
          worker.send(make(ack), (err: Error | null) => {
            if (err) done();
          });
        }),
      );
    }
    return Promise.all(waits).then(() => {});
  };

  const onMessage = (slot: Slot, worker: Worker, msg: unknown): void => {
    if (!isMessage(msg)) return;
    const m = msg as ToPrimary;
    switch (m.type) {
      case "fuel:hello": {
        initialised.add(worker);
        const init: ToWorker = { type: "fuel:init", slot: slot.index, runsSweeper: slot.index === 0, sandboxKeys, clockOffsetMs, sms: inbox.messages() };
        worker.send(init);
        return;
      }
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
      case "fuel:share-clock": {
        clockOffsetMs += m.advancedMs;
        const offsetMs = clockOffsetMs;
        void broadcast(worker, (ack) => ({ type: "fuel:clock", offsetMs, ack })).then(() => {
          if (worker.isConnected()) worker.send({ type: "fuel:shared", id: m.id, offsetMs } satisfies ToWorker);
        });
        return;
      }
      case "fuel:share-sms": {
        inbox.keep(m.phone, m.message);
        void broadcast(worker, (ack) => ({ type: "fuel:sms", phone: m.phone, message: m.message, ack })).then(() => {
          if (worker.isConnected()) worker.send({ type: "fuel:shared", id: m.id, offsetMs: clockOffsetMs } satisfies ToWorker);
        });
        return;
      }
      case "fuel:ack":
        acks.get(m.ack)?.done();
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
      initialised.delete(worker);
      for (const [ack, waiting] of acks) if (waiting.worker === worker) acks.get(ack)?.done();
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

// ---------------------------------------------------------------------------------------------
// A worker

type Init = Extract<ToWorker, { type: "fuel:init" }>;

/** The worker's side of the link to the primary: the init, broadcasts, and answers to its own shares. */
const linkToPrimary = () => {
  const send = (m: ToPrimary, then?: () => void): void => {
    if (process.send === undefined) then?.();
    else process.send(m, undefined, {}, () => then?.());
  };
  let nextId = 1;
  const waiting = new Map<number, (offsetMs: number) => void>();
  // Broadcasts that arrive before the server is built are applied when it is, before it listens.
  const queued: ToWorker[] = [];
  let apply: ((m: ToWorker) => void) | undefined;
  let gotInit: (init: Init) => void = () => {};
  const init = new Promise<Init>((resolve) => (gotInit = resolve));

  process.on("message", (msg: unknown) => {
    if (!isMessage(msg)) return;
    const m = msg as ToWorker;
    if (m.type === "fuel:init") gotInit(m);
    else if (m.type === "fuel:shared") {
      waiting.get(m.id)?.(m.offsetMs);
      waiting.delete(m.id);
    } else {
      if (apply === undefined) queued.push(m);
      else apply(m);
      send({ type: "fuel:ack", ack: m.ack });
    }
  });

  /** Asks the primary to share, and resolves with the clock offset every process now has (after a time-out: this one's). */
  const share = (m: { type: "fuel:share-clock"; advancedMs: number } | { type: "fuel:share-sms"; phone: string; message: SandboxMessage }, fallbackOffsetMs: () => number) => {
    const id = nextId++;
    return new Promise<number>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(fallbackOffsetMs());
      }, SHARE_TIMEOUT_MS);
      waiting.set(id, (offsetMs) => {
        clearTimeout(timer);
        resolve(offsetMs);
      });
      send({ ...m, id });
    });
  };

  return {
    send,
    share,
    init,
    onShared: (fn: (m: ToWorker) => void): void => {
      apply = fn;
      for (const m of queued.splice(0)) fn(m);
    },
  };
};

/**
 * Runs one worker: waits for the primary's shared state, opens the database (already migrated by
 * the primary), builds the server, links its sandbox clock and SMS inbox to the others, listens on
 * the shared port, and stops gracefully on SIGINT/SIGTERM.
 */
export const runWorker = async (config: Config): Promise<void> => {
  const link = linkToPrimary();
  link.send({ type: "fuel:hello" });
  const init = await link.init;
  try {
    if (init.sandboxKeys !== null) adoptSandboxKeys(init.sandboxKeys);
    const clock = clockFor(config);
    if (clock instanceof SandboxClock) {
      clock.catchUp(init.clockOffsetMs);
      clock.shareWith = (advancedMs) => link.share({ type: "fuel:share-clock", advancedMs }, () => clock.offsetMs);
    }
    const database = await openDatabase(config, { onPoolError: (err) => console.error(`database pool error: ${err.message}`) });
    let server;
    try {
      server = await startServer({ config, database, clock, seedDemo: false, listen: false, sweeper: init.runsSweeper, warn: (line) => console.error(line) });
    } catch (err) {
      await database.close().catch(() => {});
      throw err;
    }
    const sms = server.app.deps.providers.sms;
    if (sms instanceof SandboxSmsProvider) {
      for (const [phone, message] of init.sms) sms.keep(phone, message);
      sms.shareWith = async (phone, message) => {
        await link.share({ type: "fuel:share-sms", phone, message }, () => 0);
      };
    }
    link.onShared((m) => {
      if (m.type === "fuel:clock" && clock instanceof SandboxClock) clock.catchUp(m.offsetMs);
      else if (m.type === "fuel:sms" && sms instanceof SandboxSmsProvider) sms.keep(m.phone, m.message);
    });
    const running = server;
    const stop = async (): Promise<void> => {
      try {
        await running.close();
      } finally {
        await database.close();
      }
    };
    try {
      await running.app.listen({ port: config.port, host: config.host });
    } catch (err) {
      await stop().catch(() => {});
      throw err;
    }
    exitOnSignals(stop, (msg) => running.app.log.info(msg));
    const address = running.app.server.address();
    const port = typeof address === "object" && address !== null ? address.port : config.port;
    const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}/`;
    const fingerprint = init.sandboxKeys === null ? {} : { sandboxKeys: sandboxKeyFingerprint() };
    running.app.log.info({ worker: init.slot + 1, sweeper: init.runsSweeper, ...fingerprint }, init.runsSweeper ? "worker listening; it runs the background sweep" : "worker listening");
    link.send({ type: "fuel:listening", url });
  } catch (err) {
    // The primary says it once, for all workers (a port in use fails each of them alike).
    link.send({ type: "fuel:failed", message: err instanceof Error ? err.message : String(err) }, () => process.exit(1));
  }
};
