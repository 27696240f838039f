/**
 * A concurrency gate for costly work: at most `slots` tasks run at once, the others wait, and a
 * task that would wait too long is refused at once with {@link GateFull}.
 *
 * Why a gate: scrypt runs on libuv's thread pool (4 threads by default), which file reads, DNS
 * look-ups and zlib share, and thirty parallel sign-ins used to hold a right password for 20 s and
 * more, past the client's 10 s timeout. Behind the gate hashing keeps to its slots, and no sign-in
 * is let in to wait longer than the budget: "busy, try again in a moment" within a millisecond
 * beats a sign-in the client has given up on.
 *
 * Why least-attained-service per key (issue 22): the gate is shared by everyone, so its order
 * decides who pays for a flood. Round-robin across keys (the client address) was not enough: a
 * newcomer still waited behind one task of every other waiting address, and with a dozen flooding
 * addresses the shared queue and its wait budget refused every newcomer, right passwords
 * included. Now the gate remembers, per key, how much hashing it got recently (tasks started,
 * decayed exponentially with `halfLifeMs`) and serves the waiting key that got the least first
 * (ties: the oldest task first); a refusal at the door counts as service too. A customer who types a password once or twice has next to no
 * recent service, so whatever the flood, their hash is next: it waits for the running ones
 * only. A flooding address has much, so it waits behind every newcomer and the other flooders,
 * and its rate falls to its share. The measure decays, so an address that stops flooding is
 * treated as new again within minutes; a count of tasks (not their time) is enough since every
 * task here is one scrypt of the same cost.
 *
 * The limits that are shared are shaped so that the flood pays, not the newcomer:
 * - a key may have at most `maxWaitingPerKey` tasks waiting; beyond that it is refused itself;
 * - the queue holds at most `maxQueue` tasks (memory); when full, a newcomer with less recent
 *   service than the most-served waiting key takes the place of that key's newest waiting task,
 *   which is refused; otherwise the newcomer is refused;
 * - the estimated wait counts only the tasks that would be served before this one (from the
 *   service levels and the moving average of task times), so a flood does not lengthen a
 *   newcomer's estimate;
 * - a task whose turn comes more than `maxAgeMs` after it arrived is refused then instead of
 *   run (its client is about to give up, and the work would be wasted): an estimate cannot
 *   foresee later arrivals with less service, which go first.
 * The map of service levels is bounded: entries of keys with nothing waiting or running are
 * forgotten once their service has decayed below {@link NEGLIGIBLE_SERVICE}, and when it still
 * holds `maxKeys` the least-served of those are forgotten down to half (forgetting little
 * service changes little; the flooders, most served, are remembered longest). So the map holds
 * at most `maxKeys` keys besides those with tasks waiting or running. Everything reads time through `now`, so tests drive it with a hand-moved clock.
 */

/** Why the gate refused a task; every one is answered "busy, try again in a moment". */
export type GateRefusal =
  /** The task's own key has `maxWaitingPerKey` tasks waiting already. */
  | "key"
  /** The queue is full of keys with no more recent service than this one. */
  | "queue"
  /** Its estimated wait exceeds `maxWaitMs`. */
  | "estimate"
  /** It was waiting and a key with less recent service took its place in the full queue. */
  | "evicted"
  /** Its turn came more than `maxAgeMs` after it arrived. */
  | "late";

/** Thrown by {@link ConcurrencyGate.run} when the task would wait too long. */
export class GateFull extends Error {
  override readonly name = "GateFull";
  constructor(readonly why: GateRefusal = "queue") {
    super(`too much work is already waiting (${why})`);
  }
}

export interface GateOptions {
  /** Tasks running at once. */
  readonly slots: number;
  /** Waiting tasks, at most, whatever the estimate says (a bound on memory). */
  readonly maxQueue: number;
  /** Waiting tasks of one key, at most (default: `maxQueue`). */
  readonly maxWaitingPerKey?: number;
  /** A task whose estimated wait exceeds this is refused. */
  readonly maxWaitMs: number;
  /** How long a task takes, until some have been timed. */
  readonly initialEstimateMs: number;
  /** A waiting task whose turn comes later than this after it arrived is refused instead of run. */
  readonly maxAgeMs: number;
  /** How fast a key's recent service is forgotten (default 30 s). */
  readonly halfLifeMs?: number;
  /** Keys whose service is remembered, at most (default 10,000). */
  readonly maxKeys?: number;
  /**
   * Slots kept free for keys with little recent service (below `belowService`): a key with more
   * runs only while fewer than `slots - reserved.slots` tasks run. At most `slots - 1` (default none).
   */
  readonly reserved?: { readonly slots: number; readonly belowService: number };
  /** Milliseconds from some fixed point (default `performance.now`). */
  readonly now?: () => number;
}

/** Weight of the latest task in the moving average of task durations: a slowdown counts at once, a recovery gradually. */
const SMOOTHING_UP = 0.5;
const SMOOTHING_DOWN = 0.2;

/** Recent service below this (a hundredth of a task) is as good as none: the key's entry may be forgotten. */
export const NEGLIGIBLE_SERVICE = 0.01;

interface Waiter {
  /** Arrival order, for ties. */
  readonly seq: number;
  readonly since: number;
  readonly go: () => void;
  readonly refuse: (err: GateFull) => void;
}

interface KeyState {
  /** Tasks started, decayed to `at`. */
  service: number;
  at: number;
  running: number;
  /** Oldest first. */
  readonly waiting: Waiter[];
}

export class ConcurrencyGate {
  private running = 0;
  private waitingCount = 0;
  private startedCount = 0;
  private readonly refusedCount: Record<GateRefusal, number> = { key: 0, queue: 0, estimate: 0, evicted: 0, late: 0 };
  private seq = 0;
  private readonly keys = new Map<string, KeyState>();
  private lastSweep: number;
  private averageMs: number;
  private readonly now: () => number;
  private readonly maxWaitingPerKey: number;
  private readonly halfLifeMs: number;
  private readonly maxKeys: number;
  /** Slots a heavy key (recent service at or above `heavyService`) may use. */
  private readonly heavySlots: number;
  private readonly heavyService: number;

  constructor(readonly options: GateOptions) {
    const { slots, maxQueue, maxWaitMs, initialEstimateMs, maxAgeMs } = options;
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError("slots must be a positive integer");
    if (!Number.isInteger(maxQueue) || maxQueue < 0) throw new RangeError("maxQueue must be a non-negative integer");
    if (!(maxWaitMs >= 0) || !(maxAgeMs >= 0) || !(initialEstimateMs > 0)) throw new RangeError("maxWaitMs and maxAgeMs must be >= 0, initialEstimateMs > 0");
    this.maxWaitingPerKey = options.maxWaitingPerKey ?? maxQueue;
    this.halfLifeMs = options.halfLifeMs ?? 30_000;
    this.maxKeys = options.maxKeys ?? 10_000;
    if (!Number.isInteger(this.maxWaitingPerKey) || this.maxWaitingPerKey < 0) throw new RangeError("maxWaitingPerKey must be a non-negative integer");
    if (!(this.halfLifeMs > 0)) throw new RangeError("halfLifeMs must be > 0");
    if (!Number.isInteger(this.maxKeys) || this.maxKeys < 1) throw new RangeError("maxKeys must be a positive integer");
    const reserved = options.reserved ?? { slots: 0, belowService: Infinity };
    if (!Number.isInteger(reserved.slots) || reserved.slots < 0 || reserved.slots >= slots) throw new RangeError("reserved.slots must be an integer from 0 to slots - 1");
    if (!(reserved.belowService > 0)) throw new RangeError("reserved.belowService must be > 0");
    this.heavySlots = slots - reserved.slots;
    this.heavyService = reserved.belowService;
    this.averageMs = initialEstimateMs;
    this.now = options.now ?? (() => performance.now());
    this.lastSweep = this.now();
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

  /** Tasks started since the gate was made. */
  get startedTotal(): number {
    return this.startedCount;
  }

  /** Tasks refused since the gate was made, by why. */
  get refusedTotal(): Readonly<Record<GateRefusal, number>> {
    return { ...this.refusedCount };
  }

  /** Keys whose recent service is remembered now. */
  get rememberedKeys(): number {
    return this.keys.size;
  }

  /** How many tasks of `key` started recently, each decayed by its age (0 for a key never seen or forgotten). */
  serviceOf(key: string): number {
    const state = this.keys.get(key);
    return state === undefined ? 0 : this.decayed(state, this.now());
  }

  /**
   * How long a new task of `key` would wait: the tasks that least-attained-service serves before
   * it (its own key's waiting ones, and each other key's waiting ones whose service level is not
   * above the one this task will have), then a free slot.
   */
  estimatedWaitMs(key: string): number {
    const now = this.now();
    const own = this.keys.get(key);
    if (this.mayStart(own, this.running, now)) return 0;
    const ownWaiting = own?.waiting.length ?? 0;
    // Each task started adds 1 to its key's service: this one starts at the level its key reaches after its own waiting ones.
    const level = (own === undefined ? 0 : this.decayed(own, now)) + ownWaiting;
    let ahead = ownWaiting;
    for (const [other, state] of this.keys) {
      if (other === key || state.waiting.length === 0) continue;
      // Ties go to the older task, and the other key's are older.
      ahead += Math.min(state.waiting.length, Math.max(0, Math.floor(level - this.decayed(state, now)) + 1));
    }
    const usable = own !== undefined && this.heavy(own, now) ? this.heavySlots : this.options.slots;
    return Math.ceil((ahead + 1) / usable) * this.averageMs;
  }

  /** Runs `task` when a slot is free; rejects with {@link GateFull}, without running it, when it would wait too long. */
  async run<A>(task: () => Promise<A>, key = ""): Promise<A> {
    const now = this.now();
    this.sweep(now);
    if (!this.mayStart(this.keys.get(key), this.running, now)) {
      this.admit(key, now);
      // The slot is handed over by the task that frees it (see below), so `running` never dips.
      await new Promise<void>((go, refuse) => {
        this.stateOf(key, now).waiting.push({ seq: this.seq++, since: now, go, refuse });
        this.waitingCount += 1;
      });
    } else {
      this.running += 1;
      this.started(this.stateOf(key, now), now);
    }
    const started = this.now();
    try {
      return await task();
    } finally {
      const took = this.now() - started;
      this.averageMs += (took > this.averageMs ? SMOOTHING_UP : SMOOTHING_DOWN) * (took - this.averageMs);
      const state = this.keys.get(key);
      if (state !== undefined) state.running -= 1;
      this.handOver();
    }
  }

  /** Throws GateFull unless a task of `key` may wait; may make room by evicting the most-served key's newest waiter. */
  private admit(key: string, now: number): void {
    const own = this.keys.get(key);
    if ((own?.waiting.length ?? 0) >= this.maxWaitingPerKey) throw this.refusedAt(key, now, "key");
    // Before any eviction: a task evicted for a newcomer refused anyway would be lost for nothing.
    if (this.estimatedWaitMs(key) > this.options.maxWaitMs) throw this.refusedAt(key, now, "estimate");
    if (this.waitingCount >= this.options.maxQueue) {
      const service = own === undefined ? 0 : this.decayed(own, now);
      const victim = this.mostServedWaiting(now);
      if (victim === undefined || !(service < victim.service)) throw this.refusedAt(key, now, "queue");
      const evicted = victim.state.waiting.pop()!;
      this.waitingCount -= 1;
      evicted.refuse(this.refusal("evicted"));
      this.trim(now);
    }
  }

  /** Gives the freed slot to the next waiting task (refusing those that waited too long), or frees it. */
  private handOver(): void {
    for (let next = this.takeNext(); next !== undefined; next = this.takeNext()) {
      const now = this.now();
      // The least-served waiting key is heavy, so every waiting one is: the freed slot may be a reserved one.
      if (!this.mayStart(next.state, this.running - 1, now)) {
        next.state.waiting.unshift(next.waiter);
        this.waitingCount += 1;
        break;
      }
      if (now - next.waiter.since <= this.options.maxAgeMs) {
        this.started(next.state, now);
        next.waiter.go();
        this.trim(now);
        return;
      }
      next.waiter.refuse(this.refusal("late"));
    }
    this.running -= 1;
    this.trim(this.now());
  }

  /** The next waiting task: the oldest of the key with the least recent service (ties: the oldest task). */
  private takeNext(): { state: KeyState; waiter: Waiter } | undefined {
    const now = this.now();
    let best: { state: KeyState; service: number; seq: number } | undefined;
    for (const state of this.keys.values()) {
      const head = state.waiting[0];
      if (head === undefined) continue;
      const service = this.decayed(state, now);
      if (best === undefined || service < best.service || (service === best.service && head.seq < best.seq)) best = { state, service, seq: head.seq };
    }
    if (best === undefined) return undefined;
    this.waitingCount -= 1;
    return { state: best.state, waiter: best.state.waiting.shift()! };
  }

  /** The waiting key with the most recent service (ties: the one whose newest task is newest). */
  private mostServedWaiting(now: number): { state: KeyState; service: number } | undefined {
    let most: { state: KeyState; service: number; seq: number } | undefined;
    for (const state of this.keys.values()) {
      const newest = state.waiting.at(-1);
      if (newest === undefined) continue;
      const service = this.decayed(state, now);
      if (most === undefined || service > most.service || (service === most.service && newest.seq > most.seq)) most = { state, service, seq: newest.seq };
    }
    return most;
  }

  /**
   * A refusal at the door also counts as a task of its key's: a flooding address is refused far
   * more often than it is served, and without this one whose tasks have not started yet would
   * have as little recent service as a customer trying once, and tie with them. A customer
   * refused once or twice gains as little.
   */
  private refusedAt(key: string, now: number, why: GateRefusal): GateFull {
    const state = this.stateOf(key, now);
    state.service = this.decayed(state, now) + 1;
    state.at = now;
    this.trim(now);
    return this.refusal(why);
  }

  private refusal(why: GateRefusal): GateFull {
    this.refusedCount[why] += 1;
    return new GateFull(why);
  }

  private started(state: KeyState, now: number): void {
    this.startedCount += 1;
    state.service = this.decayed(state, now) + 1;
    state.at = now;
    state.running += 1;
  }

  /** Whether a task of a key in `state` may start with `running` tasks running: a free slot, and not a reserved one for a heavy key. */
  private mayStart(state: KeyState | undefined, running: number, now: number): boolean {
    if (running >= this.options.slots) return false;
    return running < this.heavySlots || state === undefined || !this.heavy(state, now);
  }

  private heavy(state: KeyState, now: number): boolean {
    return this.decayed(state, now) >= this.heavyService;
  }

  private decayed(state: KeyState, now: number): number {
    return state.service * 2 ** (-Math.max(0, now - state.at) / this.halfLifeMs);
  }

  private stateOf(key: string, now: number): KeyState {
    let state = this.keys.get(key);
    if (state === undefined) {
      if (this.keys.size >= this.maxKeys) this.prune(now);
      state = { service: 0, at: now, running: 0, waiting: [] };
      this.keys.set(key, state);
    }
    return state;
  }

  /** Once a half-life, forgets the keys whose service has become negligible. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.halfLifeMs) return;
    this.lastSweep = now;
    for (const [key, state] of this.keys) if (this.idle(state) && this.decayed(state, now) < NEGLIGIBLE_SERVICE) this.keys.delete(key);
  }

  /** A key became idle: keeps the idle ones within `maxKeys`. */
  private trim(now: number): void {
    if (this.keys.size > this.maxKeys) this.prune(now);
  }

  /** The map is full: forgets negligible keys, and if that is not enough, the least-served half of the idle ones. */
  private prune(now: number): void {
    this.lastSweep = now;
    const idle = [...this.keys].filter(([, state]) => this.idle(state)).map(([key, state]) => ({ key, service: this.decayed(state, now) }));
    const negligible = idle.filter((e) => e.service < NEGLIGIBLE_SERVICE);
    for (const { key } of negligible) this.keys.delete(key);
    const keep = Math.floor(this.maxKeys / 2);
    if (this.keys.size <= keep) return;
    const rest = idle.filter((e) => e.service >= NEGLIGIBLE_SERVICE).sort((a, b) => a.service - b.service);
    for (const { key } of rest.slice(0, this.keys.size - keep)) this.keys.delete(key);
  }

  private idle(state: KeyState): boolean {
    return state.running === 0 && state.waiting.length === 0;
  }
}
