import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { sessionCache, type AuthFacts } from "../../src/identity/sessionCache.ts";
import { sessionAuthenticator } from "../../src/identity/sessions.ts";
import { createInviteCodes } from "../../src/operators/inviteCodes.ts";
import { sha256 } from "../../src/security/tokens.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { expectError, expectSuccess, get, post, seedUser, tokenFor } from "./support.ts";

/**
 * Authentication remembers a token's facts for a moment (src/identity/sessionCache.ts). These
 * prove that every change made through the server takes effect on the very next request anyway.
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const auth = (token: string) => ({ token });

describe("cached authentication", () => {
  it("logout works on the next request although the token was just read", async () => {
    const user = await seedUser(booted, { activated: true });
    const token = await tokenFor(booted, user.id);
    expectSuccess(await get(booted, "/api/user/info", auth(token)));
    expectSuccess(await post(booted, "/api/logout", {}, auth(token)));
    expectError(await get(booted, "/api/user/info", auth(token)), 401);
  });

  it("blacklisting through the sandbox operator route refuses the next request with 403", async () => {
    const user = await seedUser(booted, { activated: true, phone: "13800138123" });
    const token = await tokenFor(booted, user.id);
    expectSuccess(await get(booted, "/api/user/info", auth(token)));
    expectSuccess(await post(booted, "/api/sandbox/blacklist", { phone: "13800138123" }));
    expectError(await get(booted, "/api/user/info", auth(token)), 403, "server busy, cannot use");
  });

  it("activation shows in user/info on the next request", async () => {
    const user = await seedUser(booted, { activated: false });
    const token = await tokenFor(booted, user.id);
    expect(expectSuccess<{ is_activated: boolean }>(await get(booted, "/api/user/info", auth(token))).is_activated).toBe(false);
    const [code] = await createInviteCodes(booted.db, 1, new Date(booted.clock.now()));
    expectSuccess(await post(booted, "/api/activacode/check", { code }, auth(token)));
    expect(expectSuccess<{ is_activated: boolean }>(await get(booted, "/api/user/info", auth(token))).is_activated).toBe(true);
  });

  it("expiry is judged on every request, not when the facts were cached", async () => {
    const user = await seedUser(booted, { activated: true });
    const token = await tokenFor(booted, user.id);
    expectSuccess(await get(booted, "/api/user/info", auth(token)));
    booted.clock.advance(8 * 24 * 3600);
    expectError(await get(booted, "/api/user/info", auth(token)), 401);
  });
});

/**
 * A database whose queries are counted as they run (authentication reads a token's facts with one
 * select). Counted where every Drizzle query runs, its session's prepared query's `execute`, so a
 * query prepared once (src/db/prepared.ts) counts at each run, not once when it is built.
 */
const countingSelects = (db: Database): { readonly db: Database; readonly selects: () => number } => {
  let selects = 0;
  type Prepared = { execute: (...args: unknown[]) => Promise<unknown> };
  const session = (db as unknown as { session: object }).session;
  const countingSession = new Proxy(session, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (prop !== "prepareQuery" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const prepared = (value as (...a: unknown[]) => Prepared).apply(target, args);
        const execute = prepared.execute.bind(prepared);
        prepared.execute = (...a: unknown[]) => {
          selects += 1;
          return execute(...a);
        };
        return prepared;
      };
    },
  });
  // A distinct object (its own prepared queries) whose methods see the counting session as `this.session`.
  const counted = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "session") return countingSession;
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(receiver) : value;
    },
  });
  return { db: counted, selects: () => selects };
};

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as unknown as FastifyRequest;

/** A promise and the functions that settle it. */
const deferred = <A>() => {
  let resolve!: (value: A) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<A>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

let flightSeq = 0;
/** A token hash no other test uses (the cache is per process). */
const freshHash = (): string => sha256(`single-flight-${process.pid}-${++flightSeq}`);
const someFacts = (userId: number): AuthFacts =>
  ({ session: { userId }, user: { id: userId }, blacklistedPhone: null }) as unknown as AuthFacts;

describe("single-flight refills (issue 14)", () => {
  it("50 concurrent authentications of one token whose facts are not cached read the database once, and all succeed", async () => {
    const user = await seedUser(booted, { activated: true });
    const token = await tokenFor(booted, user.id);
    const { db, selects } = countingSelects(booted.db);
    const authenticate = sessionAuthenticator(db, booted.clock);

    const principals = await Promise.all(Array.from({ length: 50 }, () => authenticate(bearer(token))));

    expect(selects()).toBe(1);
    for (const p of principals) expect(p).toMatchObject({ userId: user.id, activated: true });
    // Then cached: no read at all.
    await authenticate(bearer(token));
    expect(selects()).toBe(1);
  });

  it("when the cached facts go stale, the next burst reads once again", async () => {
    const user = await seedUser(booted, { activated: true });
    const token = await tokenFor(booted, user.id);
    const { db, selects } = countingSelects(booted.db);
    const authenticate = sessionAuthenticator(db, booted.clock);
    await authenticate(bearer(token));
    sessionCache.forgetToken(sha256(token));
    await Promise.all(Array.from({ length: 20 }, () => authenticate(bearer(token))));
    expect(selects()).toBe(2);
  });

  it("an unknown token's burst reads once and every request is refused (nothing remembered)", async () => {
    const { db, selects } = countingSelects(booted.db);
    const authenticate = sessionAuthenticator(db, booted.clock);
    const answers = await Promise.all(Array.from({ length: 20 }, () => authenticate(bearer("not-a-token"))));
    expect(answers.every((a) => a === null)).toBe(true);
    expect(selects()).toBe(1);
    await authenticate(bearer("not-a-token"));
    expect(selects()).toBe(2);
  });

  it("different tokens do not share a read", async () => {
    const a = await seedUser(booted, { activated: true });
    const b = await seedUser(booted, { activated: false });
    const [ta, tb] = [await tokenFor(booted, a.id), await tokenFor(booted, b.id)];
    const { db, selects } = countingSelects(booted.db);
    const authenticate = sessionAuthenticator(db, booted.clock);
    const [pa, pb] = await Promise.all([authenticate(bearer(ta)), authenticate(bearer(tb))]);
    expect(pa).toMatchObject({ userId: a.id, activated: true });
    expect(pb).toMatchObject({ userId: b.id, activated: false });
    expect(selects()).toBe(2);
  });

  it("callers waiting on a read share its failure, and the next caller reads again", async () => {
    const hash = freshHash();
    const read = deferred<AuthFacts | undefined>();
    let reads = 0;
    const reader = () => {
      reads += 1;
      return reads === 1 ? read.promise : Promise.resolve(someFacts(7));
    };
    const waiting = Array.from({ length: 5 }, () => sessionCache.load(hash, reader));
    read.reject(new Error("database down"));
    for (const w of waiting) await expect(w).rejects.toThrow("database down");
    expect(reads).toBe(1);
    expect(await sessionCache.load(hash, reader)).toEqual(someFacts(7));
    expect(reads).toBe(2);
  });

  it("an eviction during a read (logout, refresh) is not undone by it: its callers get what it read, it is not kept, and a later request reads afresh", async () => {
    for (const evict of [(hash: string) => sessionCache.forgetToken(hash), () => sessionCache.forgetUser(7), () => sessionCache.clear()]) {
      const hash = freshHash();
      const before = deferred<AuthFacts | undefined>();
      let reads = 0;
      const reader = () => {
        reads += 1;
        return reads === 1 ? before.promise : Promise.resolve(someFacts(8));
      };
      const early = sessionCache.load(hash, reader);
      evict(hash);
      const late = sessionCache.load(hash, reader);
      before.resolve(someFacts(7));
      expect(await early).toEqual(someFacts(7));
      expect(await late).toEqual(someFacts(8));
      expect(reads).toBe(2);
      // What the detached read answered was not kept over the later read's facts.
      expect(sessionCache.get(hash)).toEqual(someFacts(8));
    }
  });

  it("logout during a burst's read: a request after the logout answers 401", async () => {
    const user = await seedUser(booted, { activated: true });
    const token = await tokenFor(booted, user.id);
    const burst = Array.from({ length: 10 }, () => get(booted, "/api/user/info", auth(token)));
    expectSuccess(await post(booted, "/api/logout", {}, auth(token)));
    await Promise.all(burst);
    expectError(await get(booted, "/api/user/info", auth(token)), 401);
  });
});
