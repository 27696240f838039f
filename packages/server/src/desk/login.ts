import { Staff } from "@fuel/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { staff, staffSessions } from "../db/schema.ts";
import { countAttemptUsage, withdrawAttempts } from "../limits/attempts.ts";
import { orRefuse, refuse } from "../refusals/Refusal.ts";
import { GateFull } from "../security/gate.ts";
import { decoyHash, hashPassword, verifyPassword, type ScryptParams } from "../security/passwords.ts";
import { recordAct } from "./audit.ts";
import { openDeskSession } from "./session.ts";
import { forgetPairLock, noteLocks, signInAsks } from "./signInLocks.ts";
import type { SignedInStaff } from "../http/signedInStaff.ts";
import { findStaffByName } from "./staffAccounts.ts";

/**
 * Staff sign-in and password change (issue 26). Counted like customers' password sign-ins
 * (../identity/passwords.ts): the attempt is counted before the hash, an unknown name is hashed
 * against a decoy so it answers in the same time, and a right password takes its own attempt
 * back. The limits follow the guesser, not the staff member (issue 34, ../limits/policy.ts):
 * per (name, address), per address, and a name-wide cap only a flood from many addresses reaches.
 */

export interface DeskLoginDeps {
  readonly db: Database;
  readonly scrypt: ScryptParams;
}

/** 429 when the hashing gate is full: nothing was checked. */
const HASHING_BUSY_RETRY_SECONDS = 2;


/** A successful sign-in: the session token for the cookie and who signed in. */
export interface DeskSignIn {
  readonly token: string;
  readonly name: string;
  readonly role: Staff.Role;
  readonly mustChangePassword: boolean;
}

/**
 * Checks a staff name and password and opens a session. Refuses 429 over a limit (nothing
 * recorded: no password was checked), 401 `StaffLoginFailed` for a wrong name or password
 * (recorded as `signInFailed` with the name tried, and `staffLocked` when it filled a lock), 403
 * `StaffDisabled` for the right password of a disabled account (recorded too).
 */
export const deskLogin = async (deps: DeskLoginDeps, name: string, password: string, address: string, now: number): Promise<DeskSignIn> => {
  const asks = signInAsks(name, address);
  const counted = await countAttemptUsage(deps.db, asks.all, now);
  // The pair's, the name's and the address's wrong-password events: this attempt's, until it proves right.
  const failureIds = counted.slice(0, 3).map((c) => c.id);
  const found = await findStaffByName(deps.db, name);
  let matches: boolean;
  try {
    matches = await verifyPassword(password, found?.passwordHash ?? (await decoyHash(deps.scrypt)), address);
  } catch (err) {
    if (err instanceof GateFull) {
      // No password was checked: nothing was wrong. The address's sign-ins a minute keep it (a flood refused as busy must not retry for free).
      await withdrawAttempts(deps.db, failureIds);
      throw refuse("ServerBusy", undefined, HASHING_BUSY_RETRY_SECONDS);
    }
    throw err;
  }
  const at = new Date(now);
  if (!matches || found === undefined) {
    await recordAct(deps.db, { at, staff: { id: found?.id ?? null, name }, address, act: "signInFailed", subject: name, after: { reason: "wrong name or password" } });
    await noteLocks(deps.db, { name, staffId: found?.id ?? null, ip: address, asks, counted, now });
    throw refuse("StaffLoginFailed");
  }
  // Right: this attempt was no wrong password, and the typos before it from here are forgiven.
  await withdrawAttempts(deps.db, failureIds);
  await forgetPairLock(deps.db, asks);
  if (found.disabledAt !== null) {
    await recordAct(deps.db, { at, staff: { id: found.id, name }, address, act: "signInFailed", subject: name, after: { reason: "disabled" } });
    throw refuse("StaffDisabled");
  }
  const token = await openDeskSession(deps.db, found.id, found.sessionEpoch, at);
  await recordAct(deps.db, { at, staff: { id: found.id, name }, address, act: "signIn", subject: name });
  return { token, name: found.name, role: found.role, mustChangePassword: found.mustChangePassword };
};

/**
 * A signed-in staff member sets their own password: the old one must be right, the new one pass
 * the domain's rule. The old one may be left out only while the account must replace its one-time
 * password (`Staff.oldPasswordRequired`, issue 34): the session that just signed in with it is the
 * proof, and the new password is then checked against the stored hash instead ("not the old one").
 * Every other session of the account ends (a new epoch); this one moves to the new epoch and stays.
 */
export const changeDeskPassword = async (
  deps: DeskLoginDeps,
  who: SignedInStaff,
  typedOldPassword: string | undefined,
  newPassword: string,
  address: string,
  now: number,
): Promise<void> => {
  const found = await findStaffByName(deps.db, who.name);
  if (found === undefined) throw refuse("StaffSignInRequired");
  const oldPassword = typedOldPassword === "" ? undefined : typedOldPassword;
  const valid = orRefuse(
    Staff.validateNewStaffPassword({ name: who.name, newPassword, mustChangePassword: found.mustChangePassword, ...(oldPassword === undefined ? {} : { oldPassword }) }),
  );
  let hash: string;
  try {
    if (oldPassword !== undefined) {
      if (!(await verifyPassword(oldPassword, found.passwordHash, address))) throw refuse("OldPasswordWrong");
    } else if (await verifyPassword(newPassword, found.passwordHash, address)) throw refuse("StaffPasswordUnchanged");
    hash = await hashPassword(valid, deps.scrypt, address);
  } catch (err) {
    if (err instanceof GateFull) throw refuse("ServerBusy", undefined, HASHING_BUSY_RETRY_SECONDS);
    throw err;
  }
  await deps.db.transaction(async (tx) => {
    // Incremented in SQL: two changes at once both move the epoch on, and this session follows the latest.
    // Only over the password checked above: a reset or another change meanwhile (which ends this
    // session) is not overwritten, least of all by a change that was let off the old password.
    const [bumped] = await tx
      .update(staff)
      .set({ passwordHash: hash, mustChangePassword: false, sessionEpoch: sql`${staff.sessionEpoch} + 1` })
      .where(and(eq(staff.id, found.id), eq(staff.passwordHash, found.passwordHash)))
      .returning({ epoch: staff.sessionEpoch });
    if (bumped === undefined) throw refuse("StaffSignInRequired");
    const epoch = bumped.epoch;
    await tx.delete(staffSessions).where(and(eq(staffSessions.staffId, found.id), ne(staffSessions.id, who.sessionId)));
    await tx.update(staffSessions).set({ epoch }).where(eq(staffSessions.id, who.sessionId));
    await recordAct(tx, {
      at: new Date(now),
      staff: { id: found.id, name: found.name },
      address,
      act: "passwordChanged",
      subject: found.name,
      before: { must_change_password: found.mustChangePassword },
      after: { must_change_password: false },
    });
  });
};
