import { Staff } from "@fuel/domain";
import type { Limit } from "./rules.ts";

/**
 * The limits on what can be guessed or is costly (issue 9), in one place. docs/reliability.md and
 * docs/operations.md repeat the numbers; change them together. The SMS limits live with the SMS
 * codes (../identity/policy.ts), the unpaid-orders cap in `@fuel/domain` Constants.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Wrong passwords per phone, whoever sends them: 5 in 15 minutes, then password sign-in for that
 * phone is refused before any hashing until the oldest leaves the window. Whoever guesses a
 * customer's password gets 5 tries per 15 minutes (480 a day) instead of 100 a minute. The price:
 * anyone can lock a phone out of password sign-in for 15 minutes by typing 5 wrong passwords; the
 * customer still signs in with an SMS code. A right password clears the phone's count.
 */
export const PASSWORD_FAILURES_PER_PHONE: Limit = {
  bucket: "password-failure:phone",
  max: 5,
  windowMs: 15 * MINUTE,
  reason: "PasswordAttemptsLimited",
};

/** Password sign-ins per client address, right or wrong: 20 a minute (one network trying many phones). */
export const PASSWORD_ATTEMPTS_PER_ADDRESS: Limit = {
  bucket: "password-attempt:ip",
  max: 20,
  windowMs: MINUTE,
  reason: "SignInAttemptsLimited",
};

/** Wrong invite codes per customer: 10 an hour. */
export const INVITE_FAILURES_PER_ACCOUNT: Limit = {
  bucket: "invite-failure:user",
  max: 10,
  windowMs: HOUR,
  reason: "InviteAttemptsLimited_account",
};

/** Wrong invite codes per client address, whichever customer: 30 an hour (one network with many accounts). */
export const INVITE_FAILURES_PER_ADDRESS: Limit = {
  bucket: "invite-failure:ip",
  max: 30,
  windowMs: HOUR,
  reason: "InviteAttemptsLimited_network",
};

/** Card look-ups (by phone and by team together) per customer: 30 a minute. */
export const CARD_LOOKUPS_PER_ACCOUNT: Limit = {
  bucket: "card-lookup:user",
  max: 30,
  windowMs: MINUTE,
  reason: "CardLookupsLimited",
};

/**
 * Order creations per customer (issue 22): fuel orders, recharges and card purchases share one
 * budget, because what it protects is shared too: each creation opens a prepay at the payment
 * channel, whose rate quota is the merchant's, whatever the kind. Counted whatever becomes of the
 * order (paid, cancelled, lapsed), unlike the unpaid cap. A creation answered again for a repeated
 * Idempotency-Key (the app's retry after a failed pay or a lost answer) is not a new creation and
 * is not counted; a creation that fails (refused, channel down) is withdrawn, so its retry is not
 * counted twice.
 *
 * The numbers, from how a driver uses the app: each paid order takes a look-up or a station, an
 * amount and the pay sheet with its password, a minute or more; a driver makes one to three a
 * day, a fleet member topping up teammates' cards one after another at most one a minute. So 10
 * in any 10 minutes is a normal customer's fastest pace with room for a cancel-and-redo or two,
 * and 60 a day covers a fleet's morning of top-ups. One customer (or a script with their token)
 * then opens at most 10 prepays in 10 minutes and 60 a day, instead of the 200 in 10.6 s measured.
 */
export const ORDER_CREATIONS_PER_CUSTOMER: Limit = {
  bucket: "order-creation:user",
  max: 10,
  windowMs: 10 * MINUTE,
  reason: "OrderCreationsLimited",
};

/** The daily part of {@link ORDER_CREATIONS_PER_CUSTOMER}: 60 creations in any 24 hours. */
export const ORDER_CREATIONS_PER_CUSTOMER_DAY: Limit = {
  bucket: "order-creation-day:user",
  max: 60,
  windowMs: 24 * HOUR,
  reason: "OrderCreationsLimited",
};

/*
 * Desk sign-in (issue 26, reworked by issue 34 after OWASP's Authentication Cheat Sheet: throttle
 * the guesser, do not lock the account). Until issue 34, 5 wrong passwords for a name from ANY
 * address locked that name for 15 minutes: any stranger could keep any cashier out of the desk,
 * the only way to redeem, with one wrong try every 3 minutes. Now the limits follow the guesser:
 *
 * - per (name, address): 5 wrong in 15 minutes. What stops one guesser at one name; the staff
 *   member at another address is not touched by it.
 * - per address: 20 sign-ins a minute, right or wrong (the hashing cost), and 30 wrong an hour
 *   whatever the names, so one address cannot walk the staff list at 20 names a minute (1,200
 *   guesses an hour before, 30 now).
 * - per name, from all addresses together: 150 wrong in 15 minutes, 30 addresses' worth of the
 *   pair limit. What it buys: a botnet with any number of addresses gets at most 150 guesses at
 *   one name per 15 minutes (14,400 a day) instead of 5 per address; against an IPv6 attacker
 *   (one /64 counts as one address, ./addressKey.ts) it is the only bound. What it costs: whoever
 *   floods one name from more than 30 addresses at the pair limit's full pace closes that name
 *   for everyone until the flood stops for 15 minutes or an admin resets or enables the account
 *   (which lifts every lock at once, ../desk/signInLocks.ts). Set at 30 addresses, not lower, so a
 *   flood from 20 addresses (100 wrong at most in any 15 minutes, even kept up) never reaches it:
 *   the right password from a 21st address signs in.
 *
 * Every wrong try is an audit row (signInFailed) already; each lock, the moment the pair or the
 * name limit fills, is one more (staffLocked), at most one per pair or name per 15 minutes.
 */

const STAFF_WINDOW_MS = Staff.STAFF_FAILURES_WINDOW_MS;

/** Wrong desk passwords per (staff name, client address): 5 in 15 minutes, counted before the hash; a right password clears it. */
export const STAFF_FAILURES_PER_NAME_AND_ADDRESS: Limit = {
  bucket: "staff-password-failure:name-ip",
  max: Staff.STAFF_FAILURES_MAX,
  windowMs: STAFF_WINDOW_MS,
  reason: "StaffAttemptsLimited",
};

/** Wrong desk passwords per staff name from every address together: 150 in 15 minutes (30 addresses at the pair limit). */
export const STAFF_FAILURES_PER_NAME: Limit = {
  bucket: "staff-password-failure:name",
  max: 30 * Staff.STAFF_FAILURES_MAX,
  windowMs: STAFF_WINDOW_MS,
  reason: "StaffAccountAttemptsLimited",
};

/** Wrong desk passwords per client address, whatever the names: 30 an hour. */
export const STAFF_FAILURES_PER_ADDRESS: Limit = {
  bucket: "staff-password-failure:ip",
  max: 30,
  windowMs: HOUR,
  reason: "StaffNetworkAttemptsLimited",
};

/** Desk sign-ins per client address, right or wrong: 20 a minute, as customers' password sign-ins. */
export const STAFF_SIGN_INS_PER_ADDRESS: Limit = {
  bucket: "staff-sign-in:ip",
  max: 20,
  windowMs: MINUTE,
  reason: "SignInAttemptsLimited",
};

/**
 * Not a limit anyone is refused by: the ledger of staffLocked audit rows, so a lock of a pair or
 * a name is written once per window however often a guesser fills the window again (../desk/signInLocks.ts).
 */
export const STAFF_LOCK_NOTICES_PER_NAME_AND_ADDRESS: Limit = {
  bucket: "staff-lock-notice:name-ip",
  max: 1,
  windowMs: STAFF_WINDOW_MS,
  reason: "StaffAttemptsLimited",
};

/** As {@link STAFF_LOCK_NOTICES_PER_NAME_AND_ADDRESS}, for the name-wide lock. */
export const STAFF_LOCK_NOTICES_PER_NAME: Limit = {
  bucket: "staff-lock-notice:name",
  max: 1,
  windowMs: STAFF_WINDOW_MS,
  reason: "StaffAccountAttemptsLimited",
};

export const ALL_LIMITS: readonly Limit[] = [
  STAFF_FAILURES_PER_NAME_AND_ADDRESS,
  STAFF_FAILURES_PER_NAME,
  STAFF_FAILURES_PER_ADDRESS,
  STAFF_SIGN_INS_PER_ADDRESS,
  STAFF_LOCK_NOTICES_PER_NAME_AND_ADDRESS,
  STAFF_LOCK_NOTICES_PER_NAME,
  PASSWORD_FAILURES_PER_PHONE,
  PASSWORD_ATTEMPTS_PER_ADDRESS,
  INVITE_FAILURES_PER_ACCOUNT,
  INVITE_FAILURES_PER_ADDRESS,
  CARD_LOOKUPS_PER_ACCOUNT,
  ORDER_CREATIONS_PER_CUSTOMER,
  ORDER_CREATIONS_PER_CUSTOMER_DAY,
];

/** Events older than this never matter again: the sweep forgets them. */
export const LONGEST_WINDOW_MS = Math.max(...ALL_LIMITS.map((l) => l.windowMs));
