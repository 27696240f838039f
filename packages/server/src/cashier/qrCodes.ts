import { RedeemCode } from "@fuel/domain";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { qrCodes } from "../db/schema.ts";
import type { Queryable, Tx } from "../db/queryable.ts";
import { refuse, type Refusal } from "../refusals/Refusal.ts";

/**
 * Cashier QR codes (issues 4, 34): the code a paid order shows and the cashier scans or types. A
 * code is 80 random bits as 16 characters of Crockford's base32 (`RedeemCode`: a person can read,
 * say and type it), stored in that canonical form; bound to one order by its row, and at most one
 * per order is live (a partial unique index): regenerating voids the old one, redeeming uses it up.
 * Codes of the old format (`KP` + 32 URL-safe characters) issued before issue 34 stay in the table
 * and keep working until their 48 hours end.
 */

/** A new code from the CSPRNG, canonical (no separators): what the table stores and the wire carries. */
export const newQrPayload = (): string => RedeemCode.fromBytes(randomBytes(RedeemCode.RANDOM_BYTES));

export const liveQrCode = async (db: Queryable, orderId: number): Promise<string | undefined> =>
  (
    await db
      .select({ code: qrCodes.code })
      .from(qrCodes)
      .where(and(eq(qrCodes.orderId, orderId), isNull(qrCodes.voidedAt), isNull(qrCodes.redeemedAt)))
      .limit(1)
  )[0]?.code;

/**
 * The order's live code, issuing one if it has none. Two callers racing both end with the same
 * code: the loser's insert hits the one-live-code index and does nothing.
 */
export const issueQrCode = async (db: Queryable, orderId: number, now: number): Promise<string> => {
  const existing = await liveQrCode(db, orderId);
  if (existing !== undefined) return existing;
  await db.insert(qrCodes).values({ code: newQrPayload(), orderId, issuedAt: new Date(now) }).onConflictDoNothing();
  const code = await liveQrCode(db, orderId);
  if (code === undefined) throw new Error(`order ${orderId}: no live QR code after issuing one`);
  return code;
};

/** Voids the order's live code, if any (refunds, expiry, regeneration). */
export const voidQrCodes = async (db: Queryable, orderId: number, now: number): Promise<void> => {
  await db
    .update(qrCodes)
    .set({ voidedAt: new Date(now) })
    .where(and(eq(qrCodes.orderId, orderId), isNull(qrCodes.voidedAt), isNull(qrCodes.redeemedAt)));
};

/** A fresh code in place of the live one, in the caller's transaction (which holds the order's lock). */
export const regenerateQrCode = async (tx: Tx, orderId: number, now: number): Promise<string> => {
  await voidQrCodes(tx, orderId, now);
  const code = newQrPayload();
  await tx.insert(qrCodes).values({ code, orderId, issuedAt: new Date(now) });
  return code;
};

export type QrCodeRow = typeof qrCodes.$inferSelect;

export const findQrCode = async (db: Queryable, code: string): Promise<QrCodeRow | undefined> =>
  (await db.select().from(qrCodes).where(eq(qrCodes.code, code)).limit(1))[0];

/** How a code reached the server: typed by a person, or read from the customer's QR (issue 34). */
export type CodeEntry = "typed" | "scanned";

/** A code as it reached the server: the text as typed or scanned, and how. */
export interface EnteredCode {
  readonly text: string;
  readonly entry: CodeEntry;
}

/**
 * The refusal for a code that names none of ours, as the cashier reads it: a typed code 'no such
 * code: check it' (a slip of the finger is the likely cause), a scanned one 'unknown QR code'.
 */
export const unknownCode = (entry: CodeEntry): Refusal => refuse(entry === "typed" ? "TypedCodeUnknown" : "QrUnknown");

/**
 * The row of the code a typed or scanned text names (`RedeemCode.lookupKey`: any case, blanks and
 * dashes ignored; an old-format code exactly as typed, trimmed), or the refusal for an unknown code.
 * Anything else (control characters PostgreSQL text cannot even hold) is refused before a query.
 */
export const findEnteredCode = async (db: Queryable, entered: EnteredCode): Promise<QrCodeRow> => {
  const key = RedeemCode.lookupKey(entered.text);
  const row = key === undefined ? undefined : await findQrCode(db, key);
  if (row === undefined) throw unknownCode(entered.entry);
  return row;
};
