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
 *
 * Single flight (issue 14): while a token's facts are missing or stale, the requests that arrive
 * with it share one database read ({@link sessionCache.load}) instead of each reading: a burst of
 * a customer's requests (a page's calls, retries) costs one query, not one each. An eviction
 * during that read detaches it: its callers, who came before the write finished, get what it read,
 * but it is not kept, and a request after the eviction reads again.
 */

export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 50_000;

export interface AuthFacts {
  readonly session: Pick<typeof sessions.$inferSelect, "userId" | "createdAt" | "expiresAt" | "replacedAt" | "graceUntil">;
  readonly user: typeof users.$inferSelect;
  readonly blacklistedPhone: (typeof blacklist.$inferSelect)["phone"] | null;
}

const entries = new Map<string, { readonly facts: AuthFacts; readonly until: number }>();

/** A read in progress for a token; `detached` once an eviction made what it reads untrustworthy to keep. */
interface Flight {
  readonly facts: Promise<AuthFacts | undefined>;
  detached: boolean;
}

const flights = new Map<string, Flight>();

const detach = (tokenHash: string): void => {
  const flight = flights.get(tokenHash);
  if (flight === undefined) return;
  flight.detached = true;
  flights.delete(tokenHash);
};

/** A user's reads in flight cannot be told apart before they answer: detach them all (evictions are rare). */
const detachAll = (): void => {
  for (const flight of flights.values()) flight.detached = true;
  flights.clear();
};

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

  /**
   * The token's facts: from the cache, else from `read`, called once for all the callers that
   * ask while it runs (they share its answer, or its failure). A token `read` does not find
   * (undefined) is not remembered. What `read` answers is kept for the TTL unless an eviction
   * came while it ran.
   */
  load(tokenHash: string, read: () => Promise<AuthFacts | undefined>): Promise<AuthFacts | undefined> {
    const hit = sessionCache.get(tokenHash);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = flights.get(tokenHash);
    if (running !== undefined) return running.facts;
    const flight: Flight = {
      detached: false,
      facts: read().then(
        (facts) => {
          if (!flight.detached) {
            flights.delete(tokenHash);
            if (facts !== undefined) sessionCache.put(tokenHash, facts);
          }
          return facts;
        },
        (err: unknown) => {
          if (!flight.detached) flights.delete(tokenHash);
          throw err;
        },
      ),
    };
    flights.set(tokenHash, flight);
    return flight.facts;
  },

  forgetToken(tokenHash: string): void {
    entries.delete(tokenHash);
    detach(tokenHash);
  },

  forgetUser(userId: number): void {
    for (const [hash, { facts }] of entries) if (facts.user.id === userId) entries.delete(hash);
    detachAll();
  },

  /** Blacklist changes touch phones, not users: drop everything (they are rare). */
  clear(): void {
    entries.clear();
    detachAll();
  },
};
