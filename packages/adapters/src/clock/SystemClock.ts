import type { Clock } from "../ports/Clock.ts";

const positive = (ms: number): void => {
  if (!(ms > 0)) throw new RangeError(`a period must be a positive number of ms, got ${ms}`);
};

/** The real clock of the browser. */
export const systemClock: Clock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    positive(ms);
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

interface Repeating {
  readonly ms: number;
  readonly tick: () => void;
  next: number;
}

/**
 * A clock that only moves when told to: for tests and the sandbox. Its `every` ticks as
 * {@link ManualClock.advance} passes each period, in time order, with `now()` at that instant.
 */
export class ManualClock implements Clock {
  #now: number;
  readonly #repeating = new Set<Repeating>();
  constructor(start: number) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  every(ms: number, tick: () => void): () => void {
    positive(ms);
    const repeating: Repeating = { ms, tick, next: this.#now + ms };
    this.#repeating.add(repeating);
    return () => void this.#repeating.delete(repeating);
  }
  /** Moves time forward; moving it backwards is refused because no rule of ours expects time to rewind. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`a clock only moves forward, got ${ms} ms`);
    const end = this.#now + ms;
    for (;;) {
      let due: Repeating | undefined;
      for (const r of this.#repeating) if (r.next <= end && (due === undefined || r.next < due.next)) due = r;
      if (due === undefined) break;
      this.#now = due.next;
      due.next += due.ms;
      due.tick();
    }
    this.#now = end;
  }
}
