import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { Queryable } from "../db/queryable.ts";
import { rateLimitEvents } from "../db/schema.ts";
import { addressKey } from "../limits/addressKey.ts";
import { countIfAllowed, forgetAttempts, type Ask, type Counted } from "../limits/attempts.ts";
import {
  STAFF_FAILURES_PER_ADDRESS,
  STAFF_FAILURES_PER_NAME,
  STAFF_FAILURES_PER_NAME_AND_ADDRESS,
  STAFF_LOCK_NOTICES_PER_NAME,
  STAFF_LOCK_NOTICES_PER_NAME_AND_ADDRESS,
  STAFF_SIGN_INS_PER_ADDRESS,
} from "../limits/policy.ts";
import { checkLimits, type Limit } from "../limits/rules.ts";
import { recordAct, type AuditActor } from "./audit.ts";

/**
 * The desk sign-in's limits as locks (issue 34): which limits one sign-in is counted under, the
 * audit row when a (name, address) or a name becomes locked, and the admin's lifting of every
 * lock on a name. The numbers and why are in ../limits/policy.ts.
 */

/** The ledger subject of a (name, address) pair: JSON, so no typed name can pass for another's prefix. */
const pairSubject = (name: string, where: string): string => JSON.stringify([name, where]);
/** What every pair subject of `name` starts with. */
const pairPrefix = (name: string): string => `${JSON.stringify([name]).slice(0, -1)},`;

/** The limits one desk sign-in is counted under, before its password is checked. */
export interface SignInAsks {
  readonly pair: Ask;
  readonly name: Ask;
  readonly addressWrong: Ask;
  readonly addressAll: Ask;
  /** All four, in the order {@link countAttemptUsage} answers them. */
  readonly all: readonly [Ask, Ask, Ask, Ask];
}

/** The asks for a sign-in as `name` from the client address `ip` (an IPv6 address counts as its /64). */
export const signInAsks = (name: string, ip: string): SignInAsks => {
  const where = addressKey(ip);
  const pair = { limit: STAFF_FAILURES_PER_NAME_AND_ADDRESS, subject: pairSubject(name, where) };
  const byName = { limit: STAFF_FAILURES_PER_NAME, subject: name };
  const addressWrong = { limit: STAFF_FAILURES_PER_ADDRESS, subject: where };
  const addressAll = { limit: STAFF_SIGN_INS_PER_ADDRESS, subject: where };
  return { pair, name: byName, addressWrong, addressAll, all: [pair, byName, addressWrong, addressAll] };
};

/** The lock-notice ledger entry matching a failure limit's ask (same subject). */
const noticeOf = (ask: Ask): Ask => ({
  limit: ask.limit === STAFF_FAILURES_PER_NAME ? STAFF_LOCK_NOTICES_PER_NAME : STAFF_LOCK_NOTICES_PER_NAME_AND_ADDRESS,
  subject: ask.subject,
});

/**
 * A right password from this address forgives the typos before it from here: the pair's count
 * and its lock notice go (a new lock is recorded again). The name's count from other addresses
 * stays: those were someone's wrong guesses.
 */
export const forgetPairLock = async (db: Database, asks: SignInAsks): Promise<void> => {
  await forgetAttempts(db, asks.pair);
  await forgetAttempts(db, noticeOf(asks.pair));
};

/** A wrong password that was just counted: who was tried, from where, and the counts it brought. */
export interface WrongPassword {
  readonly name: string;
  readonly staffId: number | null;
  readonly ip: string;
  readonly asks: SignInAsks;
  /** {@link countAttemptUsage}'s answer for `asks.all`. */
  readonly counted: readonly Counted[];
  readonly now: number;
}

/**
 * Writes a `staffLocked` audit row for each limit this wrong password filled (the pair's 5th, the
 * name's 150th): from now on that limit refuses. At most one row per pair or name in a window,
 * however often a paced guesser fills it again (the lock-notice ledger), so a stranger cannot
 * write them in unbounded numbers; every wrong try has its signInFailed row already.
 */
export const noteLocks = async (db: Database, wrong: WrongPassword): Promise<void> => {
  const filled: Array<{ readonly ask: Ask; readonly scope: "address" | "name" }> = [];
  const [pairCount, nameCount] = wrong.counted;
  if (pairCount !== undefined && pairCount.used >= wrong.asks.pair.limit.max) filled.push({ ask: wrong.asks.pair, scope: "address" });
  if (nameCount !== undefined && nameCount.used >= wrong.asks.name.limit.max) filled.push({ ask: wrong.asks.name, scope: "name" });
  for (const { ask, scope } of filled) {
    await countIfAllowed(db, noticeOf(ask), wrong.now, (tx) =>
      recordAct(tx, {
        at: new Date(wrong.now),
        staff: { id: wrong.staffId, name: wrong.name },
        address: wrong.ip,
        act: "staffLocked",
        subject: wrong.name,
        after: { locked: true, scope, wrong_passwords: ask.limit.max, minutes: Math.round(ask.limit.windowMs / 60_000) },
      }),
    );
  }
};

/** Who lifts the locks (an admin at the desk, or the CLI), from where, when. */
export interface LiftBy {
  readonly actor: AuditActor;
  readonly address: string;
  readonly now: Date;
}

const lockedAt = (limit: Limit, times: readonly number[], now: number): boolean => checkLimits([{ limit, times }], now) !== null;

/**
 * Lifts every sign-in lock on `name` at once, inside the caller's transaction (an admin's reset or
 * enable): its wrong passwords from every address are forgotten, and so are its lock notices, so
 * a new lock is recorded again. When something was locked, a `staffUnlocked` audit row says what.
 * The per-address limits stay: they are the guesser's, not the name's. Answers whether a lock was lifted.
 */
export const liftSignInLocks = async (tx: Queryable, name: string, by: LiftBy): Promise<boolean> => {
  const prefix = pairPrefix(name);
  const pairBuckets = [STAFF_FAILURES_PER_NAME_AND_ADDRESS.bucket, STAFF_LOCK_NOTICES_PER_NAME_AND_ADDRESS.bucket];
  const nameBuckets = [STAFF_FAILURES_PER_NAME.bucket, STAFF_LOCK_NOTICES_PER_NAME.bucket];
  const forgotten = await tx
    .delete(rateLimitEvents)
    .where(
      or(
        and(inArray(rateLimitEvents.bucket, nameBuckets), eq(rateLimitEvents.subject, name)),
        // left(), not LIKE: a name's '_' would be a wildcard.
        and(inArray(rateLimitEvents.bucket, pairBuckets), sql`left(${rateLimitEvents.subject}, ${prefix.length}) = ${prefix}`),
      ),
    )
    .returning({ bucket: rateLimitEvents.bucket, subject: rateLimitEvents.subject, at: rateLimitEvents.at });
  const now = by.now.getTime();
  const timesOf = (bucket: string, subject: string): number[] => forgotten.filter((f) => f.bucket === bucket && f.subject === subject).map((f) => f.at.getTime());

  const lockedEverywhere = lockedAt(STAFF_FAILURES_PER_NAME, timesOf(STAFF_FAILURES_PER_NAME.bucket, name), now);
  const pairs = [...new Set(forgotten.filter((f) => f.bucket === STAFF_FAILURES_PER_NAME_AND_ADDRESS.bucket).map((f) => f.subject))];
  const lockedAddresses = pairs
    .filter((subject) => lockedAt(STAFF_FAILURES_PER_NAME_AND_ADDRESS, timesOf(STAFF_FAILURES_PER_NAME_AND_ADDRESS.bucket, subject), now))
    .map((subject) => String((JSON.parse(subject) as [string, string])[1]))
    .sort();
  if (!lockedEverywhere && lockedAddresses.length === 0) return false;
  await recordAct(tx, {
    at: by.now,
    staff: by.actor,
    address: by.address,
    act: "staffUnlocked",
    subject: name,
    before: { locked_everywhere: lockedEverywhere, locked_addresses: lockedAddresses },
    after: { locked_everywhere: false, locked_addresses: [] },
  });
  return true;
};
