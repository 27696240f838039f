import { randomInt } from "node:crypto";
import { InviteCode } from "@fuel/domain";
import { asc, count, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { inviteCodes, users } from "../db/schema.ts";

/**
 * Invite (activation) codes, spec §1 and §6: single use, at most 32 characters. Operators create
 * them (CLI, sandbox endpoint); a customer redeems one at /activated (../identity/inviteRedemption.ts).
 */

/** No 0/O, 1/I/L: codes are read aloud and typed on phones. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const CODE_LENGTH = 10;

/** A fresh code from the CSPRNG: 10 symbols of 31, about 49 bits, unguessable by trying. */
export const newInviteCode = (): string => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** Creates `count` new codes and returns them. */
export const createInviteCodes = async (db: Pick<Database, "insert">, count: number, now: Date): Promise<string[]> => {
  if (!Number.isInteger(count) || count < 1 || count > 1_000) throw new RangeError("count must be an integer from 1 to 1000");
  // Stored in the form a customer's typing is compared in (issue 25), whatever the alphabet becomes.
  const codes = Array.from({ length: count }, () => InviteCode.normalize(newInviteCode()));
  // A collision of 49-bit codes is astronomically unlikely; `onConflictDoNothing` plus the
  // returned rows keeps the promise "these codes exist and are fresh" even then.
  const rows = await db
    .insert(inviteCodes)
    .values(codes.map((code) => ({ code, createdAt: now })))
    .onConflictDoNothing()
    .returning({ code: inviteCodes.code });
  return rows.map((r) => r.code);
};

export interface InviteCodeRow {
  readonly code: string;
  readonly createdAt: Date;
  readonly redeemedAt: Date | null;
  readonly redeemedByPhone: string | null;
}

/** Every code, oldest first, with who redeemed it. */
export const listInviteCodes = async (db: Database): Promise<InviteCodeRow[]> =>
  db
    .select({
      code: inviteCodes.code,
      createdAt: inviteCodes.createdAt,
      redeemedAt: inviteCodes.redeemedAt,
      redeemedByPhone: users.phone,
    })
    .from(inviteCodes)
    .leftJoin(users, eq(users.id, inviteCodes.redeemedBy))
    .orderBy(asc(inviteCodes.createdAt), asc(inviteCodes.code));

/** A page of codes, newest first (the desk's list), and how many codes there are in all. `page` counts from 1. */
export const pageInviteCodes = async (db: Database, page: number, size: number): Promise<{ rows: InviteCodeRow[]; total: number }> => {
  const rows = await db
    .select({
      code: inviteCodes.code,
      createdAt: inviteCodes.createdAt,
      redeemedAt: inviteCodes.redeemedAt,
      redeemedByPhone: users.phone,
    })
    .from(inviteCodes)
    .leftJoin(users, eq(users.id, inviteCodes.redeemedBy))
    .orderBy(desc(inviteCodes.createdAt), asc(inviteCodes.code))
    .limit(size)
    .offset((page - 1) * size);
  const [all] = await db.select({ n: count() }).from(inviteCodes);
  return { rows, total: all?.n ?? 0 };
};

/** The codes nobody has redeemed yet. */
export const unusedInviteCodes = async (db: Database): Promise<string[]> =>
  (await db.select({ code: inviteCodes.code }).from(inviteCodes).where(isNull(inviteCodes.redeemedAt)).orderBy(asc(inviteCodes.code))).map(
    (r) => r.code,
  );
