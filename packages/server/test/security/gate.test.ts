import { describe, expect, it } from "vitest";
import { ConcurrencyGate, GateFull, type GateOptions } from "../../src/security/gate.ts";

/** A task that runs until `release()` is called, logging its start and end. */
const held = (log: string[], name: string) => {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    release: () => release(),
  };
};

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A gate with a hand-moved clock, so durations and estimates are exact. */
const gateWith = (options: Partial<GateOptions> = {}) => {
  let now = 0;
  const gate = new ConcurrencyGate({ slots: 1, maxQueue: 100, maxWaitMs: 10_000, maxAgeMs: 100_000, initialEstimateMs: 100, now: () => now, ...options });
  return { gate, advance: (ms: number) => (now += ms) };
};

describe("ConcurrencyGate", () => {
  it("runs at most `slots` tasks at once; one key's waiting tasks run in arrival order", async () => {
    const { gate } = gateWith({ slots: 2 });
    const log: string[] = [];
    const tasks = ["a", "b", "c", "d"].map((n) => held(log, n));
    const results = tasks.map((t) => gate.run(t.task, "one address"));
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    expect([gate.active, gate.queued]).toEqual([2, 2]);

    tasks[1]!.release();
    await tick();
    expect(log).toEqual(["start a", "start b", "end b", "start c"]);
    expect([gate.active, gate.queued]).toEqual([2, 1]);

    for (const t of tasks) t.release();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect([gate.active, gate.queued]).toEqual([0, 0]);
  });

  it("serves waiting tasks round-robin across keys: one key's burst does not hold another key back", async () => {
    const { gate } = gateWith();
    const log: string[] = [];
    const running = held(log, "running");
    const burst = ["a1", "a2", "a3"].map((n) => held(log, n));
    const other = held(log, "b1");
    const all = [gate.run(running.task, "A"), ...burst.map((t) => gate.run(t.task, "A")), gate.run(other.task, "B")];
    await tick();
    for (const t of [running, burst[0]!, other, burst[1]!, burst[2]!]) {
      t.release();
      await tick();
    }
    await Promise.all(all);
    expect(log.filter((l) => l.startsWith("start"))).toEqual(["start running", "start a1", "start b1", "start a2", "start a3"]);
  });

  it("estimates a newcomer's wait from the round-robin order and the task time", async () => {
    const { gate } = gateWith();
    const log: string[] = [];
    const tasks = [0, 1, 2, 3].map((i) => held(log, String(i)));
    const all = tasks.map((t) => gate.run(t.task, "A"));
    await tick();
    // One running, three of A waiting, 100 ms a task.
    expect(gate.estimatedWaitMs("A")).toBe(400);
    expect(gate.estimatedWaitMs("B")).toBe(200);
    for (const t of tasks) t.release();
    await Promise.all(all);
    expect(gate.estimatedWaitMs("A")).toBe(0);
  });

  it("refuses at once, without running it, a task that would wait longer than the budget; another key may still get in", async () => {
    const { gate } = gateWith({ maxWaitMs: 300 });
    const log: string[] = [];
    const tasks = [0, 1, 2].map((i) => held(log, String(i)));
    const all = tasks.map((t) => gate.run(t.task, "A"));
    await tick();
    // A newcomer of A would wait 300 ms (two ahead, then its own turn): within the budget.
    const fourth = held(log, "3");
    const admitted = gate.run(fourth.task, "A");
    await expect(gate.run(async () => log.push("refused ran"), "A")).rejects.toBeInstanceOf(GateFull);
    const fromB = held(log, "b");
    const admittedB = gate.run(fromB.task, "B");
    for (const t of [...tasks, fourth, fromB]) t.release();
    await Promise.all([...all, admitted, admittedB]);
    expect(log).not.toContain("refused ran");
  });

  it("never holds more than maxQueue waiting tasks, whatever the estimate", async () => {
    const { gate } = gateWith({ maxQueue: 1 });
    const log: string[] = [];
    const first = held(log, "first");
    const second = held(log, "second");
    const running = gate.run(first.task, "A");
    const waiting = gate.run(second.task, "B");
    await expect(gate.run(async () => 1, "C")).rejects.toBeInstanceOf(GateFull);
    first.release();
    second.release();
    await Promise.all([running, waiting]);
    expect(await gate.run(async () => "room again")).toBe("room again");
  });

  it("the estimate follows measured task times: a slowdown at once (half the gap), a recovery gradually (a fifth)", async () => {
    const { gate, advance } = gateWith();
    expect(gate.estimateMs).toBe(100);
    await gate.run(async () => advance(1_100));
    expect(gate.estimateMs).toBe(600);
    await gate.run(async () => advance(100));
    expect(gate.estimateMs).toBe(500);
  });

  it("a task whose turn comes after maxAgeMs of waiting is refused then, and the slot goes to the next", async () => {
    const { gate, advance } = gateWith({ maxAgeMs: 1_000 });
    const log: string[] = [];
    const running = held(log, "running");
    const first = gate.run(running.task, "A");
    const stale = gate.run(async () => log.push("stale ran"), "B");
    advance(600);
    const fresh = gate.run(async () => log.push("fresh ran"), "C");
    advance(401);
    running.release();
    await first;
    await expect(stale).rejects.toBeInstanceOf(GateFull);
    await fresh;
    expect(log).toEqual(["start running", "end running", "fresh ran"]);
    expect([gate.active, gate.queued]).toEqual([0, 0]);
  });

  it("a failing task frees its slot", async () => {
    const { gate } = gateWith({ maxQueue: 0 });
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gate.active).toBe(0);
    expect(await gate.run(async () => 1)).toBe(1);
  });

  it("refuses nonsense options", () => {
    const ok: GateOptions = { slots: 1, maxQueue: 1, maxWaitMs: 1, maxAgeMs: 1, initialEstimateMs: 1 };
    expect(() => new ConcurrencyGate({ ...ok, slots: 0 })).toThrow(RangeError);
    expect(() => new ConcurrencyGate({ ...ok, maxQueue: -1 })).toThrow(RangeError);
    expect(() => new ConcurrencyGate({ ...ok, initialEstimateMs: 0 })).toThrow(RangeError);
    expect(() => new ConcurrencyGate({ ...ok, maxAgeMs: -1 })).toThrow(RangeError);
  });
});
