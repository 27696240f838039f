import type { Clock } from "./Clock.ts";

/**
 * System time plus an offset that only moves forward (`POST /api/sandbox/clock {advance_seconds}`),
 * so expiry rules can be exercised end to end without waiting. Time never goes backwards:
 * stored timestamps stay in order and a session cannot become valid again.
 */
export class SandboxClock implements Clock {
  readonly kind = "sandbox" as const;
  #offsetMs = 0;
  #shared: Promise<void> = Promise.resolve();

  /**
   * Where each advance goes too: a cluster worker (src/cluster/sandboxSync.ts) tells the other processes of
   * this sandbox, and gets back the offset all of them now have (every process's advances added
   * up). Default: nowhere, one process.
   */
  shareWith: ((advancedMs: number) => Promise<number>) | undefined;

  constructor(private readonly system: () => number = () => Date.now()) {}

  now(): number {
    return this.system() + this.#offsetMs;
  }

  /** Moves the clock forward by `seconds` (a non-negative finite number) and returns the new now. */
  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError(`the sandbox clock only moves forward: advance(${seconds})`);
    }
    const advancedMs = Math.round(seconds * 1000);
    this.#offsetMs += advancedMs;
    const now = this.now();
    const share = this.shareWith;
    if (share !== undefined) this.#shared = share(advancedMs).then((offsetMs) => this.catchUp(offsetMs));
    return now;
  }

  /** Resolves once every process serving this sandbox sees the latest advance (at once in one process). */
  shared(): Promise<void> {
    return this.#shared;
  }

  /** Moves forward to `offsetMs` ahead of system time, unless already there: another process of this sandbox advanced. */
  catchUp(offsetMs: number): void {
    if (Number.isFinite(offsetMs) && offsetMs > this.#offsetMs) this.#offsetMs = offsetMs;
  }

  /** How far ahead of system time the clock is, in milliseconds. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Back to system time. For test set-up only: production code never calls it. */
  reset(): void {
    this.#offsetMs = 0;
  }
}
