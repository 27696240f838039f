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

  it("serves a fresh key before any waiting task of keys that got hashing recently", async () => {
    const { gate } = gateWith();
    // A and B have had tasks run; F never.
    for (const key of ["A", "A", "A", "B"]) await gate.run(async () => undefined, key);
    const log: string[] = [];
    const running = held(log, "running");
    const waiting = ["a1", "a2", "b1", "b2"].map((n) => held(log, n));
    const fresh = held(log, "f1");
    const all = [gate.run(running.task, "B"), ...waiting.map((t, i) => gate.run(t.task, i < 2 ? "A" : "B")), gate.run(fresh.task, "F")];
    await tick();
    for (const t of [running, fresh, ...waiting]) {
      t.release();
      await tick();
    }
    await Promise.all(all);
    // F (0) first; then B (2, with its running task) before A (3); then both are at 3 and the older task (a1) goes first.
    expect(log.filter((l) => l.startsWith("start"))).toEqual(["start running", "start f1", "start b1", "start a1", "start b2", "start a2"]);
  });

  it("a refusal at the door counts as service: a key refused over its cap waits behind a fresh key that arrived later", async () => {
    const { gate } = gateWith({ maxWaitingPerKey: 1 });
    const log: string[] = [];
    const running = held(log, "running");
    const a1 = held(log, "a1");
    const fresh = held(log, "f1");
    const all = [gate.run(running.task, "R"), gate.run(a1.task, "A")];
    // A has had nothing started, but is refused twice: it is no longer a newcomer.
    for (let i = 0; i < 2; i += 1) await expect(gate.run(async () => undefined, "A")).rejects.toMatchObject({ why: "key" });
    expect(gate.serviceOf("A")).toBe(2);
    all.push(gate.run(fresh.task, "F"));
    await tick();
    for (const t of [running, fresh, a1]) {
      t.release();
      await tick();
    }
    await Promise.all(all);
    expect(log.filter((l) => l.startsWith("start"))).toEqual(["start running", "start f1", "start a1"]);
  });

  it("a reserved slot: a heavy key runs one task at a time, and a light key starts at once beside it", async () => {
    const { gate } = gateWith({ slots: 2, reserved: { slots: 1, belowService: 2 } });
    for (const key of ["H", "H"]) await gate.run(async () => undefined, key);
    const log: string[] = [];
    const [h1, h2, l1] = [held(log, "h1"), held(log, "h2"), held(log, "l1")];
    const all = [gate.run(h1.task, "H"), gate.run(h2.task, "H")];
    await tick();
    // H is heavy (2 recent tasks): one slot is not its to use.
    expect(log).toEqual(["start h1"]);
    // Behind its own waiting task, on its one slot.
    expect(gate.estimatedWaitMs("H")).toBe(2 * gate.estimateMs);
    expect(gate.estimatedWaitMs("L")).toBe(0);
    all.push(gate.run(l1.task, "L"));
    await tick();
    expect(log).toEqual(["start h1", "start l1"]);
    // The light task ends: its slot stays free rather than go to H.
    l1.release();
    await tick();
    expect(gate.active).toBe(1);
    expect(log).not.toContain("start h2");
    h1.release();
    await tick();
    expect(log).toContain("start h2");
    h2.release();
    await Promise.all(all);
    expect(gate.active).toBe(0);
  });

  it("refuses a reservation that leaves heavy keys no slot", () => {
    expect(() => gateWith({ slots: 2, reserved: { slots: 2, belowService: 1 } })).toThrow(RangeError);
    expect(() => gateWith({ slots: 2, reserved: { slots: 1, belowService: 0 } })).toThrow(RangeError);
  });

  it("a key's waiting tasks past its cap are refused, and only that key's", async () => {
    const { gate } = gateWith({ maxWaitingPerKey: 2 });
    const log: string[] = [];
    const running = held(log, "running");
    const tasks = ["a1", "a2", "b1"].map((n) => held(log, n));
    const all = [gate.run(running.task, "A"), gate.run(tasks[0]!.task, "A"), gate.run(tasks[1]!.task, "A")];
    const third = gate.run(async () => log.push("a3 ran"), "A");
    await expect(third).rejects.toMatchObject({ name: "GateFull", why: "key" });
    const other = gate.run(tasks[2]!.task, "B");
    expect(gate.queued).toBe(3);
    for (const t of [running, ...tasks]) t.release();
    await Promise.all([...all, other]);
    expect(log).not.toContain("a3 ran");
  });

  it("when the queue is full, a newcomer with less recent service takes the place of the most-served key's newest task", async () => {
    const { gate } = gateWith({ maxQueue: 3 });
    for (const key of ["A", "A", "A", "B", "C", "C"]) await gate.run(async () => undefined, key);
    const log: string[] = [];
    const running = held(log, "running");
    const first = gate.run(running.task, "X");
    const a1 = gate.run(async () => log.push("a1 ran"), "A");
    const a2 = gate.run(async () => log.push("a2 ran"), "A");
    const c1 = gate.run(async () => log.push("c1 ran"), "C");
    // B (1) has less than A (3), the most served waiting: A's newest waiter gives way.
    const b1 = gate.run(async () => log.push("b1 ran"), "B");
    await expect(a2).rejects.toMatchObject({ name: "GateFull", why: "evicted" });
    // C (2) has less than A (3) too: A's last waiter gives way.
    const c2 = gate.run(async () => log.push("c2 ran"), "C");
    await expect(a1).rejects.toMatchObject({ why: "evicted" });
    // Now C (2) is the most served waiting: another of C's, with as much, is refused itself.
    await expect(gate.run(async () => log.push("c3 ran"), "C")).rejects.toMatchObject({ why: "queue" });
    expect(gate.queued).toBe(3);
    running.release();
    await Promise.all([first, b1, c1, c2]);
    expect(log).toEqual(["start running", "end running", "b1 ran", "c1 ran", "c2 ran"]);
    expect(gate.startedTotal).toBe(6 + 4);
    expect(gate.refusedTotal).toEqual({ key: 0, queue: 1, estimate: 0, evicted: 2, late: 0 });
  });

  it("estimates a newcomer's wait from the tasks served before it and the task time", async () => {
    const { gate } = gateWith();
    for (const key of ["B", "C", "C", "C", "C", "C"]) await gate.run(async () => undefined, key);
    const log: string[] = [];
    const tasks = [0, 1, 2, 3, 4].map((i) => held(log, String(i)));
    // A: one running (service 1), two waiting; C (service 5): two waiting.
    const all = tasks.map((t, i) => gate.run(t.task, i < 3 ? "A" : "C"));
    await tick();
    const task = gate.estimateMs;
    // A's next would be at level 3: its own two go first, C's (5) after it.
    expect(gate.estimatedWaitMs("A")).toBe(3 * task);
    // B (1): A's first waiting one (level 1, older) goes first, A's second (2) after.
    expect(gate.estimatedWaitMs("B")).toBe(2 * task);
    // A fresh key waits only for the running task.
    expect(gate.estimatedWaitMs("F")).toBe(task);
    // C at level 7: all four waiting go first.
    expect(gate.estimatedWaitMs("C")).toBe(5 * task);
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
    await expect(gate.run(async () => log.push("refused ran"), "A")).rejects.toMatchObject({ name: "GateFull", why: "estimate" });
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
    await expect(stale).rejects.toMatchObject({ name: "GateFull", why: "late" });
    await fresh;
    expect(log).toEqual(["start running", "end running", "fresh ran"]);
    expect([gate.active, gate.queued]).toEqual([0, 0]);
  });

  it("a key's recent service halves every half-life: a key that stopped is served like a new one again", async () => {
    const { gate, advance } = gateWith({ halfLifeMs: 1_000 });
    for (let i = 0; i < 8; i++) await gate.run(async () => undefined, "A");
    expect(gate.serviceOf("A")).toBe(8);
    advance(1_000);
    expect(gate.serviceOf("A")).toBe(4);
    await gate.run(async () => undefined, "B");
    await gate.run(async () => undefined, "B");
    advance(2_000);
    // A: 1, B: 0.5.
    expect([gate.serviceOf("A"), gate.serviceOf("B")]).toEqual([1, 0.5]);
    const log: string[] = [];
    const running = held(log, "running");
    const all = [gate.run(running.task, "X"), gate.run(async () => log.push("a"), "A"), gate.run(async () => log.push("b"), "B")];
    running.release();
    await Promise.all(all);
    expect(log).toEqual(["start running", "end running", "b", "a"]);
  });

  it("forgets keys whose service has become negligible, and never remembers more than maxKeys idle ones", async () => {
    const { gate, advance } = gateWith({ halfLifeMs: 1_000, maxKeys: 10 });
    for (let i = 0; i < 5; i++) await gate.run(async () => undefined, "flooder");
    for (let i = 0; i < 100; i++) {
      await gate.run(async () => undefined, `once-${i}`);
      expect(gate.rememberedKeys).toBeLessThanOrEqual(10);
    }
    // The most served is kept when the map is pruned.
    expect(gate.serviceOf("flooder")).toBe(5);
    // Nine half-lives later every entry is below a hundredth of a task: the next task sweeps them.
    advance(9_000);
    await gate.run(async () => undefined, "late");
    expect(gate.rememberedKeys).toBe(1);
    expect(gate.serviceOf("flooder")).toBe(0);
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
    expect(() => new ConcurrencyGate({ ...ok, maxWaitingPerKey: -1 })).toThrow(RangeError);
    expect(() => new ConcurrencyGate({ ...ok, halfLifeMs: 0 })).toThrow(RangeError);
    expect(() => new ConcurrencyGate({ ...ok, maxKeys: 0 })).toThrow(RangeError);
  });
});
