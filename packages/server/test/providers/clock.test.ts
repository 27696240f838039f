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
