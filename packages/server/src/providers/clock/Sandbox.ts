import type { Clock } from "./Clock.ts";

/**
 * System time plus an offset that only moves forward (`POST /api/sandbox/clock {advance_seconds}`),
 * so expiry rules can be exercised end to end without waiting. Time never goes backwards:
 * stored timestamps stay in order and a session cannot become valid again.
 */
export class SandboxClock implements Clock {
  readonly kind = "sandbox" as const;
  #offsetMs = 0;

  constructor(private readonly system: () => number = () => Date.now()) {}

  now(): number {
    return this.system() + this.#offsetMs;
  }

  /** Moves the clock forward by `seconds` (a non-negative finite number) and returns the new now. */
  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw new RangeError(`the sandbox clock only moves forward: advance(${seconds})`);
    }
    this.#offsetMs += Math.round(seconds * 1000);
    return this.now();
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
