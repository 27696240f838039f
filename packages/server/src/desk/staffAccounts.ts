import { Staff } from "@fuel/domain";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { isUniqueViolation, type Queryable } from "../db/queryable.ts";
import { staff, staffSessions, staffStations, stations } from "../db/schema.ts";
import { orRefuse, refuse } from "../refusals/Refusal.ts";
import { hashPassword, type ScryptParams } from "../security/passwords.ts";
import { recordAct, type AuditActor } from "./audit.ts";
import { oneTimePassword } from "./oneTimePassword.ts";
import { liftSignInLocks } from "./signInLocks.ts";

/**
 * Staff accounts (issue 26): added, disabled and reset by an admin (the operators' CLI now, the
 * desk later), each with a one-time password the staff member replaces at first sign-in. Every
 * change is recorded in the audit log in the same transaction, and every change that takes a
 * password away bumps `session_epoch`, which ends all the account's desk sessions at once.
 */

/** Who asks for a change, and from where (the audit log's who and address). */
export interface StaffChangeBy {
  readonly actor: AuditActor;
  readonly address: string;
  readonly now: Date;
  readonly scrypt: ScryptParams;
}

/** A staff account as the server reads it. */
export interface StaffRow {
  readonly id: number;
  readonly name: string;
  readonly role: Staff.Role;
  readonly passwordHash: string;
  readonly mustChangePassword: boolean;
  readonly disabledAt: Date | null;
  readonly sessionEpoch: number;
}

const columns = {
  id: staff.id,
  name: staff.name,
  role: staff.role,
  passwordHash: staff.passwordHash,
  mustChangePassword: staff.mustChangePassword,
  disabledAt: staff.disabledAt,
  sessionEpoch: staff.sessionEpoch,
};

/** The account named `name` (exactly as typed), or undefined. */
export const findStaffByName = async (db: Queryable, name: string): Promise<StaffRow | undefined> => {
  const [row] = await db.select(columns).from(staff).where(eq(staff.name, name)).limit(1);
  // The table's check constraint keeps `role` one of the three.
  return row === undefined ? undefined : { ...row, role: row.role as Staff.Role };
};

/** The stations given to a staff member, ascending. */
export const stationsOf = async (db: Queryable, staffId: number): Promise<number[]> =>
  (await db.select({ id: staffStations.stationId }).from(staffStations).where(eq(staffStations.staffId, staffId)).orderBy(staffStations.stationId)).map(
    (r) => r.id,
  );

/** A new account's input, as typed. */
export interface NewStaff {
  readonly name: string;
  readonly role: string;
  readonly stations: ReadonlyArray<number>;
}

/** Adds a staff account with a one-time password; answers that password (shown once, stored only hashed). */
export const addStaff = async (db: Database, input: NewStaff, by: StaffChangeBy): Promise<string> => {
  const name = orRefuse(Staff.validateStaffName(input.name));
  if (!Staff.isRole(input.role)) throw refuse("MissingField", { field: "role (admin, distributor or cashier)" });
  const role = input.role;
  const given = [...new Set(input.stations)].sort((a, b) => a - b);
  const password = oneTimePassword();
  const hash = await hashPassword(password, by.scrypt);
  try {
    await db.transaction(async (tx) => {
      if (given.length > 0) {
        const known = await tx.select({ id: stations.id }).from(stations).where(inArray(stations.id, given));
        if (known.length !== given.length) throw refuse("StationNotFound");
      }
      const [row] = await tx
        .insert(staff)
        .values({ name, role, passwordHash: hash, mustChangePassword: true, createdAt: by.now })
        .returning({ id: staff.id });
      if (row === undefined) throw new Error("staff insert returned no row");
      if (given.length > 0) await tx.insert(staffStations).values(given.map((stationId) => ({ staffId: row.id, stationId })));
      await recordAct(tx, { at: by.now, staff: by.actor, address: by.address, act: "staffAdded", subject: name, after: { role, stations: given } });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse("StaffNameTaken");
    throw err;
  }
  return password;
};

/** Ends every desk session of an account: a new epoch makes each older session dead at its next request; the rows go too. */
const endAllStaffSessions = async (tx: Queryable, staffId: number): Promise<void> => {
  await tx.update(staff).set({ sessionEpoch: sql`${staff.sessionEpoch} + 1` }).where(eq(staff.id, staffId));
  await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
};

/**
 * Disables an account: it can no longer sign in, and every session of it ends. Answers false when
 * it was already disabled. Nobody disables their own account, and the last enabled admin stays:
 * without one, nobody could re-enable or add anyone at the desk.
 */
export const disableStaff = async (db: Database, name: string, by: Omit<StaffChangeBy, "scrypt">): Promise<boolean> =>
  db.transaction(async (tx) => {
    const found = await findStaffByName(tx, name);
    if (found === undefined) throw refuse("StaffNotFound");
    if (found.disabledAt !== null) return false;
    // Locked rows, in id order: two admins disabling each other at once cannot both pass the count, nor deadlock.
    const admins =
      found.role === "admin"
        ? await tx
            .select({ id: staff.id })
            .from(staff)
            .where(and(eq(staff.role, "admin"), isNull(staff.disabledAt)))
            .orderBy(staff.id)
            .for("update")
        : [];
    orRefuse(Staff.validateDisabling({ byId: by.actor.id, targetId: found.id, targetRole: found.role, enabledAdmins: admins.length }));
    const changed = await tx
      .update(staff)
      .set({ disabledAt: by.now })
      .where(and(eq(staff.id, found.id), isNull(staff.disabledAt)))
      .returning({ id: staff.id });
    if (changed.length === 0) return false;
    await endAllStaffSessions(tx, found.id);
    await recordAct(tx, { at: by.now, staff: by.actor, address: by.address, act: "staffDisabled", subject: name, before: { disabled: false }, after: { disabled: true } });
    return true;
  });

/** What an enable did: the account enabled (it was disabled), and any sign-in lock on its name lifted. */
export interface EnableOutcome {
  readonly enabled: boolean;
  readonly unlocked: boolean;
}

/**
 * Enables a disabled account again, with the password it had (a reset gives a new one), and lifts
 * every sign-in lock on its name (issue 34), disabled or not: an admin's enable is the way back in
 * for a staff member a flood of wrong passwords keeps out. Each change is its own audit row.
 */
export const enableStaff = async (db: Database, name: string, by: Omit<StaffChangeBy, "scrypt">): Promise<EnableOutcome> =>
  db.transaction(async (tx) => {
    const found = await findStaffByName(tx, name);
    if (found === undefined) throw refuse("StaffNotFound");
    const changed = await tx
      .update(staff)
      .set({ disabledAt: null })
      .where(and(eq(staff.id, found.id), isNotNull(staff.disabledAt)))
      .returning({ id: staff.id });
    if (changed.length > 0) {
      await recordAct(tx, { at: by.now, staff: by.actor, address: by.address, act: "staffEnabled", subject: name, before: { disabled: true }, after: { disabled: false } });
    }
    const unlocked = await liftSignInLocks(tx, found.name, by);
    return { enabled: changed.length > 0, unlocked };
  });

/** One account as the admin's list shows it. */
export interface StaffListing {
  readonly name: string;
  readonly role: Staff.Role;
  readonly stations: number[];
  readonly disabled: boolean;
  readonly mustChangePassword: boolean;
  readonly createdAt: Date;
}

/** Every account by name, with its stations (two queries, not one per account). */
export const listStaff = async (db: Queryable): Promise<StaffListing[]> => {
  const rows = await db
    .select({ id: staff.id, name: staff.name, role: staff.role, disabledAt: staff.disabledAt, mustChangePassword: staff.mustChangePassword, createdAt: staff.createdAt })
    .from(staff)
    .orderBy(staff.name);
  const given = await db.select({ staffId: staffStations.staffId, stationId: staffStations.stationId }).from(staffStations).orderBy(staffStations.stationId);
  return rows.map((r) => ({
    name: r.name,
    role: r.role as Staff.Role,
    stations: given.filter((g) => g.staffId === r.id).map((g) => g.stationId),
    disabled: r.disabledAt !== null,
    mustChangePassword: r.mustChangePassword,
    createdAt: r.createdAt,
  }));
};

/**
 * Gives an account a new one-time password (it must be changed at the next sign-in), ends all its
 * sessions and lifts every sign-in lock on its name (issue 34). A disabled account stays
 * disabled: a reset is for a forgotten password, not a way back in. Answers the password.
 */
export const resetStaff = async (db: Database, name: string, by: StaffChangeBy): Promise<string> => {
  const password = oneTimePassword();
  const hash = await hashPassword(password, by.scrypt);
  await db.transaction(async (tx) => {
    const found = await findStaffByName(tx, name);
    if (found === undefined) throw refuse("StaffNotFound");
    await tx.update(staff).set({ passwordHash: hash, mustChangePassword: true }).where(eq(staff.id, found.id));
    await endAllStaffSessions(tx, found.id);
    await recordAct(tx, {
      at: by.now,
      staff: by.actor,
      address: by.address,
      act: "staffReset",
      subject: name,
      before: { must_change_password: found.mustChangePassword },
      after: { must_change_password: true },
    });
    await liftSignInLocks(tx, found.name, by);
  });
  return password;
};

export { endAllStaffSessions };
