/**
 * A concurrency gate for costly work: at most `slots` tasks run at once, the others wait, and a
 * task that would wait longer than `maxWaitMs` is refused at once with {@link GateFull}.
 *
 * Why: scrypt runs on libuv's thread pool (4 threads by default), which file reads, DNS look-ups
 * and zlib share, and thirty parallel sign-ins used to hold a right password for 20 s and more,
 * past the client's 10 s timeout. Behind the gate hashing keeps to its slots, and no sign-in is
 * let in to wait longer than the budget: when the queue is too long for that, the answer is
 * "busy, try again in a moment" within a millisecond, not a sign-in the client has given up on.
 *
 * Waiting tasks are served round-robin across keys (the client address): one address sending
 * twenty sign-ins at once delays another address's sign-in by at most one of them, not twenty.
 * The wait a newcomer would have is estimated from that order and from how long recent tasks
 * took (a moving average that rises fast and falls slowly), so the budget holds on a slow or busy
 * machine as on a fast one. An estimate can still lag (a burst arrives before any slow task has
 * finished), so a task whose turn comes after `maxAgeMs` of waiting is refused then instead of
 * run: its client is about to give up, and the work would be wasted.
 */

/** Thrown by {@link ConcurrencyGate.run} when the task would wait too long. */
export class GateFull extends Error {
  override readonly name = "GateFull";
  constructor() {
    super("too much work is already waiting");
  }
}

export interface GateOptions {
  /** Tasks running at once. */
  readonly slots: number;
  /** Waiting tasks, at most, whatever the estimate says (a bound on memory). */
  readonly maxQueue: number;
  /** A task whose estimated wait exceeds this is refused. */
  readonly maxWaitMs: number;
  /** How long a task takes, until some have been timed. */
  readonly initialEstimateMs: number;
  /** A waiting task whose turn comes later than this after it arrived is refused instead of run. */
  readonly maxAgeMs: number;
  /** Milliseconds from some fixed point (default `performance.now`). */
  readonly now?: () => number;
}

/** Weight of the latest task in the moving average of task durations: a slowdown counts at once, a recovery gradually. */
const SMOOTHING_UP = 0.5;
const SMOOTHING_DOWN = 0.2;

interface Waiter {
  readonly since: number;
  readonly go: () => void;
  readonly refuse: (err: GateFull) => void;
}

export class ConcurrencyGate {
  private running = 0;
  private waitingCount = 0;
  /** Waiting tasks by key; the map's order is the round-robin order (a served key moves to the end). */
  private readonly waiting = new Map<string, Waiter[]>();
  private averageMs: number;
  private readonly now: () => number;

  constructor(readonly options: GateOptions) {
    const { slots, maxQueue, maxWaitMs, initialEstimateMs, maxAgeMs } = options;
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError("slots must be a positive integer");
    if (!Number.isInteger(maxQueue) || maxQueue < 0) throw new RangeError("maxQueue must be a non-negative integer");
    if (!(maxWaitMs >= 0) || !(maxAgeMs >= 0) || !(initialEstimateMs > 0)) throw new RangeError("maxWaitMs and maxAgeMs must be >= 0, initialEstimateMs > 0");
    this.averageMs = initialEstimateMs;
    this.now = options.now ?? (() => performance.now());
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot now. */
  get queued(): number {
    return this.waitingCount;
  }

  /** The moving average of how long a task takes, in ms. */
  get estimateMs(): number {
    return this.averageMs;
  }

  /**
   * How long a new task of `key` would wait: round-robin serves, ahead of it, every waiting task
   * of its own key and up to one more than that from each other key, then it needs a free slot.
   */
  estimatedWaitMs(key: string): number {
    if (this.running < this.options.slots) return 0;
    const own = this.waiting.get(key)?.length ?? 0;
    let ahead = own;
    for (const [other, queue] of this.waiting) if (other !== key) ahead += Math.min(queue.length, own + 1);
    return Math.ceil((ahead + 1) / this.options.slots) * this.averageMs;
  }

  /** Runs `task` when a slot is free; rejects with {@link GateFull}, without running it, when it would wait too long. */
  async run<A>(task: () => Promise<A>, key = ""): Promise<A> {
    if (this.running >= this.options.slots) {
      if (this.waitingCount >= this.options.maxQueue || this.estimatedWaitMs(key) > this.options.maxWaitMs) throw new GateFull();
      // The slot is handed over by the task that frees it (see below), so `running` never dips.
      await new Promise<void>((go, refuse) => {
        const waiter: Waiter = { since: this.now(), go, refuse };
        const queue = this.waiting.get(key);
        if (queue === undefined) this.waiting.set(key, [waiter]);
        else queue.push(waiter);
        this.waitingCount += 1;
      });
    } else {
      this.running += 1;
    }
    const started = this.now();
    try {
      return await task();
    } finally {
      const took = this.now() - started;
      this.averageMs += (took > this.averageMs ? SMOOTHING_UP : SMOOTHING_DOWN) * (took - this.averageMs);
      this.handOver();
    }
  }

  /** Gives the freed slot to the next waiting task (refusing those that waited too long), or frees it. */
  private handOver(): void {
    for (let next = this.takeNext(); next !== undefined; next = this.takeNext()) {
      if (this.now() - next.since <= this.options.maxAgeMs) {
        next.go();
        return;
      }
      next.refuse(new GateFull());
    }
    this.running -= 1;
  }

  /** The next waiting task, round-robin: the first key's oldest, and that key goes to the back. */
  private takeNext(): Waiter | undefined {
    const first = this.waiting.entries().next();
    if (first.done === true) return undefined;
    const [key, queue] = first.value;
    const next = queue.shift();
    this.waiting.delete(key);
    if (queue.length > 0) this.waiting.set(key, queue);
    this.waitingCount -= 1;
    return next;
  }
}
