import { describe, expect, it } from "vitest";
import { ConcurrencyGate, GateFull } from "../../src/limits/gate.ts";

/** A task that runs until `release()` is called, recording when it started. */
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

describe("ConcurrencyGate", () => {
  it("runs at most `slots` tasks at once; the rest wait in arrival order", async () => {
    const gate = new ConcurrencyGate(2, 10);
    const log: string[] = [];
    const tasks = ["a", "b", "c", "d"].map((n) => held(log, n));
    const results = tasks.map((t) => gate.run(t.task));
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    expect([gate.active, gate.queued]).toEqual([2, 2]);

    tasks[1]!.release();
    await tick();
    expect(log).toEqual(["start a", "start b", "end b", "start c"]);
    expect([gate.active, gate.queued]).toEqual([2, 1]);

    tasks[0]!.release();
    tasks[2]!.release();
    tasks[3]!.release();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect([gate.active, gate.queued]).toEqual([0, 0]);
  });

  it("refuses at once, without running the task, when the slots are busy and the queue is full", async () => {
    const gate = new ConcurrencyGate(1, 1);
    const log: string[] = [];
    const first = held(log, "first");
    const second = held(log, "second");
    const running = gate.run(first.task);
    const waiting = gate.run(second.task);
    await expect(gate.run(async () => log.push("third"))).rejects.toBeInstanceOf(GateFull);
    first.release();
    second.release();
    await Promise.all([running, waiting]);
    expect(log).not.toContain("third");
    // With room again, it runs.
    expect(await gate.run(async () => "fourth")).toBe("fourth");
  });

  it("a failing task frees its slot", async () => {
    const gate = new ConcurrencyGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gate.active).toBe(0);
    expect(await gate.run(async () => 1)).toBe(1);
  });

  it("refuses nonsense sizes", () => {
    expect(() => new ConcurrencyGate(0, 1)).toThrow(RangeError);
    expect(() => new ConcurrencyGate(1, -1)).toThrow(RangeError);
  });
});
