import { Effect } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TokenStore } from "../../src/ports/TokenStore.ts";
import { LocalTokenStore, MemoryTokenStore, STORAGE_KEYS } from "../../src/storage/TokenStores.ts";

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** A working `localStorage`, backed by a Map the test can look into. */
const mapStorage = (): StorageLike & { readonly items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
};

/** A storage that refuses everything (disabled storage, some private windows). */
const throwingStorage: StorageLike = {
  getItem: () => {
    throw new DOMException("access denied", "SecurityError");
  },
  setItem: () => {
    throw new DOMException("access denied", "SecurityError");
  },
  removeItem: () => {
    throw new DOMException("access denied", "SecurityError");
  },
};

/** A storage that reads but cannot write (quota exceeded, Safari's old private mode). */
const fullStorage = (initial: Record<string, string> = {}): StorageLike & { readonly items: Map<string, string> } => {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: () => {
      throw new DOMException("quota exceeded", "QuotaExceededError");
    },
    removeItem: () => {
      throw new DOMException("quota exceeded", "QuotaExceededError");
    },
  };
};

const run = <A>(e: Effect.Effect<A>): A => Effect.runSync(e);

const read = (store: TokenStore) => ({ token: run(store.token()), activated: run(store.activated()) });

/** The behaviour every store shares, whatever holds the values. */
const sharedRules = (make: () => TokenStore) => {
  it("a new store is signed out and not activated", () => {
    expect(read(make())).toEqual({ token: null, activated: false });
  });

  it("setToken then token reads it back", () => {
    const store = make();
    run(store.setToken("tok-1"));
    expect(run(store.token())).toBe("tok-1");
    run(store.setToken("tok-2"));
    expect(run(store.token())).toBe("tok-2");
  });

  it("setActivated then activated reads it back, both ways", () => {
    const store = make();
    run(store.setActivated(true));
    expect(run(store.activated())).toBe(true);
    run(store.setActivated(false));
    expect(run(store.activated())).toBe(false);
  });

  it("clear forgets the token and the activation flag", () => {
    const store = make();
    run(store.setToken("tok-1"));
    run(store.setActivated(true));
    run(store.clear());
    expect(read(store)).toEqual({ token: null, activated: false });
  });

  it("any sequence of writes reads back the last one written (clear resets both)", () => {
    type Op = { readonly kind: "token"; readonly value: string } | { readonly kind: "activated"; readonly value: boolean } | { readonly kind: "clear" };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.string({ minLength: 1 }).map((value) => ({ kind: "token", value }) as const),
      fc.boolean().map((value) => ({ kind: "activated", value }) as const),
      fc.constant({ kind: "clear" } as const),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), (ops) => {
        const store = make();
        let expected: { token: string | null; activated: boolean } = { token: null, activated: false };
        for (const o of ops) {
          if (o.kind === "token") {
            run(store.setToken(o.value));
            expected = { ...expected, token: o.value };
          } else if (o.kind === "activated") {
            run(store.setActivated(o.value));
            expected = { ...expected, activated: o.value };
          } else {
            run(store.clear());
            expected = { token: null, activated: false };
          }
          expect(read(store)).toEqual(expected);
        }
      }),
    );
  });
};

describe("MemoryTokenStore", () => {
  sharedRules(() => new MemoryTokenStore());

  it("starts from the values it is given", () => {
    expect(read(new MemoryTokenStore({ token: "tok-0", activated: true }))).toEqual({ token: "tok-0", activated: true });
  });
});

describe("LocalTokenStore over a working storage", () => {
  sharedRules(() => new LocalTokenStore(mapStorage()));

  it("writes the token and the activation flag under the fuel.* keys", () => {
    const storage = mapStorage();
    const store = new LocalTokenStore(storage);
    run(store.setToken("tok-1"));
    run(store.setActivated(true));
    expect(Object.fromEntries(storage.items)).toEqual({ [STORAGE_KEYS.token]: "tok-1", [STORAGE_KEYS.activated]: "1" });
    expect(STORAGE_KEYS).toEqual({ token: "fuel.token", activated: "fuel.activated" });
  });

  it("a session persists across instances on the same storage (the app restarted)", () => {
    const storage = mapStorage();
    const first = new LocalTokenStore(storage);
    run(first.setToken("tok-1"));
    run(first.setActivated(true));
    expect(read(new LocalTokenStore(storage))).toEqual({ token: "tok-1", activated: true });
  });

  it("clear removes both keys from the storage", () => {
    const storage = mapStorage();
    const store = new LocalTokenStore(storage);
    run(store.setToken("tok-1"));
    run(store.setActivated(true));
    run(store.clear());
    expect(storage.items.size).toBe(0);
    expect(read(new LocalTokenStore(storage))).toEqual({ token: null, activated: false });
  });

  it("a sign-out in one instance is seen by another on the same storage", () => {
    const storage = mapStorage();
    const a = new LocalTokenStore(storage);
    const b = new LocalTokenStore(storage);
    run(a.setToken("tok-1"));
    expect(run(b.token())).toBe("tok-1");
    run(b.clear());
    expect(run(a.token())).toBeNull();
  });
});

describe("LocalTokenStore over a storage that throws", () => {
  sharedRules(() => new LocalTokenStore(throwingStorage));

  it("no method fails: every value falls back to memory", () => {
    const store = new LocalTokenStore(throwingStorage);
    expect(() => {
      run(store.setToken("tok-1"));
      run(store.setActivated(true));
    }).not.toThrow();
    expect(read(store)).toEqual({ token: "tok-1", activated: true });
  });

  it("a storage that reads but cannot write (quota exceeded) still keeps the new session in memory", () => {
    const store = new LocalTokenStore(fullStorage());
    run(store.setToken("tok-1"));
    run(store.setActivated(true));
    expect(read(store)).toEqual({ token: "tok-1", activated: true });
  });

  it("a storage that cannot remove still forgets the session on clear", () => {
    const store = new LocalTokenStore(fullStorage({ [STORAGE_KEYS.token]: "old-token", [STORAGE_KEYS.activated]: "1" }));
    expect(read(store)).toEqual({ token: "old-token", activated: true });
    run(store.clear());
    expect(read(store)).toEqual({ token: null, activated: false });
  });
});
