/**
 * A concurrency gate: at most `slots` tasks run at once, up to `maxQueue` more wait their turn
 * (first come, first served), and any beyond that are refused at once with {@link GateFull}.
 *
 * Why: scrypt runs on libuv's thread pool (4 threads by default), which file reads, DNS look-ups
 * and zlib share. Thirty parallel sign-ins used to fill that pool for 20 s and more, so every other
 * request needing it waited too. Behind the gate hashing keeps to its slots, and the queue bound
 * caps how long a hash waits: a full queue answers "busy" in a millisecond rather than a sign-in
 * that the client has given up on by the time it is checked.
 */

/** Thrown by {@link ConcurrencyGate.run} when every slot is busy and the queue is full. */
export class GateFull extends Error {
  override readonly name = "GateFull";
  constructor() {
    super("the gate's queue is full");
  }
}

export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly slots: number,
    readonly maxQueue: number,
  ) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError("slots must be a positive integer");
    if (!Number.isInteger(maxQueue) || maxQueue < 0) throw new RangeError("maxQueue must be a non-negative integer");
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` when a slot is free; rejects with {@link GateFull} (without running it) when the queue is full. */
  async run<A>(task: () => Promise<A>): Promise<A> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.maxQueue) throw new GateFull();
      // The slot is handed over by the task that frees it (see below), so `running` never dips.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.running -= 1;
      else next();
    }
  }
}
