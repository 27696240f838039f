import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runEvery } from "../src/periodic.ts";

/** Background work on a timer (src/periodic.ts): the sweep and PGlite's upkeep run on it. */

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A task whose runs finish only when the test says so. */
const controllableTask = () => {
  const finishers: Array<() => void> = [];
  let started = 0;
  const task = () =>
    new Promise<void>((resolve) => {
      started++;
      finishers.push(resolve);
    });
  return { task, started: () => started, finishNext: () => finishers.shift()?.() };
};

describe("runEvery", () => {
  it("runs the task once per interval, first after one interval", async () => {
    let runs = 0;
    const job = runEvery(1_000, async () => {
      runs++;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(4);
    await job.stop();
  });

  it("never runs twice at once: a run still going when the next is due makes that one skip", async () => {
    const t = controllableTask();
    const job = runEvery(1_000, t.task);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.started()).toBe(1);
    t.finishNext();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.started()).toBe(2);
    t.finishNext();
    await job.stop();
  });

  it("stop waits for the run in progress, and nothing runs after it", async () => {
    const t = controllableTask();
    const job = runEvery(1_000, t.task);
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    t.finishNext();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.started()).toBe(1);
  });

  it("a run that throws does not stop the next ones", async () => {
    let runs = 0;
    const job = runEvery(1_000, async () => {
      runs++;
      throw new Error("the database is away");
    });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(3);
    await job.stop();
  });
});
