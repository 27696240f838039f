import type { Worker } from "node:cluster";
import type { Config } from "../config.ts";
import { exportSandboxKeys, type SharedSandboxKeys } from "../payments/sandbox/keys.ts";
import { SandboxClock } from "../providers/clock/index.ts";
import { SandboxSmsProvider, type SandboxMessage } from "../providers/sms/Sandbox.ts";

/**
 * The messages between the primary and its workers, and the sharing of the sandbox state over them:
 * the sandbox channels' keys (made once by the primary, handed to every worker at its init), the
 * sandbox clock's advances and the sandbox SMS inbox (a worker's advance or SMS goes through the
 * primary to every other worker before its request answers; a worker started later gets the
 * primary's copy in its init).
 */

/** How long a worker's advance or SMS waits for the others to see it before answering anyway. */
export const SHARE_TIMEOUT_MS = 5_000;

export type ToWorker =
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

export type ToPrimary =
  | { readonly type: "fuel:hello" }
  | { readonly type: "fuel:listening"; readonly url: string }
  | { readonly type: "fuel:failed"; readonly message: string }
  | { readonly type: "fuel:share-clock"; readonly id: number; readonly advancedMs: number }
  | { readonly type: "fuel:share-sms"; readonly id: number; readonly phone: string; readonly message: SandboxMessage }
  | { readonly type: "fuel:ack"; readonly ack: number };

export const isMessage = (m: unknown): m is { readonly type: string } =>
  typeof m === "object" && m !== null && typeof (m as { type?: unknown }).type === "string" && (m as { type: string }).type.startsWith("fuel:");

// ---------------------------------------------------------------------------------------------
// The primary's side

/** What a worker sends the primary to share, and its acknowledgements of the primary's broadcasts. */
export type ShareMessage = Extract<ToPrimary, { type: "fuel:share-clock" | "fuel:share-sms" | "fuel:ack" }>;

/**
 * The primary's side of the sharing: its copies of the shared sandbox state, the workers that have
 * had their init (and so get broadcasts), and the broadcasts waiting for acknowledgements.
 */
export const sandboxSyncInPrimary = (config: Config) => {
  const sandboxPayments = config.providers.wechatPay === "sandbox" || config.providers.fyPay === "sandbox";
  const sandboxKeys = sandboxPayments ? exportSandboxKeys() : null;
  // The primary's copies of the shared sandbox state, for workers started later.
  let clockOffsetMs = 0;
  const inbox = new SandboxSmsProvider(new SandboxClock(), { info: () => {} });

  const initialised = new Set<Worker>();
  let nextAck = 1;
  const acks = new Map<number, { readonly worker: Worker; readonly done: () => void }>();

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

  return {
    /** Answers a worker's `fuel:hello` with its init (the shared state); it gets broadcasts from now on. */
    init: (worker: Worker, slot: number, runsSweeper: boolean): void => {
      initialised.add(worker);
      const init: ToWorker = { type: "fuel:init", slot, runsSweeper, sandboxKeys, clockOffsetMs, sms: inbox.messages() };
      worker.send(init);
    },
    /** Handles a worker's share or acknowledgement. */
    onMessage: (worker: Worker, m: ShareMessage): void => {
      switch (m.type) {
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
    },
    /** A worker exited: no more broadcasts to it, and none waits for its acknowledgement. */
    forget: (worker: Worker): void => {
      initialised.delete(worker);
      for (const [ack, waiting] of acks) if (waiting.worker === worker) acks.get(ack)?.done();
    },
  };
};

// ---------------------------------------------------------------------------------------------
// A worker's side

export type Init = Extract<ToWorker, { type: "fuel:init" }>;

/** The worker's side of the link to the primary: the init, broadcasts, and answers to its own shares. */
export const linkToPrimary = () => {
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
