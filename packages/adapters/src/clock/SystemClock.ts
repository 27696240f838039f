import type { Clock } from "../ports/Clock.ts";

/** The real clock of the browser. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to: for tests and the sandbox. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: number) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  /** Moves time forward; moving it backwards is refused because no rule of ours expects time to rewind. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`a clock only moves forward, got ${ms} ms`);
    this.#now += ms;
  }
}
