import { describe, expect, it } from "vitest";
import { TtlCache } from "../../src/catalogue/cache.ts";

describe("TtlCache", () => {
  it("loads once within the TTL and again after it", async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(1000, () => now);
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    now = 999;
    expect(await cache.get("k", load)).toBe(1);
    now = 1000;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("shares one load between concurrent misses", async () => {
    let loads = 0;
    const cache = new TtlCache<number>(1000, () => 0);
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get("k", async () => ++loads)));
    expect(values).toEqual(Array(20).fill(1));
    expect(loads).toBe(1);
  });

  it("does not keep a failed load", async () => {
    const cache = new TtlCache<number>(1000, () => 0);
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("k", async () => 7)).toBe(7);
  });

  it("stays bounded", async () => {
    const cache = new TtlCache<number>(1000, () => 0, 3);
    let loads = 0;
    for (const k of ["a", "b", "c", "d"]) await cache.get(k, async () => ++loads);
    expect(await cache.get("a", async () => ++loads)).toBe(5);
  });
});
