import { and, eq, isNull } from "drizzle-orm";
import { qrCodes } from "../db/schema.ts";
import type { Queryable, Tx } from "../db/queryable.ts";
import { newOpaqueCode } from "../security/tokens.ts";

/**
 * Cashier QR codes (issue 4): the payload a paid order shows and the cashier scans. A code is
 * 192 random bits (unguessable), bound to one order by its row, and at most one per order is live
 * (a partial unique index): regenerating voids the old one, redeeming uses it up.
 */

/** `KP` + 32 URL-safe characters: short enough for a dense-free QR on a cheap phone's screen. */
export const newQrPayload = (): string => `KP${newOpaqueCode()}`;

/** What one of our payloads looks like (a scan of anything else is not ours). */
export const QR_PAYLOAD = /^KP[A-Za-z0-9_-]{16,64}$/;

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
