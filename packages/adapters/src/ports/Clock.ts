/**
 * The device's clock as a port, so stores and countdowns (the unpaid-order countdown, the SMS
 * resend timer) can be driven by a fake clock in tests.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}
