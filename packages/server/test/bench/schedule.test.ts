import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { closedLoop, dueAt, dueBy, openLoop, openLoopJobs, type Job } from "../../bench/write/schedule.ts";
import { median, percentile, summarize } from "../../bench/write/stats.ts";

describe("percentiles (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it("p50 of 1..100 is 50, p99 is 99, p100 the maximum", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it("p99 of fewer than 100 samples is the slowest one", () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 50], 99)).toBe(50);
  });

  it("takes the first sample at or above the rank, never interpolating", () => {
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 51)).toBe(30);
    expect(percentile([7], 1)).toBe(7);
  });

  it("is NaN without samples and refuses a percentile outside (0, 100]", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it("summarize sorts numerically (not as strings) before ranking", () => {
    const s = summarize([100, 9, 20, 3]);
    expect(s).toEqual({ count: 4, p50: 9, p99: 100, max: 100 });
  });

  it("median of runs: the middle one, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 5])).toBe(5);
  });
});

describe("the open-loop schedule", () => {
  it("spaces jobs evenly: job i is due at i / rate", () => {
    expect(dueAt(0, 400)).toBe(0);
    expect(dueAt(1, 400)).toBe(2.5);
    expect(dueAt(400, 400)).toBe(1000);
  });

  it("counts the jobs due by a moment, job 0 at once, never more than the total", () => {
    expect(dueBy(-1, 100, 10)).toBe(0);
    expect(dueBy(0, 100, 10)).toBe(1);
    expect(dueBy(9.99, 100, 10)).toBe(1);
    expect(dueBy(10, 100, 10)).toBe(2);
    expect(dueBy(10_000, 100, 10)).toBe(10);
    // Floating point: 0.1 s at 30/s is exactly job 3's due time.
    expect(dueBy(100, 30, 100)).toBe(4);
  });

  it("sends rate x seconds jobs, fewer when there is less to send", () => {
    expect(openLoopJobs(200, 10)).toBe(2000);
    expect(openLoopJobs(200, 10, 1500)).toBe(1500);
    expect(openLoopJobs(0.5, 3)).toBe(2);
  });
});

/** A server that answers one request at a time, `serviceMs` each: first come, first served. */
const slowServer = (serviceMs: number): Job => {
  let busyUntil = 0;
  return async () => {
    const now = performance.now();
    busyUntil = Math.max(now, busyUntil) + serviceMs;
    await sleep(busyUntil - now);
    return { outcome: "ok", requests: 1 };
  };
};

describe("openLoop against a server slower than the rate", () => {
  it("keeps sending on schedule and counts the queue in the latency (no coordinated omission)", async () => {
    // 100 jobs/s for 0.5 s into a server that does 50/s: the queue grows by one job every 20 ms,
    // so the last of the 50 jobs (due at 490 ms) is answered near 1,000 ms: about 500 ms late.
    const started = performance.now();
    const r = await openLoop({ rate: 100, seconds: 0.5, job: slowServer(20) });
    expect(r.jobs).toBe(50);
    expect(r.ok).toBe(50);
    expect(r.requests).toBe(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    // Every job left on schedule (a sender that waited for answers would send the last one ~500 ms late)...
    expect(Math.max(...r.sendLagMs)).toBeLessThan(300);
    // ...so the latencies grow with the queue: the slowest about 500 ms, the median about 250 ms.
    const s = summarize(r.latenciesMs);
    expect(s.max).toBeGreaterThan(400);
    expect(s.p50).toBeGreaterThan(150);
  });

  it("a closed loop against the same server reports only the service time: what an open loop is for", async () => {
    const r = await closedLoop({ connections: 1, seconds: 0.5, job: slowServer(20) });
    const s = summarize(r.latenciesMs);
    // Roughly 25 jobs, each about 20 ms from its own send: the closed loop waited instead of queueing.
    expect(r.jobs).toBeGreaterThan(10);
    expect(r.jobs).toBeLessThanOrEqual(26);
    expect(s.p50).toBeLessThan(100);
    expect(r.sendLagMs).toEqual([]);
  });

  it("counts non-2xx answers and failed jobs apart, and the requests each job made", async () => {
    const job: Job = async (i) => {
      if (i % 4 === 1) return { outcome: "non2xx", requests: 1 };
      if (i % 4 === 2) throw new Error("ECONNRESET");
      return { outcome: "ok", requests: 2 };
    };
    const r = await openLoop({ rate: 200, seconds: 0.1, job });
    expect(r.jobs).toBe(20);
    expect([r.ok, r.non2xx, r.transport]).toEqual([10, 5, 5]);
    expect(r.requests).toBe(10 * 2 + 5 + 5);
    expect(r.latenciesMs).toHaveLength(20);
  });
});

describe("closedLoop", () => {
  it("runs the connections side by side, each back to back, and stops at maxJobs", async () => {
    let inFlight = 0;
    let most = 0;
    const job: Job = async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await sleep(5);
      inFlight--;
      return { outcome: "ok", requests: 1 };
    };
    const r = await closedLoop({ connections: 4, seconds: 10, maxJobs: 40, job });
    expect(r.jobs).toBe(40);
    expect(most).toBe(4);
    // 40 jobs of 5 ms, 4 at a time: about 50 ms, far less than the 10 s allowed.
    expect(r.elapsedMs).toBeLessThan(2_000);
  });
});
