import type { IssueState } from "./InvoiceProvider.ts";

/**
 * The retry rule of an invoice issue (issue 35 item 6), pure: a failed issue the provider calls
 * retryable is asked again with a new `applyId`, at most {@link MAX_ISSUE_RETRIES} times after the
 * first attempt (WeChat Pay allows 4 retries per application, each with a new `fapiao_id`); after
 * that, or when the failure is not retryable, the invoice stays failed with the provider's reason.
 */

export const MAX_ISSUE_RETRIES = 4;
/** The first attempt plus the retries. */
export const MAX_ISSUE_ATTEMPTS = 1 + MAX_ISSUE_RETRIES;

const positiveInt = (n: number): boolean => Number.isSafeInteger(n) && n >= 1;

/**
 * The id of one attempt: `${invoiceId}-${attempt}`. Unique per attempt (a provider refuses to
 * reuse a failed one) and short enough for WeChat's 32-character ids with a prefix.
 */
export const applyIdFor = (invoiceId: number, attempt: number): string => {
  if (!positiveInt(invoiceId)) throw new RangeError(`an invoice id is a positive integer, got ${invoiceId}`);
  if (!positiveInt(attempt) || attempt > MAX_ISSUE_ATTEMPTS) throw new RangeError(`an attempt is 1 to ${MAX_ISSUE_ATTEMPTS}, got ${attempt}`);
  return `${invoiceId}-${attempt}`;
};

/** The invoice and attempt an apply id names, or undefined when it is not one of {@link applyIdFor}'s. */
export const parseApplyId = (applyId: string): { readonly invoiceId: number; readonly attempt: number } | undefined => {
  const match = /^([1-9]\d{0,15})-([1-9]\d?)$/.exec(applyId);
  if (match === null) return undefined;
  const invoiceId = Number(match[1]);
  const attempt = Number(match[2]);
  return positiveInt(invoiceId) && attempt <= MAX_ISSUE_ATTEMPTS ? { invoiceId, attempt } : undefined;
};

/** What to do after an attempt's state is known. */
export type RetryDecision =
  /** Not failed: nothing to retry (still issuing, or issued). */
  | { readonly action: "none" }
  /** Ask again as attempt `attempt`, with this new id. */
  | { readonly action: "retry"; readonly attempt: number; readonly applyId: string }
  /** Failed for good: the invoice keeps the provider's reason. */
  | { readonly action: "give-up"; readonly reason: string };

/** The rule: after attempt `attempt` of invoice `invoiceId` ended in `state`. */
export const nextAttempt = (invoiceId: number, attempt: number, state: IssueState): RetryDecision => {
  if (!positiveInt(attempt) || attempt > MAX_ISSUE_ATTEMPTS) throw new RangeError(`an attempt is 1 to ${MAX_ISSUE_ATTEMPTS}, got ${attempt}`);
  if (state.state !== "failed") return { action: "none" };
  if (!state.retryable || attempt >= MAX_ISSUE_ATTEMPTS) return { action: "give-up", reason: state.reason };
  return { action: "retry", attempt: attempt + 1, applyId: applyIdFor(invoiceId, attempt + 1) };
};
