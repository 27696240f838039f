import { Data, Result } from "effect";

/**
 * The staff desk's rules (issue 26): who may do what, where a cashier may redeem, the staff name
 * and password rules, how long a desk session lives, and the acts the audit log records. Staff are
 * not customers: their own accounts, their own sign-in, never a customer token. Randomness (the
 * one-time password) and the counting of failed sign-ins are the server's; these rules are pure.
 * @module
 */

/** The three kinds of staff: `admin` does everything, `distributor` settles, `cashier` redeems. */
export type Role = "admin" | "distributor" | "cashier";

/** Every role, in the order the desk lists them. */
export const ROLES: ReadonlyArray<Role> = ["admin", "distributor", "cashier"];

/** Whether a string is a {@link Role} (the CLI and the wire read roles as text). */
export const isRole = (s: string): s is Role => (ROLES as ReadonlyArray<string>).includes(s);

/** Everything a staff member may be allowed to do at the desk. */
export type Action =
  | "redeem"
  | "settle"
  | "readQueue"
  | "lookup"
  | "manageStaff"
  | "readAudit"
  | "manageStations"
  | "manageSettings"
  | "manageInvites"
  | "manageBlacklist"
  | "readOrders"
  | "workInvoices";

/** Every action, for tests and the desk's menus. */
export const ACTIONS: ReadonlyArray<Action> = [
  "redeem",
  "settle",
  "readQueue",
  "lookup",
  "manageStaff",
  "readAudit",
  "manageStations",
  "manageSettings",
  "manageInvites",
  "manageBlacklist",
  "readOrders",
  "workInvoices",
];

// A set per role rather than a switch: a new action is denied to everyone but admin until listed.
const GRANTS: Readonly<Record<Exclude<Role, "admin">, ReadonlySet<Action>>> = {
  distributor: new Set<Action>(["settle", "readQueue"]),
  // Issue 35: a station's cashier issues or refuses its invoice requests (for the stations given to them).
  cashier: new Set<Action>(["redeem", "lookup", "workInvoices"]),
};

/**
 * Whether `role` may do `action`: admin everything, distributor settles (and reads its queue),
 * cashier redeems (and looks a code up). Anything that is not a role may do nothing.
 */
export const may = (role: Role, action: Action): boolean => {
  if (role === "admin") return true;
  // Own keys only: a role read from the wire such as '__proto__' is no role of ours.
  return Object.hasOwn(GRANTS, role) ? GRANTS[role].has(action) : false;
};

/** Who is redeeming: their role and the stations an admin gave them. */
export interface StaffAtStations {
  readonly role: Role;
  readonly stations: ReadonlyArray<number>;
}

/**
 * Whether this staff member may redeem a code of station `stationId`: an admin anywhere, a
 * cashier only at the stations given to them, nobody else.
 */
export const mayRedeemAt = (staff: StaffAtStations, stationId: number): boolean => {
  if (!may(staff.role, "redeem")) return false;
  return staff.role === "admin" || staff.stations.includes(stationId);
};

/** Every act the audit log records (issue 26 §4): sign-in, money acts, and each change an admin makes. */
export type AuditAct =
  | "signIn"
  | "signInFailed"
  | "signOut"
  | "passwordChanged"
  | "redeem"
  | "settle"
  | "reject"
  | "staffAdded"
  | "staffDisabled"
  | "staffReset"
  | "staffEnabled"
  | "staffLocked"
  | "staffUnlocked"
  | "stationAdded"
  | "stationChanged"
  | "stationsImported"
  | "settingChanged"
  | "inviteCreated"
  | "blacklistChanged"
  | "invoiceIssued"
  | "invoiceRefused";

/** Every audit act, for filters and tests. */
export const AUDIT_ACTS: ReadonlyArray<AuditAct> = [
  "signIn",
  "signInFailed",
  "signOut",
  "passwordChanged",
  "redeem",
  "settle",
  "reject",
  "staffAdded",
  "staffDisabled",
  "staffReset",
  "staffEnabled",
  "staffLocked",
  "staffUnlocked",
  "stationAdded",
  "stationChanged",
  "stationsImported",
  "settingChanged",
  "inviteCreated",
  "blacklistChanged",
  "invoiceIssued",
  "invoiceRefused",
];

/** Whether a string names an {@link AuditAct} (the audit filter reads it from the query). */
export const isAuditAct = (s: string): s is AuditAct => (AUDIT_ACTS as ReadonlyArray<string>).includes(s);

/** A staff name: 2 to 32 characters. */
export const STAFF_NAME_MIN_LENGTH = 2;
/** A staff name: at most 32 characters. */
export const STAFF_NAME_MAX_LENGTH = 32;
/** A staff password is longer than a customer's (6): staff move money. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;

/** A staff name that is not 2 to 32 of `A-Z a-z 0-9 . _ -`. */
export class StaffNameInvalid extends /* @__PURE__ */ Data.TaggedError("StaffNameInvalid")<{
  readonly minLength: number;
  readonly maxLength: number;
}> {}
/** A new staff password shorter than {@link STAFF_PASSWORD_MIN_LENGTH}. */
export class StaffPasswordTooShort extends /* @__PURE__ */ Data.TaggedError("StaffPasswordTooShort")<{ readonly minLength: number }> {}
/** A new staff password equal to the old (one-time) one. */
export class StaffPasswordUnchanged extends /* @__PURE__ */ Data.TaggedError("StaffPasswordUnchanged")<{}> {}
/** A new staff password equal to the staff name. */
export class StaffPasswordIsName extends /* @__PURE__ */ Data.TaggedError("StaffPasswordIsName")<{}> {}

const NAME = /^[A-Za-z0-9._-]+$/;

/** The staff name rule: 2 to 32 characters of `A-Z a-z 0-9 . _ -`, kept as typed (no trimming: a name is an identifier). */
export const validateStaffName = (name: string): Result.Result<string, StaffNameInvalid> =>
  name.length >= STAFF_NAME_MIN_LENGTH && name.length <= STAFF_NAME_MAX_LENGTH && NAME.test(name)
    ? Result.succeed(name)
    : Result.fail(new StaffNameInvalid({ minLength: STAFF_NAME_MIN_LENGTH, maxLength: STAFF_NAME_MAX_LENGTH }));

/** A password change without the current password, when it is needed (see {@link oldPasswordRequired}). */
export class StaffOldPasswordRequired extends /* @__PURE__ */ Data.TaggedError("StaffOldPasswordRequired")<{}> {}

/**
 * Whether a password change must be given the current password: always, except the change forced
 * right after signing in with a one-time password (issue 34). Then the session that has just
 * signed in with it is the proof, and asking for the password typed seconds before only costs the
 * staff member a retyping of 16 random characters. Any later change (a session left open on a
 * counter) still needs it.
 */
export const oldPasswordRequired = (mustChangePassword: boolean): boolean => !mustChangePassword;

/** A staff member choosing a new password: their name, the password they signed in with, the new one. */
export interface StaffPasswordChange {
  readonly name: string;
  /** The current password as typed; may be left out (or empty) only when {@link oldPasswordRequired} says so. */
  readonly oldPassword?: string;
  readonly newPassword: string;
  /** Whether the account must replace a one-time password (the forced change); false when left out. */
  readonly mustChangePassword?: boolean;
}

/**
 * The new staff password rule: the current password given when {@link oldPasswordRequired}, and
 * the new one at least {@link STAFF_PASSWORD_MIN_LENGTH} characters (not trimmed, as customers'
 * passwords), not the old password and not the name (case ignored: a name is the first thing
 * guessed). Without the old password, "not the old one" is the server's to check against the
 * stored hash.
 */
export const validateNewStaffPassword = (
  change: StaffPasswordChange,
): Result.Result<string, StaffOldPasswordRequired | StaffPasswordTooShort | StaffPasswordUnchanged | StaffPasswordIsName> => {
  const { name, newPassword } = change;
  const oldPassword = change.oldPassword === "" ? undefined : change.oldPassword;
  if (oldPassword === undefined && oldPasswordRequired(change.mustChangePassword ?? false)) return Result.fail(new StaffOldPasswordRequired());
  if (newPassword.length < STAFF_PASSWORD_MIN_LENGTH) return Result.fail(new StaffPasswordTooShort({ minLength: STAFF_PASSWORD_MIN_LENGTH }));
  if (newPassword === oldPassword) return Result.fail(new StaffPasswordUnchanged());
  if (newPassword.toLowerCase() === name.toLowerCase()) return Result.fail(new StaffPasswordIsName());
  return Result.succeed(newPassword);
};

/** An admin disabling their own account. */
export class StaffCannotDisableSelf extends /* @__PURE__ */ Data.TaggedError("StaffCannotDisableSelf")<{}> {}
/** Disabling the only enabled admin: nobody would be left to enable or add anyone. */
export class StaffLastAdmin extends /* @__PURE__ */ Data.TaggedError("StaffLastAdmin")<{}> {}

/** An enabled account about to be disabled, by whom (null: the operators' CLI), and how many admins are enabled now. */
export interface StaffDisabling {
  readonly byId: number | null;
  readonly targetId: number;
  readonly targetRole: Role;
  readonly enabledAdmins: number;
}

/**
 * Whether an enabled account may be disabled: never by itself, and never the last enabled admin
 * (the desk always keeps someone who can manage staff). Anyone else may be.
 */
export const validateDisabling = (d: StaffDisabling): Result.Result<void, StaffCannotDisableSelf | StaffLastAdmin> => {
  if (d.byId === d.targetId) return Result.fail(new StaffCannotDisableSelf());
  if (d.targetRole === "admin" && d.enabledAdmins <= 1) return Result.fail(new StaffLastAdmin());
  return Result.succeed(undefined);
};

/** A desk session ends after 30 minutes without a request. */
export const STAFF_IDLE_MS = 30 * 60 * 1000;

/** Whether a desk session last seen at `lastSeenAt` (epoch ms) is still alive at `now`: less than {@link STAFF_IDLE_MS} idle. A clock that went back keeps it alive. */
export const sessionAlive = (lastSeenAt: number, now: number): boolean => now - lastSeenAt < STAFF_IDLE_MS;

/**
 * At most 5 wrong passwords per staff name from one client address in {@link STAFF_FAILURES_WINDOW_MS}
 * (issue 34: per name and address, so a stranger's guesses do not lock the staff member out; the
 * server's limits/policy.ts has the per-address and per-name limits beside it).
 */
export const STAFF_FAILURES_MAX = 5;
/** The window the wrong passwords are counted over: 15 minutes. */
export const STAFF_FAILURES_WINDOW_MS = 15 * 60 * 1000;

/** Characters of a one-time password: no 0/O, 1/l/I, so it can be read aloud and typed from paper. */
export const ONE_TIME_PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
/** A one-time password's length: 16 characters of the alphabet (about 93 bits). */
export const ONE_TIME_PASSWORD_LENGTH = 16;
