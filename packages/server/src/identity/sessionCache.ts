import type { blacklist, sessions, users } from "../db/schema.ts";

/**
 * What authentication reads for a token (its session, its customer, whether the phone is
 * blacklisted), kept in memory for {@link SESSION_CACHE_TTL_MS}.
 *
 * Why: every signed-in request authenticates, and on PGlite each query costs about a millisecond
 * on one single-threaded engine; without this the server tops out near 300 signed-in requests a
 * second (docs/performance.md). Expiry and grace are still judged against the clock on every
 * request; only the stored facts are cached.
 *
 * Correctness: every write in this process that changes those facts evicts here (logout, refresh,
 * sign-out everywhere, activation, phone binding, blacklist changes), so on one server (always
 * the case on PGlite) a logout or a blacklisting works at once. With several servers on one
 * PostgreSQL, another server may honour a logged-out token for at most the TTL (docs/reliability.md).
 */

export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 50_000;

export interface AuthFacts {
  readonly session: Pick<typeof sessions.$inferSelect, "userId" | "createdAt" | "expiresAt" | "replacedAt" | "graceUntil">;
  readonly user: typeof users.$inferSelect;
  readonly blacklistedPhone: (typeof blacklist.$inferSelect)["phone"] | null;
}

const entries = new Map<string, { readonly facts: AuthFacts; readonly until: number }>();

/** Wall-clock time: the sandbox clock moving forward must not keep stale facts alive or drop fresh ones. */
const wallNow = (): number => performance.timeOrigin + performance.now();

export const sessionCache = {
  get(tokenHash: string): AuthFacts | undefined {
    const hit = entries.get(tokenHash);
    if (hit === undefined) return undefined;
    if (hit.until <= wallNow()) {
      entries.delete(tokenHash);
      return undefined;
    }
    return hit.facts;
  },

  put(tokenHash: string, facts: AuthFacts): void {
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(tokenHash, { facts, until: wallNow() + SESSION_CACHE_TTL_MS });
  },


  forgetToken(tokenHash: string): void {
    entries.delete(tokenHash);
  },

  forgetUser(userId: number): void {
    for (const [hash, { facts }] of entries) if (facts.user.id === userId) entries.delete(hash);
  },

  /** Blacklist changes touch phones, not users: drop everything (they are rare). */
  clear(): void {
    entries.clear();
  },
};
