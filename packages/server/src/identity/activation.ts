import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { siteSettings } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";
import { countAttempt, withdrawAttempts } from "../limits/attempts.ts";
import { INVITE_FAILURES_PER_ACCOUNT, INVITE_FAILURES_PER_ADDRESS } from "../limits/policy.ts";
import { redeemInviteCode, type RedeemOutcome } from "./inviteRedemption.ts";
import { inviteCodeOf } from "./input.ts";

/** Shown in 'invite code wrong, contact admin {tel}' while the operators have not set `tel1`. */
export const FALLBACK_SERVICE_PHONE = "400-000-0000";

/** The service phone customers are told to call (site settings `tel1`, spec §3 and §8). */
export const servicePhone = async (db: Database): Promise<string> => {
  const [row] = await db.select({ tel1: siteSettings.tel1 }).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const tel = row?.tel1.trim() ?? "";
  return tel === "" ? FALLBACK_SERVICE_PHONE : tel;
};

export type ActivationOutcome = "activated" | "already-activated";

/**
 * `POST /api/activacode/check` (spec §6): redeems a single-use invite code for the signed-in
 * customer, atomically (../operators/inviteCodes.ts). A customer who is already activated
 * succeeds again without using a code, so a repeated tap is harmless. A wrong or used code
 * answers the spec's message with the service phone.
 *
 * Wrong codes are limited (../limits/policy.ts): 10 an hour per customer, 30 an hour per client
 * address (`ip`), then 429 with `retry-after`. Each check is counted as wrong before it runs, so
 * parallel guesses cannot outrun the count, and taken back when the code was right.
 */
export const activate = async (db: Database, userId: number, rawCode: string, ip: string, now: number): Promise<ActivationOutcome> => {
  const code = inviteCodeOf(rawCode);
  const counted = await countAttempt(
    db,
    [
      { limit: INVITE_FAILURES_PER_ACCOUNT, subject: String(userId) },
      { limit: INVITE_FAILURES_PER_ADDRESS, subject: ip },
    ],
    now,
  );
  let outcome: RedeemOutcome;
  try {
    // The contract let through only text PostgreSQL stores, so any code can be looked up: a code
    // with other control characters is simply one nobody was given.
    outcome = await redeemInviteCode(db, code, userId, new Date(now));
  } catch (err) {
    await withdrawAttempts(db, counted);
    throw err;
  }
  if (outcome === "wrong-code") {
    throw refuse("InviteCodeWrong", { tel: await servicePhone(db) });
  }
  await withdrawAttempts(db, counted);
  return outcome === "redeemed" ? "activated" : "already-activated";
};
