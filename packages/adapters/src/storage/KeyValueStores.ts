import type { KeyValueStore } from "../ports/KeyValueStore.ts";

/** Values in memory: tests, and what a refusing browser storage falls back to. */
export class MemoryKeyValueStore implements KeyValueStore {
  readonly #values = new Map<string, string>();
  constructor(initial: Readonly<Record<string, string>> = {}) {
    for (const [k, v] of Object.entries(initial)) this.#values.set(k, v);
  }
  get = (key: string): string | null => this.#values.get(key) ?? null;
  set = (key: string, value: string | null): void => {
    if (value === null) this.#values.delete(key);
    else this.#values.set(key, value);
  };
}

/**
 * Values in `localStorage` or `sessionStorage`. Every value is mirrored in memory, and a key whose
 * last write the storage refused is read from memory (the storage still holds the stale value).
 */
export class WebKeyValueStore implements KeyValueStore {
  readonly #memory = new MemoryKeyValueStore();
  readonly #unwritten = new Set<string>();
  constructor(private readonly storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined) {}

  get = (key: string): string | null => {
    if (this.#unwritten.has(key) || this.storage === undefined) return this.#memory.get(key);
    try {
      return this.storage.getItem(key);
    } catch {
      return this.#memory.get(key);
    }
  };

  set = (key: string, value: string | null): void => {
    this.#memory.set(key, value);
    try {
      if (this.storage === undefined) throw new Error("no storage");
      if (value === null) this.storage.removeItem(key);
      else this.storage.setItem(key, value);
      this.#unwritten.delete(key);
    } catch {
      this.#unwritten.add(key);
    }
  };
}
