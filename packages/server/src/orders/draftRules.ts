import { Maintenance, Time } from "@fuel/domain";
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

/**

/** Random digits after the stamp: 10^14 numbers a second. */
const RANDOM_DIGITS = 14;

/**
 * A merchant order number: a prefix (FO fuel, RC recharge), the China-time stamp to the second and
 * 14 random digits, 30 characters of [A-Z0-9] as the channels require (6 to 32). Random, not the
 * row id, so numbers say nothing about our volume and never repeat across a test database's resets.
 *
 * Why 14: the prepay is opened under the number before the order is stored, and a channel answers
 * a number it already has, with another amount, by refusing it (503 to the customer). Two of n
 * creations in one second draw the same number with odds n^2 / 2N: with 8 digits that was about
 * 17 refused creations a day at a steady 200 a second, and one in a hundred 10 s benchmark phases
 * at 460 a second (seen: issue 14's benchmark). With 14 digits, once in some 160 years at 200 a
 * second.
 */
export const newMchntOrderNo = (prefix: "FO" | "RC", now: number): string =>
  `${prefix}${Time.formatChinaStamp(now)}${String(randomInt(0, 10 ** RANDOM_DIGITS)).padStart(RANDOM_DIGITS, "0")}`;
