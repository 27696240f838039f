import { Constants, Messages } from "@fuel/domain";
import {
  DAY_MS,
  HOUR_MS,
  SMS_MIN_INTERVAL_MS,
  SMS_PER_IP_PER_HOUR,
  SMS_PER_PHONE_PER_DAY,
  SMS_PER_PHONE_PER_HOUR,
} from "./policy.ts";

/**
 * The SMS rate limits (issue 3) as a pure rule over the send history, so every limit and its
 * retry time is unit-tested without a database. The caller reads the history and inserts the new
 * send under one per-phone lock (./smsCodes.ts), which is what makes the limits hold under
 * parallel requests.
 */

export interface SmsLimit {
  readonly scope: "phone" | "ip";
  /** At most `max` sends within any `windowMs`. */
  readonly max: number;
  readonly windowMs: number;
  readonly message: string;
}

export const SMS_LIMITS: readonly SmsLimit[] = [
  { scope: "phone", max: 1, windowMs: SMS_MIN_INTERVAL_MS, message: Messages.text("SmsSentRecently", "en", { seconds: Constants.SMS_RESEND_SECONDS }) },
  { scope: "phone", max: SMS_PER_PHONE_PER_HOUR, windowMs: HOUR_MS, message: "too many SMS codes for this phone in the last hour, try again later" },
  { scope: "phone", max: SMS_PER_PHONE_PER_DAY, windowMs: DAY_MS, message: "too many SMS codes for this phone today, try again tomorrow" },
  { scope: "ip", max: SMS_PER_IP_PER_HOUR, windowMs: HOUR_MS, message: "too many SMS codes requested from this network, try again later" },
];

/** The longest window: older sends never matter. */
export const SMS_HISTORY_MS = Math.max(...SMS_LIMITS.map((l) => l.windowMs));

/** How many of the latest sends each scope's rule can need to look at. */
export const historyDepth = (scope: SmsLimit["scope"]): number => Math.max(0, ...SMS_LIMITS.filter((l) => l.scope === scope).map((l) => l.max));

export interface SmsHistory {
  /** Epoch ms of this phone's latest sends, newest first. */
  readonly phone: readonly number[];
  /** Epoch ms of this client address's latest sends, newest first. */
  readonly ip: readonly number[];
}

export interface SmsRefusal {
  readonly message: string;
  /** Whole seconds until a send would be allowed again (at least 1). */
  readonly retryAfterSeconds: number;
}

/**
 * Whether one more send is allowed at `now`; if not, the limit that holds it back longest (so
 * `retry-after` is a time that really works) and when to retry.
 */
export const checkSmsLimits = (history: SmsHistory, now: number): SmsRefusal | null => {
  let refusal: { readonly message: string; readonly until: number } | null = null;
  for (const limit of SMS_LIMITS) {
    const recent = history[limit.scope].filter((t) => t > now - limit.windowMs);
    if (recent.length < limit.max) continue;
    // The send that must leave the window before another fits: the max-th newest.
    const until = (recent[limit.max - 1] ?? now) + limit.windowMs;
    if (refusal === null || until > refusal.until) refusal = { message: limit.message, until };
  }
  return refusal === null ? null : { message: refusal.message, retryAfterSeconds: Math.max(1, Math.ceil((refusal.until - now) / 1000)) };
};
