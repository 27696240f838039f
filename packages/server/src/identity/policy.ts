import { Constants } from "@fuel/domain";

/**
 * Every time limit and count of the identity part, in one place (issue 3, spec §4, §9). Durations
 * are milliseconds. docs/api.md repeats the customer-visible ones; change both together.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// ----- sessions

/** A session token works this long after it was issued unless it is refreshed or logged out. */
export const SESSION_LIFETIME_MS = 7 * DAY;

/**
 * A token used after this much of its life answers with a replacement (sliding refresh). Half the
 * life: a customer who opens the app at least once every 3.5 days never signs in again, and a
 * busy customer does not get a new token on every call.
 */
export const SESSION_REFRESH_AFTER_MS = SESSION_LIFETIME_MS / 2;

/**
 * How long a replaced token keeps working: requests already in flight with it (the app fires
 * several at once when a page opens) succeed instead of logging the customer out. Short, so a
 * stolen old token is of little use.
 */
export const SESSION_GRACE_MS = 60 * SECOND;

/** Longer bearer values are not ours (ours are 43 characters): refused before any hashing or query. */
export const MAX_TOKEN_LENGTH = 512;

// ----- SMS codes

/** An SMS code can be used this long after it was sent (issue 3). */
export const SMS_CODE_TTL_MS = 5 * MINUTE;

/** The wrong guesses that kill a code: 5 tries at 1 in 10^6 each is no brute force. */
export const SMS_CODE_MAX_FAILED_ATTEMPTS = 5;

/** Rate limits on sending, per phone and per client address (issue 3); one send per phone per resend countdown (spec §4/§9). */
export const SMS_MIN_INTERVAL_MS = Constants.SMS_RESEND_SECONDS * SECOND;
export const SMS_PER_PHONE_PER_HOUR = 5;
export const SMS_PER_PHONE_PER_DAY = 10;
export const SMS_PER_IP_PER_HOUR = 20;
export const HOUR_MS = HOUR;
export const DAY_MS = DAY;

/**
 * `/api/bindphone` accepts a phone proven with `/api/check_captcha` for the same openid within
 * this window: long enough to finish the form, short enough that an old proof is not a key.
 */
export const PHONE_VERIFICATION_TTL_MS = 10 * MINUTE;

// ----- messaging-app OAuth (sandbox provider)

/** A sandbox authorization code is single use and expires after 5 minutes, like the real one. */
export const OAUTH_CODE_TTL_MS = 5 * MINUTE;
