import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { inviteCodes, users } from "../db/schema.ts";
import { sessionCache } from "./sessionCache.ts";

/** Redeeming an operator's invite code (spec §6, /activated); the operators mint them (../operators/inviteCodes.ts). */

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
