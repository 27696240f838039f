import { describeUnavailable } from "./unavailable.ts";

/**
 * Whether the database answers, as the server last saw it, and the back-off while it does not.
 *
 * A request that cannot reach the database (src/http/errorHandler.ts) or a failed readiness probe
 * reports it here; the first report after the database answered logs one line, 'database
 * unreachable: <cause>; retrying', and starts probing with back-off ({@link BACKOFF}); the first
 * probe or request that succeeds logs 'database reachable again'. One line per change of state,
 * however many requests fail meanwhile. Requests are not held back while it is unreachable: each
 * tries the database (node-postgres opens a new connection for it) and answers 503 if it cannot.
 *
 * At start-up {@link DatabaseHealth.waitUntilReachable} waits with the same back-off, so a server
 * started before PostgreSQL accepts connections waits for it instead of exiting; until the
 * server has migrated (`accepting`), /api answers 503 except /api/version and /api/ready.
 */

/** Back-off between probes: 0.25 s, doubling, at most 10 s. */
export const BACKOFF = { firstMs: 250, factor: 2, maxMs: 10_000 } as const;

/** A probe that has not answered within this long counts as a failure (readiness and back-off alike). */
export const PROBE_TIMEOUT_MS = 2_000;

/** The delay before probe number `attempt` (0-based) of an outage. */
export const backoffMs = (attempt: number): number => Math.min(BACKOFF.maxMs, BACKOFF.firstMs * BACKOFF.factor ** Math.max(0, attempt));

export interface HealthLog {
  error(message: string): void;
  /** The recovery: at warn, so that an operator who logs warnings sees the outage end as well as begin. */
  warn(message: string): void;
}

export type HealthState = "unknown" | "reachable" | "unreachable";

export class DatabaseHealth {
  #state: HealthState = "unknown";
  #timer: NodeJS.Timeout | undefined;
  #attempt = 0;
  #stopped = false;
  #waiters: Array<{ readonly resolve: () => void; readonly reject: (err: Error) => void }> = [];
  /** False until the server has migrated (and seeded) the database it waited for: /api answers 503 meanwhile. */
  accepting = true;

  constructor(
    /** A trivial query (`select 1`); rejects when the database does not answer. */
    private readonly probe: () => Promise<unknown>,
    public log: HealthLog,
    private readonly timeoutMs: number = PROBE_TIMEOUT_MS,
  ) {}

  get state(): HealthState {
    return this.#state;
  }

  /** A request or probe could not reach the database: log the change and start the back-off, once. */
  failed(err: unknown): void {
    if (this.#stopped) return;
    if (this.#state !== "unreachable") {
      this.log.error(`database unreachable: ${describeUnavailable(err)}; retrying`);
      this.#state = "unreachable";
      this.#attempt = 0;
    }
    this.#schedule();
  }

  /** A request or probe reached the database. */
  succeeded(): void {
    if (this.#state === "unreachable") this.log.warn("database reachable again");
    this.#state = "reachable";
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const waiter of this.#waiters.splice(0)) waiter.resolve();
  }

  /** Runs the probe now, within the timeout; reports the outcome. Readiness asks this. */
  async check(): Promise<boolean> {
    try {
      await withTimeout(this.probe(), this.timeoutMs);
      this.succeeded();
      return true;
    } catch (err) {
      this.failed(err);
      return false;
    }
  }

  /** Resolves once the database answers, probing with back-off meanwhile (start-up); rejects if stopped first. */
  waitUntilReachable(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.#stopped) return reject(new Error("stopped while waiting for the database"));
      this.#waiters.push({ resolve, reject });
      void this.check();
    });
  }

  /** Stops probing (the server closes); a start-up wait in progress rejects. */
  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const waiter of this.#waiters.splice(0)) waiter.reject(new Error("stopped while waiting for the database"));
  }

  #schedule(): void {
    if (this.#timer !== undefined || this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#attempt++;
      void this.check();
    }, backoffMs(this.#attempt));
    // Probing alone keeps no process alive, unless a start-up waits on it (before anything listens).
    if (this.#waiters.length === 0) this.#timer.unref();
  }
}

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error(`the database did not answer within ${ms} ms`), { code: "ETIMEDOUT" })), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
