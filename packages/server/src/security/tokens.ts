import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/**
 * Secrets the server hands out (session tokens, one-time codes) and how it stores them: only a
 * SHA-256 of each is kept, so a leaked database does not leak live sessions or codes.
 */

/** A session token: 256 random bits, URL-safe. */
export const newSessionToken = (): string => randomBytes(32).toString("base64url");

/** An opaque, unguessable single-use code (OAuth codes): 192 random bits. (Cashier codes: cashier/qrCodes.ts.) */
export const newOpaqueCode = (): string => randomBytes(24).toString("base64url");

/** A 6-digit SMS code from the CSPRNG (never Math.random). */
export const newSmsCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** SHA-256 hex of a high-entropy secret. Fine for tokens; passwords use {@link hashPassword}. */
export const sha256 = (secret: string): string => createHash("sha256").update(secret, "utf8").digest("hex");

/** Compares two equal-purpose strings without leaking where they differ through timing. */
export const constantTimeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
};
