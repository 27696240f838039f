import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import { describe, expect, it } from "vitest";
import { orLastKnownMode } from "../../src/app/lastKnownMode.ts";

const offline = () => Promise.reject(new Error("network unavailable"));

describe("the server's mode when the network is gone", () => {
  it("answers the server's mode when it can be read", async () => {
    expect(await orLastKnownMode(Promise.resolve("production"), new MemoryKeyValueStore())).toBe("production");
  });

  it("answers the mode this server answered last time when it cannot be read", async () => {
    const store = new MemoryKeyValueStore();
    await orLastKnownMode(Promise.resolve("production"), store);
    expect(await orLastKnownMode(offline(), store)).toBe("production");
  });

  it("the latest answer replaces the remembered one", async () => {
    const store = new MemoryKeyValueStore();
    await orLastKnownMode(Promise.resolve("production"), store);
    await orLastKnownMode(Promise.resolve("sandbox"), store);
    expect(await orLastKnownMode(offline(), store)).toBe("sandbox");
  });

  it("never guesses: with nothing remembered it fails as the read did", async () => {
    await expect(orLastKnownMode(offline(), new MemoryKeyValueStore())).rejects.toThrow("network unavailable");
  });

  it("a remembered value that is not a mode counts as nothing remembered", async () => {
    const store = new MemoryKeyValueStore();
    store.set("fuel.serverMode", "staging");
    await expect(orLastKnownMode(offline(), store)).rejects.toThrow("network unavailable");
  });
});
