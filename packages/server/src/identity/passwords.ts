import type { ChangePasswordRequest, ForgotPasswordRequest } from "@fuel/domain/api";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { Refusal, refuse } from "../refusals/Refusal.ts";
import { RefusalMemo } from "../limits/refusalMemo.ts";
import { countAttempt, forgetAttempts, withdrawAttempts, type Ask } from "../limits/attempts.ts";
import { GateFull } from "../security/gate.ts";
import { PASSWORD_ATTEMPTS_PER_ADDRESS, PASSWORD_FAILURES_PER_PHONE } from "../limits/policy.ts";
import { decoyHash, hashPassword, verifyPassword, type ScryptParams } from "../security/passwords.ts";
import { loginFailed, noPasswordYet, oldPasswordWrong, passwordAlreadySet } from "./errors.ts";
import { refuseBlacklisted } from "./guards.ts";
import { passwordChangeOf, passwordOf, phoneOf, smsCodeOf } from "./input.ts";
import { endAllSessions } from "./sessions.ts";
import { sessionCache } from "./sessionCache.ts";
import { checkSmsCode } from "./smsCodes.ts";
import { findUserById, findUserByPhone, type UserRow } from "./users.ts";

/**
 * Passwords (spec §2 /setPassword, /resetPassword, /forgetPassword): scrypt hashes
 * (../security/passwords.ts), never logged, never answered. Hashing (up to ~1 s of CPU at the
 * production cost) happens before any transaction opens, so no lock is held while it runs, and
 * through the process's hashing gate, so a crowd of sign-ins cannot take every thread.
 */

/** What the password functions need: the database and the scrypt parameters for new hashes (`PASSWORD_HASH_COST`). */
export interface PasswordDeps {
  readonly db: Database;
  readonly scrypt: ScryptParams;
}

/** 429 when the hashing gate refuses (the hash would wait too long): nothing was checked, trying again in a moment works. */
const HASHING_BUSY_RETRY_SECONDS = 2;

/** Runs hashing work, answering 429 (not 500) when the gate refuses it (../security/gate.ts). */
const hashing = async <A>(work: () => Promise<A>): Promise<A> => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof GateFull) throw refuse("ServerBusy", undefined, HASHING_BUSY_RETRY_SECONDS);
    throw err;
  }
};

/** Addresses over their sign-in limit, per database (so per app: tests open many), remembered until their wait ends. */
const addressRefusals = new WeakMap<Database, RefusalMemo>();
const addressRefusalsOf = (db: Database): RefusalMemo => {
  let memo = addressRefusals.get(db);
  if (memo === undefined) addressRefusals.set(db, (memo = new RefusalMemo()));
  return memo;
};


/**
 * The customer whose phone and password these are, or undefined. Unknown phone, no password set
 * and wrong password are indistinguishable to the caller, in answer and in time.
 */
const matchPassword = async (deps: PasswordDeps, phone: string, password: string, ip: string): Promise<UserRow | undefined> => {
  const user = await findUserByPhone(deps.db, phone);
  const stored = user?.passwordHash ?? (await decoyHash(deps.scrypt));
  const matches = await verifyPassword(password, stored, ip);
  return matches && user?.passwordHash != null ? user : undefined;
};

/**
 * Password sign-in within its limits (../limits/policy.ts): at most 5 wrong passwords per phone
 * in 15 minutes and 20 attempts per client address a minute. The attempt is counted before the
 * hash is computed (as a wrong one, since that is what it is until proven right), so refused
 * requests cost no hashing and parallel guesses cannot outrun the count. A right password clears
 * the phone's count. A check that never ran (hashing too busy) gives the phone its attempt back
 * (no password was wrong), but the address keeps it (issue 22): its limit counts attempts, and a
 * flood refused as busy would otherwise retry at once, for free, as fast as the database answers,
 * slowing every other request; counted, each flooding address is down to cheap refusals after 20.
 * A customer told "busy" who retries twice still has 17.
 */
export const checkPasswordLogin = async (deps: PasswordDeps, phone: string, password: string, ip: string, now: number): Promise<UserRow | undefined> => {
  const phoneAsk: Ask = { limit: PASSWORD_FAILURES_PER_PHONE, subject: phone };
  const memo = addressRefusalsOf(deps.db);
  const refusedUntil = memo.refusedUntil(ip, now);
  if (refusedUntil !== undefined) throw refuse(PASSWORD_ATTEMPTS_PER_ADDRESS.reason, undefined, (refusedUntil - now) / 1000);
  let counted: readonly number[];
  try {
    counted = await countAttempt(deps.db, [phoneAsk, { limit: PASSWORD_ATTEMPTS_PER_ADDRESS, subject: ip }], now);
  } catch (err) {
    if (err instanceof Refusal && err.reason === PASSWORD_ATTEMPTS_PER_ADDRESS.reason && err.retryAfterSeconds !== undefined) {
      memo.remember(ip, now + err.retryAfterSeconds * 1000, now);
    }
    throw err;
  }
  let user: UserRow | undefined;
  try {
    user = await matchPassword(deps, phone, password, ip);
  } catch (err) {
    const busy = err instanceof GateFull;
    await withdrawAttempts(deps.db, busy ? counted.slice(0, 1) : counted);
    if (busy) throw refuse("ServerBusy", undefined, HASHING_BUSY_RETRY_SECONDS);
    throw err;
  }
  if (user !== undefined) await forgetAttempts(deps.db, phoneAsk);
  return user;
};

/**
 * `POST /api/setpassword`: a first password for a signed-in customer. Replacing an existing one
 * needs the old password (`/api/user/resetpassword`) or an SMS code: a token alone (a phone left
 * unlocked) must not be enough to take over the account for good.
 */
export const setFirstPassword = async ({ db, scrypt }: PasswordDeps, userId: number, rawPassword: string): Promise<void> => {
  const password = passwordOf(rawPassword);
  const hash = await hashing(() => hashPassword(password, scrypt));
  const set = await db
    .update(users)
    .set({ passwordHash: hash })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  if (set.length === 0) throw passwordAlreadySet();
  // /api/user/info says has_password from the row authentication keeps: it must say it at once.
  sessionCache.forgetUser(userId);
};

/** `/api/user/resetpassword` with `{old_password, new_password}` for a signed-in customer. */
export const changePassword = async ({ db, scrypt }: PasswordDeps, userId: number, input: ChangePasswordRequest): Promise<void> => {
  const { oldPassword, newPassword } = passwordChangeOf(input);
  const user = await findUserById(db, userId);
  if (user?.passwordHash == null) throw noPasswordYet();
  const stored = user.passwordHash;
  if (!(await hashing(() => verifyPassword(oldPassword, stored)))) throw oldPasswordWrong();
  const hash = await hashing(() => hashPassword(newPassword, scrypt));
  // Conditional on the hash we checked: a change that raced ours is not silently overwritten.
  const changed = await db
    .update(users)
    .set({ passwordHash: hash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, user.passwordHash)))
    .returning({ id: users.id });
  if (changed.length === 0) throw oldPasswordWrong();
};

/**
 * `/api/user/resetpassword` with `{phone, captcha, password}` (forgotten password, no token): the
 * SMS code proves the phone. Every session of the customer ends: whoever knew the old password
 * is signed out. The failure message does not tell whether the phone has an account.
 */
export const resetPasswordWithCode = async ({ db, scrypt }: PasswordDeps, input: ForgotPasswordRequest, now: number): Promise<void> => {
  const phone = phoneOf(input.phone);
  const code = smsCodeOf(input.captcha);
  const password = passwordOf(input.password);
  await refuseBlacklisted(db, phone);
  const hash = await hashing(() => hashPassword(password, scrypt));

  const done = await db.transaction(async (tx) => {
    // Without an account there is nothing to reset: the code is left alone (not used up, no try counted).
    const user = await findUserByPhone(tx, phone);
    if (user === undefined || (await checkSmsCode(tx, phone, code, now)) !== "ok") return false;
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
    return true;
  });
  if (!done) throw loginFailed("captcha");
};
