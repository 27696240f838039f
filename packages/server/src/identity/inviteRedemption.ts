import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { inviteCodes, users } from "../db/schema.ts";
import { sessionCache } from "./sessionCache.ts";

/** Redeeming an operator's invite code (spec §6, /activated); the operators mint them (../operators/inviteCodes.ts). */

export type RedeemOutcome = "redeemed" | "wrong-code" | "already-activated";

/**
 * One unused code stored in another case than `code` (already `InviteCode.normalize`d, so upper
 * case). Codes this server mints are upper case (../operators/inviteCodes.ts), so this only finds
 * one written into the table by hand or an import. Looked up here rather than upper-cased by a
 * migration: rewriting primary keys would fail start-up if 'abc' and 'ABC' were both stored, and
 * one row at most (`LIMIT 1`) keeps single use: a redemption never burns two codes.
 */
const storedInAnotherCase = (code: string): SQL =>
  sql`${inviteCodes.code} = (SELECT c.code FROM invite_codes c WHERE upper(c.code) = ${code} AND c.redeemed_at IS NULL ORDER BY c.code LIMIT 1)`;

/**
 * Redeems `code` for `userId` and activates the user, all or nothing.
 *
 * The claim is one conditional UPDATE (`... WHERE code = $1 AND redeemed_at IS NULL`): of any
 * number of simultaneous redemptions of one code exactly one matches a row, on PostgreSQL as on
 * PGlite, without locks held across round trips. `code` is normalized (upper case, trimmed,
 * issue 25); only when no stored code equals it is one stored in another case looked for. A user who is already activated keeps their
 * code and does not burn another.
 */
export const redeemInviteCode = async (db: Database, code: string, userId: number, now: Date): Promise<RedeemOutcome> =>
  db.transaction(async (tx) => {
    const [user] = await tx.select({ activatedAt: users.activatedAt }).from(users).where(eq(users.id, userId)).for("update");
    if (user === undefined) return "wrong-code";
    if (user.activatedAt !== null) return "already-activated";
    const claim = (which: SQL | undefined) =>
      tx
        .update(inviteCodes)
        .set({ redeemedAt: now, redeemedBy: userId })
        .where(and(which, isNull(inviteCodes.redeemedAt)))
        .returning({ code: inviteCodes.code });
    const claimed = await claim(eq(inviteCodes.code, code));
    if (claimed.length === 0 && (await claim(storedInAnotherCase(code))).length === 0) return "wrong-code";
    await tx.update(users).set({ activatedAt: now }).where(eq(users.id, userId));
    sessionCache.forgetUser(userId);
    return "redeemed";
  });
