import type { LoginRequest, SessionResponse } from "@fuel/domain/api";
import { loginFailed, missingField } from "./errors.ts";
import { refuseBlacklisted } from "./guards.ts";
import { passwordOf, phoneOf, smsCodeOf } from "./input.ts";
import { checkPasswordLogin, type PasswordDeps } from "./passwords.ts";
import { sessionAnswer } from "./sessionAnswer.ts";
import { createSession } from "./sessions.ts";
import { checkSmsCode } from "./smsCodes.ts";
import { findUserByPhone, type UserRow } from "./users.ts";

/**
 * `POST /api/login` (spec §7): phone plus an SMS code or a password. One message for every
 * failure of a type, whether or not the phone has an account. Blacklisted phones get 403 before
 * any credential is looked at. Password sign-in is rate limited per phone and per client address
 * (`ip`, the request's address as the trusted proxy reports it): see ./passwords.ts.
 */
export const login = async (deps: PasswordDeps, input: LoginRequest, ip: string, now: number): Promise<SessionResponse> => {
  const { db } = deps;
  const phone = phoneOf(input.phone);
  if (input.type === "captcha") {
    if (input.captcha === undefined) throw missingField("captcha");
    const code = smsCodeOf(input.captcha);
    await refuseBlacklisted(db, phone);
    const signedIn = await db.transaction(async (tx): Promise<{ user: UserRow; token: string } | undefined> => {
      // Without an account the code is left alone (see passwords.ts, the same rule).
      const user = await findUserByPhone(tx, phone);
      if (user === undefined || (await checkSmsCode(tx, phone, code, now)) !== "ok") return undefined;
      return { user, token: await createSession(tx, user.id, now) };
    });
    if (signedIn === undefined) throw loginFailed("captcha");
    return sessionAnswer(db, signedIn.user, signedIn.token, now);
  }

  if (input.password === undefined) throw missingField("password");
  const password = passwordOf(input.password);
  await refuseBlacklisted(db, phone);
  const user = await checkPasswordLogin(deps, phone, password, ip, now);
  if (user === undefined) throw loginFailed("password");
  return sessionAnswer(db, user, await createSession(db, user.id, now), now);
};
