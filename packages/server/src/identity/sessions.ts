import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { blacklist, sessions, users } from "../db/schema.ts";
import { bearerToken, type Authenticate, type Principal } from "../http/auth.ts";
import { refuse } from "../refusals/Refusal.ts";
import type { Clock } from "../providers/clock/Clock.ts";
import { newSessionToken, sha256 } from "../security/tokens.ts";
import { MAX_TOKEN_LENGTH, SESSION_GRACE_MS, SESSION_LIFETIME_MS, SESSION_REFRESH_AFTER_MS } from "./policy.ts";
import { sessionCache, type AuthFacts } from "./sessionCache.ts";
import type { Queryable } from "../db/queryable.ts";
import { preparedPerDatabase } from "../db/prepared.ts";

/**
 * Sessions (issue 3): random opaque tokens, only their SHA-256 stored, with an expiry; a sliding
 * refresh; logout that works at once. Lifetimes are in ./policy.ts.
 *
 * Refresh chain: a refreshed token's `replaced_at` equals its successor's `created_at` (both are
 * the refreshing request's instant, written in one transaction) for the same user. That equality
 * is the link logout follows, so no extra column is needed.
 */

/** Issues a new token for `userId`, valid {@link SESSION_LIFETIME_MS} from `now`. Returns the token (stored only hashed). */
export const createSession = async (db: Queryable, userId: number, now: number): Promise<string> => {
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(now + SESSION_LIFETIME_MS),
    createdAt: new Date(now),
  });
  return token;
};

/**
 * Deletes the user's tokens that can no longer work (expired, or replaced and past their grace), so
 * the table does not grow with every refresh. Run after a sign-in commits, never inside the
 * refresh transaction: a multi-row delete there could deadlock with a concurrent logout.
 */
export const forgetDeadSessions = async (db: Database, userId: number, now: number): Promise<void> => {
  const at = new Date(now);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), or(lte(sessions.expiresAt, at), lte(sessions.graceUntil, at))));
};

/** What a stored token allows at an instant. */
export type SessionState = "dead" | "live" | "refresh" | "grace";

/**
 * - dead: expired, or replaced and past the grace period (401);
 * - grace: replaced within the last {@link SESSION_GRACE_MS}: works, never refreshed again;
 * - refresh: more than {@link SESSION_REFRESH_AFTER_MS} old: works and gets a successor;
 * - live: works.
 */
export const sessionState = (
  row: { readonly createdAt: Date; readonly expiresAt: Date; readonly replacedAt: Date | null; readonly graceUntil: Date | null },
  now: number,
): SessionState => {
  if (row.expiresAt.getTime() <= now) return "dead";
  if (row.replacedAt !== null) return row.graceUntil !== null && row.graceUntil.getTime() > now ? "grace" : "dead";
  return now - row.createdAt.getTime() >= SESSION_REFRESH_AFTER_MS ? "refresh" : "live";
};

/**
 * Replaces a token due for refresh. The claim is one conditional UPDATE (`... AND replaced_at IS
 * NULL`): of any number of requests arriving with the token at that moment exactly one mints a
 * successor; the others find the token already replaced and go on with it inside its grace period.
 * Returns the new token, or undefined for those others.
 */
const refresh = async (db: Database, tokenHash: string, userId: number, now: number): Promise<string | undefined> => {
  const token = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(sessions)
      .set({ replacedAt: new Date(now), graceUntil: new Date(now + SESSION_GRACE_MS) })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.replacedAt)))
      .returning({ userId: sessions.userId });
    sessionCache.forgetToken(tokenHash);
    return claimed.length === 0 ? undefined : createSession(tx, userId, now);
  });
  if (token !== undefined) await forgetDeadSessions(db, userId, now);
  return token;
};

const authFactsQuery = preparedPerDatabase("auth_facts", (db, name) =>
  db
    .select({
      session: {
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        replacedAt: sessions.replacedAt,
        graceUntil: sessions.graceUntil,
      },
      user: users,
      blacklistedPhone: blacklist.phone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(blacklist, eq(blacklist.phone, users.phone))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare(name),
);

/** The session, its customer and any blacklisting, in one prepared read: every authenticated request whose facts are not cached makes it. */
const loadAuthFacts = async (db: Database, tokenHash: string): Promise<AuthFacts | undefined> => (await authFactsQuery(db).execute({ tokenHash }))[0];

/** The signed-in customer's row as authentication just read it (GET /api/user/info needs no second query). */
export const authenticatedUserRow = (token: string): AuthFacts["user"] | undefined => sessionCache.get(sha256(token))?.user;

/**
 * The real {@link Authenticate}: the bearer token's session, or null when it is missing, unknown,
 * expired or logged out (401). A valid token of a customer whose phone is blacklisted throws
 * the `Blacklisted` refusal (403, spec §6): the refusal is about the person, not the token, and every
 * protected endpoint must give it.
 */
export const sessionAuthenticator =
  (db: Database, clock: Clock): Authenticate =>
  async (request) => {
    const token = bearerToken(request);
    if (token === undefined || token.length > MAX_TOKEN_LENGTH) return null;
    const tokenHash = sha256(token);
    // Cached, or one read shared by every request that comes with this token meanwhile.
    const facts = await sessionCache.load(tokenHash, () => loadAuthFacts(db, tokenHash));
    if (facts === undefined) return null;
    const row = { ...facts.session, activatedAt: facts.user.activatedAt, blacklistedPhone: facts.blacklistedPhone };
    const now = clock.now();
    const state = sessionState(row, now);
    if (state === "dead") return null;
    if (row.blacklistedPhone !== null) throw refuse("Blacklisted");

    const principal: Principal = { userId: row.userId, activated: row.activatedAt !== null, oauthId: facts.user.oauthId };
    if (state !== "refresh") return principal;
    const refreshedToken = await refresh(db, tokenHash, row.userId, now);
    return refreshedToken === undefined ? principal : { ...principal, refreshedToken };
  };

/**
 * Logout: deletes the token and every token linked to it by refresh (its successor minted in the
 * same moment, and the predecessor still in its grace period), so no copy of this session works
 * any more. Other devices' sessions are untouched. Returns how many tokens were deleted.
 */
export const endSession = async (db: Database, token: string): Promise<number> => {
  const result = await db.execute<{ token_hash: string }>(sql`
    WITH RECURSIVE chain AS (
      SELECT token_hash, user_id, created_at, replaced_at FROM ${sessions} WHERE token_hash = ${sha256(token)}
      UNION
      SELECT s.token_hash, s.user_id, s.created_at, s.replaced_at
        FROM ${sessions} s JOIN chain c ON s.user_id = c.user_id AND (s.created_at = c.replaced_at OR s.replaced_at = c.created_at)
    )
    DELETE FROM ${sessions} WHERE token_hash IN (SELECT token_hash FROM chain) RETURNING token_hash`);
  for (const row of result.rows) sessionCache.forgetToken(row.token_hash);
  return result.rows.length;
};

/** Ends every session of a user (the password was reset: whoever knew the old one is signed out). */
export const endAllSessions = async (db: Queryable, userId: number): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  sessionCache.forgetUser(userId);
};
