import { describe, expect, it } from "vitest";
import { MemoryKeyValueStore, WebKeyValueStore } from "../../src/storage/KeyValueStores.ts";

const mapStorage = () => {
  const m = new Map<string, string>();
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};

describe("MemoryKeyValueStore", () => {
  it("answers what was set and forgets a key set to null", () => {
    const store = new MemoryKeyValueStore({ a: "1" });
    expect(store.get("a")).toBe("1");
    store.set("b", "2");
    store.set("a", null);
    expect([store.get("a"), store.get("b")]).toEqual([null, "2"]);
  });
});

describe("WebKeyValueStore", () => {
  it("writes through to the browser storage", () => {
    const storage = mapStorage();
    new WebKeyValueStore(storage).set("fuel.city", "广州市");
    expect(storage.map.get("fuel.city")).toBe("广州市");
    expect(new WebKeyValueStore(storage).get("fuel.city")).toBe("广州市");
  });

  it("keeps a value in memory when the storage refuses the write, instead of answering the stale one", () => {
    const storage = { ...mapStorage(), setItem: () => { throw new Error("QuotaExceededError"); } };
    storage.map.set("k", "old");
    const store = new WebKeyValueStore(storage);
    store.set("k", "new");
    expect(store.get("k")).toBe("new");
  });

  it("works from memory when there is no storage at all or reading throws", () => {
    const none = new WebKeyValueStore(undefined);
    none.set("k", "v");
    expect(none.get("k")).toBe("v");
    const throwing = new WebKeyValueStore({ getItem: () => { throw new Error("SecurityError"); }, setItem: () => { throw new Error("SecurityError"); }, removeItem: () => undefined });
    throwing.set("k", "v");
    expect(throwing.get("k")).toBe("v");
  });

  it("removes a key set to null", () => {
    const storage = mapStorage();
    const store = new WebKeyValueStore(storage);
    store.set("k", "v");
    store.set("k", null);
    expect([store.get("k"), storage.map.has("k")]).toEqual([null, false]);
  });
});
