import type { BindPhoneRequest, CheckCaptchaRequest, SessionResponse } from "@fuel/domain/api";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { phoneVerifications, users } from "../db/schema.ts";
import { phoneNotVerified, phoneTaken, smsCodeWrong, unknownOpenid } from "./errors.ts";
import { refuseBlacklisted } from "./guards.ts";
import { openidOf, phoneOf, smsCodeOf } from "./input.ts";
import { PHONE_VERIFICATION_TTL_MS } from "./policy.ts";
import { sessionAnswer } from "./sessionAnswer.ts";
import { createSession } from "./sessions.ts";
import { checkSmsCode } from "./smsCodes.ts";
import { sessionCache } from "./sessionCache.ts";
import { isUniqueViolation } from "../db/queryable.ts";
import { findUserByOpenid, findUserByPhone, type UserRow } from "./users.ts";

/**
 * Proving and binding a phone (spec §4: an unbound customer goes to bind a phone). Binding needs
 * a fresh proof that this openid received an SMS code on this phone, so nobody can bind a phone
 * they do not hold.
 */

/**
 * `POST /api/check_captcha`: checks the SMS code (using it up); with an openid, records the proof
 * `/api/bindphone` asks for. A wrong code answers 400 and counts as a try.
 */
export const checkCaptcha = async (db: Database, input: CheckCaptchaRequest, now: number): Promise<void> => {
  const phone = phoneOf(input.phone);
  const code = smsCodeOf(input.captcha);
  const openid = input.openid === undefined ? undefined : openidOf(input.openid);
  await refuseBlacklisted(db, phone);
  // Refused before the code is touched: a proof for nobody would use the code up for nothing.
  if (openid !== undefined && (await findUserByOpenid(db, openid)) === undefined) throw unknownOpenid();

  const outcome = await db.transaction(async (tx) => {
    const check = await checkSmsCode(tx, phone, code, now);
    if (check === "ok" && openid !== undefined) {
      await tx
        .insert(phoneVerifications)
        .values({ phone, openid, verifiedAt: new Date(now) })
        .onConflictDoUpdate({ target: [phoneVerifications.phone, phoneVerifications.openid], set: { verifiedAt: new Date(now) } });
    }
    return check;
  });
  if (outcome !== "ok") throw smsCodeWrong();
};

/**
 * `POST /api/bindphone`: binds the phone to the openid's customer and signs them in. Uses up the
 * proof; all or nothing (a refused bind keeps the proof and writes nothing). A phone bound to
 * another customer is a 409, decided by the UNIQUE phone column even under a race.
 */
export const bindPhone = async (db: Database, input: BindPhoneRequest, now: number): Promise<SessionResponse> => {
  const phone = phoneOf(input.phone);
  const openid = openidOf(input.openid);
  await refuseBlacklisted(db, phone);

  let bound: { readonly user: UserRow; readonly token: string };
  try {
    bound = await db.transaction(async (tx) => {
      const proof = await tx
        .delete(phoneVerifications)
        .where(
          and(
            eq(phoneVerifications.phone, phone),
            eq(phoneVerifications.openid, openid),
            gt(phoneVerifications.verifiedAt, new Date(now - PHONE_VERIFICATION_TTL_MS)),
          ),
        )
        .returning({ phone: phoneVerifications.phone });
      if (proof.length === 0) throw phoneNotVerified();

      const user = await findUserByOpenid(tx, openid);
      if (user === undefined) throw unknownOpenid();
      const holder = await findUserByPhone(tx, phone);
      if (holder !== undefined && holder.id !== user.id) throw phoneTaken();
      const [updated] = user.phone === phone ? [user] : await tx.update(users).set({ phone }).where(eq(users.id, user.id)).returning();
      sessionCache.forgetUser(user.id);
      if (updated === undefined) throw unknownOpenid();
      return { user: updated, token: await createSession(tx, updated.id, now) };
    });
  } catch (err) {
    // Another customer bound this phone between our check and our update.
    if (isUniqueViolation(err)) throw phoneTaken();
    throw err;
  }
  return sessionAnswer(db, bound.user, bound.token, now);
};
