import { Maintenance, Money, Time, Validation } from "@fuel/domain";
import { Result } from "effect";
import { eq } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { BadRequest } from "../http/errors.ts";
import { invalid, notFound } from "../http/refusals.ts";

/**
 * The rules every new order (fuel or recharge) passes before it is stored: spec §5 validation
 * through `@fuel/domain`, each failure a 400 with the domain's message and tag.
 */

export const orRefuse = <A, E extends { readonly _tag: string }>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) throw BadRequest.fromTagged(result.failure);
  return result.success;
};

/**
 * Spec §8/§9: during a maintenance window (2024-11-25 01:30-06:30) recharge creation answers 'card
 * service paused for system upgrade'. Only recharge: the window pauses the card service, not the
 * one-key fuel orders of a station.
 */
export const refuseDuringMaintenance = (now: number): void => {
  if (Maintenance.isUnderMaintenance(now)) throw invalid("MaintenanceWindow");
};

/** Integer cents from the wire's string of digits (the contract allows at most 15 digits: always a safe integer). */
export const centsOf = (digits: string): Money.Cents => Money.cents(Number(digits));

/**
 * Free text as stored (remarks, refund and rejection reasons): control characters become spaces,
 * blanks are trimmed. Cleaned rather than refused, because a pasted line break or tab in a remark
 * is no reason to lose the order; the contract already refused what PostgreSQL cannot store.
 */
// eslint-disable-next-line no-control-regex
export const cleanRemark = (raw: string | undefined): string => (raw ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim();

/**
 * Spec §5: payment requires the messaging-app identity ('authorize via messaging app first').
 * Returns the openid the channel bills.
 */
export const payerOpenidOf = async (db: Database, userId: number): Promise<string> => {
  const [user] = await db.select({ oauthId: users.oauthId }).from(users).where(eq(users.id, userId)).limit(1);
  if (user === undefined) throw notFound("OrderNotFound");
  return orRefuse(Validation.validatePaymentAuthorized(user.oauthId));
};

/**
 * A merchant order number: a prefix (FO fuel, RC recharge), the China-time stamp and 8 random
 * digits, 24 characters of [A-Z0-9] as the channels require (6 to 32). Random, not the row id, so
 * numbers say nothing about our volume and never repeat across a test database's resets.
 */
export const newMchntOrderNo = (prefix: "FO" | "RC", now: number): string =>
  `${prefix}${Time.formatChinaStamp(now)}${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
