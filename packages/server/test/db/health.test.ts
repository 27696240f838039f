import { afterEach, describe, expect, it, vi } from "vitest";
import { BACKOFF, backoffMs, DatabaseHealth } from "../../src/db/health.ts";

const lost = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

const logged = () => {
  const lines: string[] = [];
  return { lines, log: { error: (m: string) => lines.push(`error ${m}`), warn: (m: string) => lines.push(`warn ${m}`) } };
};

afterEach(() => {
  vi.useRealTimers();
});

describe("the back-off", () => {
  it("starts at 0.25 s, doubles, and stays at 10 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000, 10_000]);
    expect(BACKOFF.maxMs).toBe(10_000);
  });
});

describe("DatabaseHealth", () => {
  it("logs once when the database goes and once when it comes back, however many failures in between", async () => {
    vi.useFakeTimers();
    let up = false;
    const probes: number[] = [];
    const { lines, log } = logged();
    const health = new DatabaseHealth(async () => {
      probes.push(Date.now());
      if (!up) throw lost;
    }, log);
    for (let i = 0; i < 50; i++) health.failed(lost);
    expect(lines).toEqual(["error database unreachable: terminating connection due to administrator command (57P01); retrying"]);
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(250 + 500 + 1_000 + 10);
    // One probe per back-off step, not one per failed request.
    expect(probes.map((t) => t - start)).toEqual([250, 750, 1_750]);
    up = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(lines).toEqual(["error database unreachable: terminating connection due to administrator command (57P01); retrying", "warn database reachable again"]);
    expect(health.state).toBe("reachable");
    // No more probing once it answers.
    const count = probes.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(probes.length).toBe(count);
  });

  it("waits until the database answers (start-up), and a check that times out counts as down", async () => {
    let up = false;
    const health = new DatabaseHealth(() => (up ? Promise.resolve() : new Promise(() => {})), logged().log, 50);
    const waiting = health.waitUntilReachable();
    await new Promise((r) => setTimeout(r, 120));
    expect(health.state).toBe("unreachable");
    up = true;
    await waiting;
    expect(health.state).toBe("reachable");
    health.stop();
  });

  it("stops: a start-up wait in progress rejects and no probe runs after", async () => {
    const probe = vi.fn(() => Promise.reject(lost));
    const health = new DatabaseHealth(probe, logged().log);
    const waiting = health.waitUntilReachable();
    health.stop();
    await expect(waiting).rejects.toThrow(/stopped/);
    const calls = probe.mock.calls.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(probe.mock.calls.length).toBe(calls);
  });
});
