import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { smsCodes, smsSends } from "../db/schema.ts";
import { constantTimeEqual, newSmsCode, sha256 } from "../security/tokens.ts";
import { SMS_CODE_MAX_FAILED_ATTEMPTS, SMS_CODE_TTL_MS } from "./policy.ts";
import { checkSmsLimits, historyDepth, SMS_HISTORY_MS, type SmsRefusal } from "./smsLimits.ts";
import type { Tx } from "../db/queryable.ts";

/**
 * SMS codes (issue 3): 6 digits from the CSPRNG, stored as SHA-256, valid 5 minutes, single use,
 * dead after 5 wrong tries. A phone has at most one live code: sending a new one retires the
 * older ones. `/api/sendsms` carries no purpose, so a code proves "holds this phone" to whichever
 * call uses it first (check_captcha, login, password reset).
 */

/** The `purpose` column: one kind of code, see above. */
const PURPOSE = "phone";

/**
 * Advisory-lock namespaces (first key of the two-key form, a key space apart from one-key locks).
 * Phone before address, always: a fixed order cannot deadlock.
 */
const LOCK_SMS_PHONE = 3_001;
const LOCK_SMS_IP = 3_002;

/**
 * The text sent. The gateway delivers only registered templates, with the sender's signature in
 * 【】 first: register this one as it is.
 */
export const smsText = (code: string): string => `【加油优惠】您的验证码是${code}，5分钟内有效，请勿告诉他人。`;

/** A code's digits read back out of {@link smsText} (the sandbox SMS box does this, like a phone would). */
export const codeInText = (text: string): string | undefined => /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];

export type IssueResult =
  | { readonly kind: "issued"; readonly code: string; readonly codeId: number; readonly sendId: number }
  | { readonly kind: "limited"; readonly refusal: SmsRefusal };

/**
 * Checks the rate limits and records a new code, all or nothing. The limit check and the insert
 * hold under parallel sends on PostgreSQL because the transaction first takes a per-phone (then a
 * per-address) advisory lock: concurrent sends for one phone run one after another, each seeing
 * the ones before. No network I/O happens inside: the caller sends the SMS after commit.
 */
export const issueSmsCode = async (db: Database, phone: string, ip: string, now: number): Promise<IssueResult> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SMS_PHONE}, hashtext(${phone}))`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SMS_IP}, hashtext(${ip}))`);

    const since = new Date(now - SMS_HISTORY_MS);
    const phoneSends = await tx
      .select({ sentAt: smsSends.sentAt })
      .from(smsSends)
      .where(and(eq(smsSends.phone, phone), gt(smsSends.sentAt, since)))
      .orderBy(desc(smsSends.sentAt))
      .limit(historyDepth("phone"));
    const ipSends = await tx
      .select({ sentAt: smsSends.sentAt })
      .from(smsSends)
      .where(and(eq(smsSends.ip, ip), gt(smsSends.sentAt, since)))
      .orderBy(desc(smsSends.sentAt))
      .limit(historyDepth("ip"));
    const refusal = checkSmsLimits({ phone: phoneSends.map((r) => r.sentAt.getTime()), ip: ipSends.map((r) => r.sentAt.getTime()) }, now);
    if (refusal !== null) return { kind: "limited", refusal } as const;

    const at = new Date(now);
    // Retire older live codes: only the latest code sent can be typed in.
    await tx.update(smsCodes).set({ usedAt: at }).where(and(eq(smsCodes.phone, phone), isNull(smsCodes.usedAt)));
    const code = newSmsCode();
    const [codeRow] = await tx
      .insert(smsCodes)
      .values({ phone, codeHash: sha256(code), purpose: PURPOSE, expiresAt: new Date(now + SMS_CODE_TTL_MS), createdAt: at, ip })
      .returning({ id: smsCodes.id });
    const [sendRow] = await tx.insert(smsSends).values({ phone, ip, sentAt: at }).returning({ id: smsSends.id });
    if (codeRow === undefined || sendRow === undefined) throw new Error("insert returned no row");
    return { kind: "issued", code, codeId: codeRow.id, sendId: sendRow.id } as const;
  });

/**
 * Undoes {@link issueSmsCode} when the gateway refused the message: the customer got nothing, so
 * the code must not work and the send must not count against their limits.
 */
export const withdrawSmsCode = async (db: Database, issued: { readonly codeId: number; readonly sendId: number }): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.delete(smsCodes).where(eq(smsCodes.id, issued.codeId));
    await tx.delete(smsSends).where(eq(smsSends.id, issued.sendId));
  });
};

/** ok: the code was right and is now used up; wrong: a try was counted; none: no live code for this phone. */
export type CodeCheck = "ok" | "wrong" | "none";

/**
 * Checks `code` against the phone's live code, inside the caller's transaction so that using the
 * code and what it unlocks commit together. The row is locked (`FOR UPDATE`): parallel guesses
 * are counted one by one, and a right code is used once. A wrong guess is counted even when the
 * caller's request fails: the caller must commit it (return, not throw).
 */
export const checkSmsCode = async (tx: Tx, phone: string, code: string, now: number): Promise<CodeCheck> => {
  const [row] = await tx
    .select({ id: smsCodes.id, codeHash: smsCodes.codeHash, expiresAt: smsCodes.expiresAt, failedAttempts: smsCodes.failedAttempts })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.usedAt)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
    .for("update");
  if (row === undefined || row.expiresAt.getTime() <= now || row.failedAttempts >= SMS_CODE_MAX_FAILED_ATTEMPTS) return "none";
  if (constantTimeEqual(sha256(code), row.codeHash)) {
    await tx.update(smsCodes).set({ usedAt: new Date(now) }).where(eq(smsCodes.id, row.id));
    return "ok";
  }
  await tx
    .update(smsCodes)
    .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
    .where(eq(smsCodes.id, row.id));
  return "wrong";
};

/** Whether `code` is the phone's latest code and still unexpired (the sandbox SMS box shows only those). */
export const isUnexpiredCode = async (db: Database, phone: string, code: string, now: number): Promise<boolean> =>
  (
    await db
      .select({ id: smsCodes.id })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.codeHash, sha256(code)), gt(smsCodes.expiresAt, new Date(now))))
      .limit(1)
  ).length > 0;
