import { Maintenance, Money, Time } from "@fuel/domain";
import { randomInt } from "node:crypto";
import { refuse } from "../refusals/Refusal.ts";

/**
 * What order creation needs beyond the rules. The rules themselves are `@fuel/domain`'s
 * (`Validation`, `Pricing`, `Maintenance`); this file turns their failures into 400s with the
 * domain's message and tag, and holds what needs the server: the payer's openid from the
 * database, random merchant order numbers.
 */

/**
 * Spec §8/§9: during a maintenance window (2024-11-25 01:30-06:30) recharge creation answers 'card
 * service paused for system upgrade'. Only recharge: the window pauses the card service, not the
 * one-key fuel orders of a station.
 */
export const refuseDuringMaintenance = (now: number): void => {
  if (Maintenance.isUnderMaintenance(now)) throw refuse("MaintenanceWindow");
};

/** Integer cents from the wire's string of digits (the contract allows at most 15 digits: always a safe integer). */
export const centsOf = (digits: string): Money.Cents => Money.cents(Number(digits));

/**

/**
 * A merchant order number: a prefix (FO fuel, RC recharge), the China-time stamp and 8 random
 * digits, 24 characters of [A-Z0-9] as the channels require (6 to 32). Random, not the row id, so
 * numbers say nothing about our volume and never repeat across a test database's resets.
 */
export const newMchntOrderNo = (prefix: "FO" | "RC", now: number): string =>
  `${prefix}${Time.formatChinaStamp(now)}${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
