/**
 * The device's clock as a port, so stores and countdowns (the unpaid-order countdown, the SMS
 * resend timer) can be driven by a fake clock in tests.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /**
   * Calls `tick` every `ms` milliseconds until the answered function is called: the one way the app
   * ticks a countdown and polls a screen, so a fake clock drives them all in tests.
   */
  every(ms: number, tick: () => void): () => void;
}
