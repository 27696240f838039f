import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { clockFor, ProductionClock, SandboxClock } from "../../src/providers/clock/index.ts";

describe("SandboxClock", () => {
  it("is system time until advanced", () => {
    const clock = new SandboxClock(() => 1_000);
    expect(clock.now()).toBe(1_000);
  });

  it("advance(seconds) moves it forward, cumulatively", () => {
    let system = 1_000;
    const clock = new SandboxClock(() => system);
    expect(clock.advance(60)).toBe(61_000);
    clock.advance(0.5);
    system = 2_000;
    expect(clock.now()).toBe(62_500);
    expect(clock.offsetMs).toBe(60_500);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("refuses advance(%s): time never goes back", (s) => {
    const clock = new SandboxClock(() => 0);
    expect(() => clock.advance(s)).toThrow(RangeError);
    expect(clock.now()).toBe(0);
  });

  it("reset() returns to system time", () => {
    const clock = new SandboxClock(() => 5);
    clock.advance(10);
    clock.reset();
    expect(clock.now()).toBe(5);
  });
});

describe("SandboxClock shared by a cluster's processes (src/cluster/sandboxSync.ts)", () => {
  it("an advance is shared as the milliseconds added, and the clock catches up to the total every process has", async () => {
    const clock = new SandboxClock(() => 1_000);
    const shared: number[] = [];
    // Another process had already advanced 30 s: the total comes back as 90 s.
    clock.shareWith = async (advancedMs) => {
      shared.push(advancedMs);
      return 30_000 + advancedMs;
    };
    expect(clock.advance(60)).toBe(61_000);
    await clock.shared();
    expect(shared).toEqual([60_000]);
    expect(clock.offsetMs).toBe(90_000);
  });

  it("catchUp only moves forward: a late, smaller total never takes time back", () => {
    const clock = new SandboxClock(() => 0);
    clock.advance(10);
    clock.catchUp(5_000);
    expect(clock.offsetMs).toBe(10_000);
    clock.catchUp(15_000);
    expect(clock.offsetMs).toBe(15_000);
    clock.catchUp(Number.NaN);
    expect(clock.offsetMs).toBe(15_000);
  });

  it("one process: shared() resolves at once", async () => {
    const clock = new SandboxClock(() => 0);
    clock.advance(1);
    await expect(clock.shared()).resolves.toBeUndefined();
  });
});

it("ProductionClock is the system clock", () => {
  const before = Date.now();
  const now = new ProductionClock().now();
  expect(now).toBeGreaterThanOrEqual(before);
  expect(now).toBeLessThanOrEqual(Date.now());
});

it("the configuration picks the clock: sandbox by default, production in production mode", () => {
  expect(clockFor(loadConfig({}))).toBeInstanceOf(SandboxClock);
  expect(clockFor(loadConfig({ CLOCK_PROVIDER: "production" }))).toBeInstanceOf(ProductionClock);
});
