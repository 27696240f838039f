import { Effect } from "effect";
import type { TokenStore } from "../ports/TokenStore.ts";

/** The session in memory: tests, and the fallback when the browser's storage refuses. */
export class MemoryTokenStore implements TokenStore {
  #token: string | null;
  #activated: boolean;
  constructor(initial: { readonly token?: string | null; readonly activated?: boolean } = {}) {
    this.#token = initial.token ?? null;
    this.#activated = initial.activated ?? false;
  }
  token = (): Effect.Effect<string | null> => Effect.sync(() => this.#token);
  setToken = (token: string): Effect.Effect<void> => Effect.sync(() => void (this.#token = token));
  activated = (): Effect.Effect<boolean> => Effect.sync(() => this.#activated);
  setActivated = (activated: boolean): Effect.Effect<void> => Effect.sync(() => void (this.#activated = activated));
  clear = (): Effect.Effect<void> =>
    Effect.sync(() => {
      this.#token = null;
      this.#activated = false;
    });
}

/** The keys in `localStorage`. */
export const STORAGE_KEYS = { token: "fuel.token", activated: "fuel.activated" } as const;

/**
 * The session in the browser's `localStorage`, so it survives closing the messaging app's
 * browser. A storage that throws (private mode, quota, disabled) is not an error for the customer:
 * every value is also kept in memory and read from there when storage fails.
 */
export class LocalTokenStore implements TokenStore {
  readonly #memory = new MemoryTokenStore();
  /** Keys whose last write the storage refused: what it holds for them is stale, memory has the value. */
  readonly #unwritten = new Set<string>();
  constructor(private readonly storage: Pick<Storage, "getItem" | "setItem" | "removeItem">) {}

  #read(key: string): string | null | undefined {
    if (this.#unwritten.has(key)) return undefined;
    try {
      return this.storage.getItem(key);
    } catch {
      return undefined;
    }
  }

  #write(key: string, value: string | null): void {
    try {
      if (value === null) this.storage.removeItem(key);
      else this.storage.setItem(key, value);
      this.#unwritten.delete(key);
    } catch {
      // Kept in memory and read from there (a storage that reads but cannot write, e.g. a full
      // quota, would otherwise answer the old value); the next app start asks to sign in again.
      this.#unwritten.add(key);
    }
  }

  token = (): Effect.Effect<string | null> =>
    Effect.flatMap(this.#memory.token(), (fallback) => Effect.sync(() => {
      const stored = this.#read(STORAGE_KEYS.token);
      return stored === undefined ? fallback : stored;
    }));

  setToken = (token: string): Effect.Effect<void> =>
    Effect.flatMap(this.#memory.setToken(token), () => Effect.sync(() => this.#write(STORAGE_KEYS.token, token)));

  activated = (): Effect.Effect<boolean> =>
    Effect.flatMap(this.#memory.activated(), (fallback) => Effect.sync(() => {
      const stored = this.#read(STORAGE_KEYS.activated);
      return stored === undefined ? fallback : stored === "1";
    }));

  setActivated = (activated: boolean): Effect.Effect<void> =>
    Effect.flatMap(this.#memory.setActivated(activated), () => Effect.sync(() => this.#write(STORAGE_KEYS.activated, activated ? "1" : null)));

  clear = (): Effect.Effect<void> =>
    Effect.flatMap(this.#memory.clear(), () =>
      Effect.sync(() => {
        this.#write(STORAGE_KEYS.token, null);
        this.#write(STORAGE_KEYS.activated, null);
      }),
    );
}
