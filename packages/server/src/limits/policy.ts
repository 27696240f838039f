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

export const ALL_LIMITS: readonly Limit[] = [
  PASSWORD_FAILURES_PER_PHONE,
  PASSWORD_ATTEMPTS_PER_ADDRESS,
  INVITE_FAILURES_PER_ACCOUNT,
  INVITE_FAILURES_PER_ADDRESS,
  CARD_LOOKUPS_PER_ACCOUNT,
];

/** Events older than this never matter again: the sweep forgets them. */
export const LONGEST_WINDOW_MS = Math.max(...ALL_LIMITS.map((l) => l.windowMs));
