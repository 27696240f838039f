import { setTimeout as sleep } from "node:timers/promises";

/**
 * The two ways the write benchmark drives the server (issue 14 item 4), independent of HTTP so
 * they can be tested against a fake job (test/bench/schedule.test.ts).
 *
 * - {@link openLoop}: job i is DUE at start + i / rate (evenly spaced) and is started at that
 *   moment whether or not earlier jobs have finished; its latency counts from when it was due, not
 *   from when it was sent, so a server (or a generator) that falls behind shows as latency instead of
 *   silently sending less (no coordinated omission).
 * - {@link closedLoop}: `connections` workers, each starting its next job as soon as its last one
 *   finished, for a duration: the most the server completes at that concurrency. Latency counts
 *   from each job's start.
 *
 * A job is one scenario step (an order creation, a notification, or a create-then-pay cycle of two
 * requests); it reports how it ended and how many requests it made.
 */

export type Outcome = "ok" | "non2xx" | "transport";

export interface JobResult {
  readonly outcome: Outcome;
  /** HTTP requests the job sent (a create-then-pay cycle sends 2, or 1 if the creation failed). */
  readonly requests: number;
}

export type Job = (index: number) => Promise<JobResult>;

export interface LoadRecord {
  /** Jobs started. */
  readonly jobs: number;
  /** One per finished job, in ms: from its due time (open loop) or its start (closed loop). */
  readonly latenciesMs: readonly number[];
  readonly ok: number;
  readonly non2xx: number;
  readonly transport: number;
  readonly requests: number;
  /** From the first job's due time (or start) until the last job finished. */
  readonly elapsedMs: number;
  /** Open loop: how late each job was started after its due time, in ms (the generator's own lag). Empty for closed loops. */
  readonly sendLagMs: readonly number[];
}

/** When job `i` of an open-loop load at `rate` jobs per second is due, in ms after the start. */
export const dueAt = (i: number, rate: number): number => (i * 1000) / rate;

/** How many of `total` jobs are due `elapsedMs` after the start (job 0 is due at once). */
export const dueBy = (elapsedMs: number, rate: number, total: number): number =>
  elapsedMs < 0 ? 0 : Math.min(total, Math.floor((elapsedMs * rate) / 1000 + 1e-9) + 1);

/** The number of jobs an open-loop phase sends: `rate` per second for `seconds`, at most `maxJobs`. */
export const openLoopJobs = (rate: number, seconds: number, maxJobs = Number.POSITIVE_INFINITY): number =>
  Math.max(0, Math.min(maxJobs, Math.round(rate * seconds)));

class Recorder {
  readonly latenciesMs: number[] = [];
  readonly sendLagMs: number[] = [];
  ok = 0;
  non2xx = 0;
  transport = 0;
  requests = 0;
  jobs = 0;

  constructor(private readonly now: () => number) {}

  /** Starts job `i`, its latency counted from `since`. Never rejects. */
  run(job: Job, i: number, since: number): Promise<void> {
    this.jobs++;
    const done = (r: JobResult): void => {
      this.latenciesMs.push(this.now() - since);
      this[r.outcome]++;
      this.requests += r.requests;
    };
    let started: Promise<JobResult>;
    try {
      started = job(i);
    } catch {
      started = Promise.resolve({ outcome: "transport", requests: 1 });
    }
    return started.then(done, () => done({ outcome: "transport", requests: 1 }));
  }

  result(elapsedMs: number): LoadRecord {
    return {
      jobs: this.jobs,
      latenciesMs: this.latenciesMs,
      ok: this.ok,
      non2xx: this.non2xx,
      transport: this.transport,
      requests: this.requests,
      elapsedMs,
      sendLagMs: this.sendLagMs,
    };
  }
}

export interface OpenLoopOptions {
  /** Jobs per second. */
  readonly rate: number;
  readonly seconds: number;
  /** Fewer jobs when there is not enough to do (e.g. notifications to send). */
  readonly maxJobs?: number;
  readonly job: Job;
  /** Monotonic milliseconds (tests pass a fake). Default: performance.now. */
  readonly now?: () => number;
}

export const openLoop = async (o: OpenLoopOptions): Promise<LoadRecord> => {
  const now = o.now ?? (() => performance.now());
  const total = openLoopJobs(o.rate, o.seconds, o.maxJobs);
  const rec = new Recorder(now);
  const pending: Promise<void>[] = [];
  const start = now();
  let next = 0;
  while (next < total) {
    const due = dueBy(now() - start, o.rate, total);
    while (next < due) {
      const dueTime = start + dueAt(next, o.rate);
      rec.sendLagMs.push(now() - dueTime);
      pending.push(rec.run(o.job, next, dueTime));
      next++;
    }
    if (next >= total) break;
    const wait = start + dueAt(next, o.rate) - now();
    // setTimeout's 1 ms granularity: a job that is a fraction of a ms away is sent on the next turn.
    await sleep(wait >= 1 ? Math.floor(wait) : 0);
  }
  await Promise.all(pending);
  return rec.result(now() - start);
};

export interface ClosedLoopOptions {
  readonly connections: number;
  readonly seconds: number;
  /** Stop starting jobs after this many (e.g. no more customers with room for an order). */
  readonly maxJobs?: number;
  readonly job: Job;
  readonly now?: () => number;
}

export const closedLoop = async (o: ClosedLoopOptions): Promise<LoadRecord> => {
  const now = o.now ?? (() => performance.now());
  const max = o.maxJobs ?? Number.POSITIVE_INFINITY;
  const rec = new Recorder(now);
  const start = now();
  const end = start + o.seconds * 1000;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (now() < end && next < max) {
      const i = next++;
      await rec.run(o.job, i, now());
    }
  };
  await Promise.all(Array.from({ length: o.connections }, worker));
  return rec.result(now() - start);
};
