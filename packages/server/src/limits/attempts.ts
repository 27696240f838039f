import { createHash } from "node:crypto";
import { and, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/queryable.ts";
import { rateLimitEvents } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import { ALL_LIMITS, LONGEST_WINDOW_MS } from "./policy.ts";
import { checkLimits, type Limit, type LimitRefusal } from "./rules.ts";

/**
 * The attempts ledger behind the rate limits (table `rate_limit_events`). An attempt is counted
 * BEFORE the costly or guessable work it guards (a password hash, an invite-code check), so
 * parallel requests cannot all slip past a limit while each is still working: of 20 parallel
 * wrong passwords for one phone, 5 are counted and hashed, 15 are refused before hashing.
 * An attempt that turns out not to count (a right password, a right invite code) is withdrawn
 * afterwards with {@link withdrawAttempts}.
 *
 * Each (limit, subject) pair has an advisory lock: the check and the insert run under it in one
 * short transaction, so concurrent requests for one subject run one after another, each seeing
 * the ones before, on every server process that shares the PostgreSQL database.
 */

/** One limit, applied to one subject (a phone, a client address, a customer id). */
export interface Ask {
  readonly limit: Limit;
  readonly subject: string;
}

/** Advisory-lock namespace of the ledger (two-key form; see ../identity/smsCodes.ts for 3_001 and 3_002). */
const LOCK_RATE_LIMIT = 3_003;

/** A 32-bit lock key for a (bucket, subject) pair. Two pairs sharing a key only wait for each other. */
const lockKey = (ask: Ask): number => createHash("sha256").update(`${ask.limit.bucket}\u0000${ask.subject}`).digest().readInt32BE(0);

/** One counted attempt: its event's id, and how many events its subject now has in the limit's window (this one included). */
export interface Counted {
  readonly id: number;
  readonly used: number;
}

type CountOutcome = { readonly refusal: LimitRefusal } | { readonly counted: readonly Counted[] };

/** The check and the insert, inside the caller's transaction, under the asks' advisory locks. */
const countUnderLocks = async (tx: Tx, asks: readonly Ask[], now: number): Promise<CountOutcome> => {
  // Locks in ascending key order, whoever asks: a fixed order cannot deadlock.
  const keys = [...new Set(asks.map(lockKey))].sort((a, b) => a - b);
  await tx.execute(sql`SELECT ${sql.join(keys.map((k) => sql`pg_advisory_xact_lock(${LOCK_RATE_LIMIT}, ${k})`), sql`, `)}`);

  // A limit never lets more than `max` events into its window, so this reads few rows.
  const recent = await tx
    .select({ bucket: rateLimitEvents.bucket, subject: rateLimitEvents.subject, at: rateLimitEvents.at })
    .from(rateLimitEvents)
    .where(
      or(
        ...asks.map((a) =>
          and(eq(rateLimitEvents.bucket, a.limit.bucket), eq(rateLimitEvents.subject, a.subject), gt(rateLimitEvents.at, new Date(now - a.limit.windowMs))),
        ),
      ),
    );
  const histories = asks.map((a) => ({
    limit: a.limit,
    times: recent.filter((r) => r.bucket === a.limit.bucket && r.subject === a.subject).map((r) => r.at.getTime()),
  }));
  const refusal = checkLimits(histories, now);
  if (refusal !== null) return { refusal };
  const at = new Date(now);
  const rows = await tx
    .insert(rateLimitEvents)
    .values(asks.map((a) => ({ bucket: a.limit.bucket, subject: a.subject, at })))
    .returning({ id: rateLimitEvents.id });
  return { counted: rows.map((r, i) => ({ id: r.id, used: (histories[i]?.times.length ?? 0) + 1 })) };
};

/**
 * Counts one attempt under each of `asks`, or refuses (429 with `retry-after`) without counting
 * any when one of them is used up. Answers each new event with its subject's count, in the order
 * of `asks`: the one that brings a limit to its `max` is the last it lets through (a lock starts).
 */
export const countAttemptUsage = async (db: Database, asks: readonly Ask[], now: number): Promise<readonly Counted[]> => {
  const outcome = await db.transaction((tx) => countUnderLocks(tx, asks, now));
  if ("refusal" in outcome) {
    const { reason, retryAfterSeconds } = outcome.refusal;
    // `{minutes}` for the texts that name the wait (OrderCreationsLimited); the others ignore it.
    throw refuse(reason, { minutes: Math.ceil(retryAfterSeconds / 60) }, retryAfterSeconds);
  }
  return outcome.counted;
};

/**
 * Counts one attempt under each of `asks`, or refuses (429 with `retry-after`) without counting
 * any when one of them is used up. Answers the new events' ids, in the order of `asks`.
 */
export const countAttempt = async (db: Database, asks: readonly Ask[], now: number): Promise<readonly number[]> =>
  (await countAttemptUsage(db, asks, now)).map((c) => c.id);

/**
 * Does `work` only when `ask` allows one more event, counting it in the same transaction; answers
 * whether it did. Refuses nothing: for what must happen at most `max` times a window whoever
 * asks, however often (one audit row per lock, ../desk/signInLocks.ts).
 */
export const countIfAllowed = async (db: Database, ask: Ask, now: number, work: (tx: Tx) => Promise<void>): Promise<boolean> =>
  db.transaction(async (tx) => {
    if ("refusal" in (await countUnderLocks(tx, [ask], now))) return false;
    await work(tx);
    return true;
  });

/** Takes back attempts counted by {@link countAttempt} that turned out not to count (a right answer, or work never done). */
export const withdrawAttempts = async (db: Database, ids: readonly number[]): Promise<void> => {
  if (ids.length > 0) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, [...ids]));
};

/** Forgets every attempt of a subject under a limit (a right password clears the phone's wrong ones). */
export const forgetAttempts = async (db: Database, ask: Ask): Promise<void> => {
  await db.delete(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, ask.limit.bucket), eq(rateLimitEvents.subject, ask.subject)));
};

/**
 * The sweep's part: deletes events no limit looks at any more, each bucket after its own window
 * (a day for order creations, a minute for sign-ins from an address), and anything past the
 * longest window whatever its bucket. Answers how many.
 */
export const forgetOldAttempts = async (db: Database, now: number): Promise<number> =>
  (
    await db
      .delete(rateLimitEvents)
      .where(
        or(
          lte(rateLimitEvents.at, new Date(now - LONGEST_WINDOW_MS)),
          ...ALL_LIMITS.map((l) => and(eq(rateLimitEvents.bucket, l.bucket), lte(rateLimitEvents.at, new Date(now - l.windowMs)))),
        ),
      )
      .returning({ id: rateLimitEvents.id })
  ).length;
