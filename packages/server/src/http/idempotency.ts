import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { idempotencyKeys } from "../db/schema.ts";
import { sha256 } from "../security/tokens.ts";
import { ok, type Ok } from "./envelope.ts";
import { refuse } from "../refusals/Refusal.ts";

/**
 * `Idempotency-Key` (issue 4): a client retrying one action (a weak network, a double tap) sends
 * the same key, and gets the first answer back instead of a second order.
 *
 * - The first request with a key claims it (an INSERT that only one request can win, per customer
 *   and key), runs, and stores its answer.
 * - A repeat with the same key and the same body gets the stored answer; while the first is still
 *   running it waits for it (up to {@link WAIT_FOR_FIRST_MS}, then 409 "still running").
 * - The same key with a different body (or on another endpoint) is a client bug: 400.
 * - A failed first request releases its key, so a retry after a refusal or an outage runs afresh
 *   (only successes are replayed). A request whose work succeeded answers its success even when its
 *   answer cannot be stored (retried a few times first): the work is done and must not be done again. A claim whose request died with its process is taken over
 *   after {@link ABANDONED_AFTER_MS}.
 *
 * The claim, the work and the stored answer are separate short transactions: the work talks to a
 * payment channel, and no transaction is held open across network I/O (DESIGN.md §2).
 */

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const WAIT_FOR_FIRST_MS = 5_000;
export const ABANDONED_AFTER_MS = 60_000;
/** How long answers are kept for replay; the sweeper deletes older keys. */
export const KEEP_ANSWERS_MS = 24 * 3600_000;
const POLL_MS = 25;

interface StoredAnswer {
  readonly data: unknown;
  readonly message: string;
  readonly extra?: Readonly<Record<string, unknown>> | undefined;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same request. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

// The claim and the stored answer are two of every keyed creation's statements (the app sends a
// key with each): prepared once per database (src/db/prepared.ts), so neither is rebuilt by
// Drizzle nor parsed and planned again by PostgreSQL on each request. A placeholder in values()
// or set() goes through its column's mapping (a Date, an object for jsonb); one in a condition is
// the driver's raw value.
const ph = sql.placeholder;

const claimQuery = preparedPerDatabase("idempotency_claim", (db, name) =>
  db
    .insert(idempotencyKeys)
    .values({ key: ph("key"), userId: ph("userId"), requestHash: ph("requestHash"), createdAt: ph("createdAt") })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare(name),
);

const storeAnswerQuery = preparedPerDatabase("idempotency_store", (db, name) =>
  db
    .update(idempotencyKeys)
    .set({ statusCode: 200, response: ph("response") })
    .where(and(eq(idempotencyKeys.userId, ph("userId")), eq(idempotencyKeys.key, ph("key"))))
    .prepare(name),
);

/** Tries to store an answer for replay this many times: a lost connection is usually replaced at once. */
const STORE_TRIES = 3;
const STORE_RETRY_MS = 200;

const storeAnswer = async (
  db: Database,
  row: { readonly userId: number; readonly key: string; readonly response: StoredAnswer },
  onStoreFailed: ((err: unknown) => void) | undefined,
): Promise<void> => {
  for (let tried = 1; ; tried += 1) {
    try {
      await storeAnswerQuery(db).execute(row);
      return;
    } catch (err) {
      if (tried >= STORE_TRIES) {
        onStoreFailed?.(err);
        return;
      }
      await sleep(STORE_RETRY_MS * tried);
    }
  }
};

/** The key a request carries: undefined when none, 400 when it is not 1 to 255 visible ASCII characters. */
export const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== "string" || !/^[\x21-\x7e]{1,255}$/.test(raw)) throw refuse("IdempotencyKeyInvalid");
  return raw;
};

/**
 * Runs `work` at most once per (customer, key, request): see the module comment. Without a key it
 * simply runs. `scope` names the endpoint, so one key cannot be replayed on another.
 */
export const idempotent = async <A>(
  db: Database,
  options: {
    readonly key: string | undefined;
    readonly userId: number;
    readonly scope: string;
    readonly body: unknown;
    readonly now: () => number;
    /** Told when the answer could not be stored for replay (it is still given to the caller). */
    readonly onStoreFailed?: ((err: unknown) => void) | undefined;
  },
  work: () => Promise<Ok<A>>,
): Promise<Ok<A>> => {
  const { key, userId } = options;
  if (key === undefined) return work();
  const requestHash = sha256(`${options.scope}\n${canonical(options.body)}`);
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  const runAsOwner = async (): Promise<Ok<A>> => {
    let answer: Ok<A>;
    try {
      answer = await work();
    } catch (err) {
      await db.delete(idempotencyKeys).where(and(where, isNull(idempotencyKeys.response))).catch(() => undefined);
      throw err;
    }
    // The work is done (an order committed): from here the customer gets its answer whatever
    // becomes of the stored copy. Issue 22: answering 503 here, with the claim released, made the
    // app's retry create a second order. A copy that cannot be stored (the database went away
    // between the two writes) leaves the claim unanswered: a retry then waits and gets 409
    // 'still running' rather than a second order, until the claim is abandoned.
    await storeAnswer(db, { userId, key, response: { data: answer.data, message: answer.message, extra: answer.extra } }, options.onStoreFailed);
    return answer;
  };

  const claim = () => claimQuery(db).execute({ key, userId, requestHash, createdAt: new Date(options.now()) });

  if ((await claim()).length === 1) return runAsOwner();

  const startedWaiting = Date.now();
  for (;;) {
    const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (row === undefined) {
      // The first request failed and released the key: this one runs afresh.
      if ((await claim()).length === 1) return runAsOwner();
      continue;
    }
    if (row.requestHash !== requestHash) throw refuse("IdempotencyKeyReused");
    if (row.response !== null) {
      const stored = row.response as StoredAnswer;
      return ok(stored.data as A, stored.message, stored.extra);
    }
    if (options.now() - row.createdAt.getTime() > ABANDONED_AFTER_MS) {
      const taken = await db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(options.now()) })
        .where(and(where, isNull(idempotencyKeys.response), eq(idempotencyKeys.createdAt, row.createdAt)))
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 1) return runAsOwner();
    }
    if (Date.now() - startedWaiting > WAIT_FOR_FIRST_MS) throw refuse("IdempotencyKeyInProgress");
    await sleep(POLL_MS);
  }
};

/** Forgets answers older than {@link KEEP_ANSWERS_MS} (the sweeper calls it). */
export const forgetOldIdempotencyKeys = async (db: Database, now: number): Promise<number> =>
  (await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - KEEP_ANSWERS_MS))).returning({ key: idempotencyKeys.key })).length;

/** What a route passes as `onStoreFailed`: the answer went out, but a retry with its key cannot replay it. */
export const storeFailedLogger =
  (request: FastifyRequest) =>
  (err: unknown): void =>
    request.log.warn({ err }, "answered, but the answer could not be kept for Idempotency-Key replay");
