/**
 * The server's only source of time. Every rule that depends on time (code and session expiry,
 * the unpaid-order window, QR validity, the maintenance window) takes `now` from the injected
 * clock, never from `Date.now()`, so the sandbox can move time forward end to end.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}
