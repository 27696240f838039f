import { randomBytes } from "node:crypto";
import type { ChangePasswordRequest, ForgotPasswordRequest } from "@fuel/domain/api";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { hashPassword, verifyPassword } from "../security/passwords.ts";
import { loginFailed, noPasswordYet, oldPasswordWrong, passwordAlreadySet } from "./errors.ts";
import { refuseBlacklisted } from "./guards.ts";
import { passwordChangeOf, passwordOf, phoneOf, smsCodeOf } from "./input.ts";
import { endAllSessions } from "./sessions.ts";
import { checkSmsCode } from "./smsCodes.ts";
import { findUserById, findUserByPhone, type UserRow } from "./users.ts";

/**
 * Passwords (spec §2 /setPassword, /resetPassword, /forgetPassword): scrypt hashes
 * (../security/passwords.ts), never logged, never answered. Hashing (~100 ms of CPU) happens
 * before any transaction opens, so no lock is held while it runs.
 */

/** Compared against when the phone has no password, so "no such customer" takes as long as "wrong password". */
let decoy: Promise<string> | undefined;
const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(16).toString("hex")));

/**
 * The customer whose phone and password these are, or undefined. Unknown phone, no password set
 * and wrong password are indistinguishable to the caller, in answer and in time.
 */
export const checkPasswordLogin = async (db: Database, phone: string, password: string): Promise<UserRow | undefined> => {
  const user = await findUserByPhone(db, phone);
  const stored = user?.passwordHash ?? (await decoyHash());
  const matches = await verifyPassword(password, stored);
  return matches && user?.passwordHash != null ? user : undefined;
};

/**
 * `POST /api/setpassword`: a first password for a signed-in customer. Replacing an existing one
 * needs the old password (`/api/user/resetpassword`) or an SMS code: a token alone (a phone left
 * unlocked) must not be enough to take over the account for good.
 */
export const setFirstPassword = async (db: Database, userId: number, rawPassword: string): Promise<void> => {
  const hash = await hashPassword(passwordOf(rawPassword));
  const set = await db
    .update(users)
    .set({ passwordHash: hash })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  if (set.length === 0) throw passwordAlreadySet();
};

/** `/api/user/resetpassword` with `{old_password, new_password}` for a signed-in customer. */
export const changePassword = async (db: Database, userId: number, input: ChangePasswordRequest): Promise<void> => {
  const { oldPassword, newPassword } = passwordChangeOf(input);
  const user = await findUserById(db, userId);
  if (user?.passwordHash == null) throw noPasswordYet();
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw oldPasswordWrong();
  const hash = await hashPassword(newPassword);
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
export const resetPasswordWithCode = async (db: Database, input: ForgotPasswordRequest, now: number): Promise<void> => {
  const phone = phoneOf(input.phone);
  const code = smsCodeOf(input.captcha);
  const password = passwordOf(input.password);
  await refuseBlacklisted(db, phone);
  const hash = await hashPassword(password);

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
