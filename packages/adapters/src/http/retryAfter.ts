/**
 * Issue 22: how long the app waits before sending a request once more after a 503. The server's
 * `Retry-After` (seconds) is honoured but capped: the customer is looking at a spinner, and the
 * whole call, wait included, must still end within the spec's 10 s request timeout.
 */

/** The longest wait before the one retry of a 503, whatever `Retry-After` asks for. */
export const MAX_RETRY_DELAY_MS = 3_000;

/** The wait when a 503 names none (or one we cannot read, such as an HTTP date). */
export const DEFAULT_RETRY_DELAY_MS = 1_000;

/** The wait before retrying a 503 whose `Retry-After` header is `header` (null when absent). */
export const retryDelayMs = (header: string | null, maxMs: number = MAX_RETRY_DELAY_MS): number => {
  const seconds = header === null ? undefined : /^\s*(\d{1,9})\s*$/.exec(header)?.[1];
  const wanted = seconds === undefined ? DEFAULT_RETRY_DELAY_MS : Number(seconds) * 1_000;
  return Math.max(0, Math.min(wanted, maxMs));
};
