import { randomInt } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { inviteCodes, users } from "../db/schema.ts";
import { sessionCache } from "../identity/sessionCache.ts";

/**
 * Invite (activation) codes, spec §1 and §6: single use, at most 32 characters. Operators create
 * them (CLI, sandbox endpoint); a customer redeems one at /activated.
 */

/** No 0/O, 1/I/L: codes are read aloud and typed on phones. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 10;

/** A fresh code from the CSPRNG: 10 symbols of 31, about 49 bits, unguessable by trying. */
export const newInviteCode = (): string => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** Creates `count` new codes and returns them. */
export const createInviteCodes = async (db: Pick<Database, "insert">, count: number, now: Date): Promise<string[]> => {
  if (!Number.isInteger(count) || count < 1 || count > 1_000) throw new RangeError("count must be an integer from 1 to 1000");
  const codes = Array.from({ length: count }, newInviteCode);
  // A collision of 49-bit codes is astronomically unlikely; `onConflictDoNothing` plus the
  // returned rows keeps the promise "these codes exist and are fresh" even then.
  const rows = await db
    .insert(inviteCodes)
    .values(codes.map((code) => ({ code, createdAt: now })))
    .onConflictDoNothing()
    .returning({ code: inviteCodes.code });
  return rows.map((r) => r.code);
};

export interface InviteCodeRow {
  readonly code: string;
  readonly createdAt: Date;
  readonly redeemedAt: Date | null;
  readonly redeemedByPhone: string | null;
}

/** Every code, oldest first, with who redeemed it. */
export const listInviteCodes = async (db: Database): Promise<InviteCodeRow[]> =>
  db
    .select({
      code: inviteCodes.code,
      createdAt: inviteCodes.createdAt,
      redeemedAt: inviteCodes.redeemedAt,
      redeemedByPhone: users.phone,
    })
    .from(inviteCodes)
    .leftJoin(users, eq(users.id, inviteCodes.redeemedBy))
    .orderBy(asc(inviteCodes.createdAt), asc(inviteCodes.code));

/** The codes nobody has redeemed yet. */
export const unusedInviteCodes = async (db: Database): Promise<string[]> =>
  (await db.select({ code: inviteCodes.code }).from(inviteCodes).where(isNull(inviteCodes.redeemedAt)).orderBy(asc(inviteCodes.code))).map(
    (r) => r.code,
  );

export type RedeemOutcome = "redeemed" | "wrong-code" | "already-activated";

/**
 * Redeems `code` for `userId` and activates the user, all or nothing.
 *
 * The claim is one conditional UPDATE (`... WHERE code = $1 AND redeemed_at IS NULL`): of any
 * number of simultaneous redemptions of one code exactly one matches a row, on PostgreSQL as on
 * PGlite, without locks held across round trips. A user who is already activated keeps their
 * code and does not burn another.
 */
export const redeemInviteCode = async (db: Database, code: string, userId: number, now: Date): Promise<RedeemOutcome> =>
  db.transaction(async (tx) => {
    const [user] = await tx.select({ activatedAt: users.activatedAt }).from(users).where(eq(users.id, userId)).for("update");
    if (user === undefined) return "wrong-code";
    if (user.activatedAt !== null) return "already-activated";
    const claimed = await tx
      .update(inviteCodes)
      .set({ redeemedAt: now, redeemedBy: userId })
      .where(and(eq(inviteCodes.code, code), isNull(inviteCodes.redeemedAt)))
      .returning({ code: inviteCodes.code });
    if (claimed.length === 0) return "wrong-code";
    await tx.update(users).set({ activatedAt: now }).where(eq(users.id, userId));
    sessionCache.forgetUser(userId);
    return "redeemed";
  });
