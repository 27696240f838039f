import { Messages } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { siteSettings } from "../db/schema.ts";
import { BadRequest } from "../http/errors.ts";
import { redeemInviteCode } from "../operators/inviteCodes.ts";
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
 */
export const activate = async (db: Database, userId: number, rawCode: string, now: number): Promise<ActivationOutcome> => {
  const code = inviteCodeOf(rawCode);
  // The contract let through only text PostgreSQL stores, so any code can be looked up: a code
  // with other control characters is simply one nobody was given.
  const outcome = await redeemInviteCode(db, code, userId, new Date(now));
  if (outcome === "wrong-code") {
    throw new BadRequest(Messages.text("InviteCodeWrong", "en", { tel: await servicePhone(db) }), "InviteCodeWrong");
  }
  return outcome === "redeemed" ? "activated" : "already-activated";
};
