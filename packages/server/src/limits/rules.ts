import type { Messages } from "@fuel/domain";

/**
 * Rate limits as a pure rule over recent history (the pattern of ../identity/smsLimits.ts), so
 * every limit and its retry time is unit-tested without a database. ./attempts.ts reads the
 * history and records new attempts under advisory locks, which is what makes the limits hold
 * under parallel requests and across server processes.
 */

export interface Limit {
  /** The ledger's name for this limit's events (table `rate_limit_events`, column `bucket`). */
  readonly bucket: string;
  /** At most `max` events within any `windowMs`. */
  readonly max: number;
  readonly windowMs: number;
  /** The catalogue key of what the customer reads in the 429 answer, saying what to do next. */
  readonly reason: Messages.MessageKey;
}

export interface LimitHistory {
  readonly limit: Limit;
  /** Epoch ms of the subject's recent events under this limit, any order. */
  readonly times: readonly number[];
}

export interface LimitRefusal {
  readonly reason: Messages.MessageKey;
  /** Whole seconds until one more event would be allowed (at least 1). */
  readonly retryAfterSeconds: number;
}

/**
 * Whether one more event is allowed at `now` under every limit; if not, the limit that holds it
 * back longest (so `retry-after` is a time that really works) and when to retry.
 */
export const checkLimits = (histories: readonly LimitHistory[], now: number): LimitRefusal | null => {
  let refusal: { readonly limit: Limit; readonly until: number } | null = null;
  for (const { limit, times } of histories) {
    const recent = times.filter((t) => t > now - limit.windowMs).sort((a, b) => b - a);
    if (recent.length < limit.max) continue;
    // The event that must leave the window before another fits: the max-th newest.
    const until = (recent[limit.max - 1] ?? now) + limit.windowMs;
    if (refusal === null || until > refusal.until) refusal = { limit, until };
  }
  if (refusal === null) return null;
  return { reason: refusal.limit.reason, retryAfterSeconds: Math.max(1, Math.ceil((refusal.until - now) / 1000)) };
};
