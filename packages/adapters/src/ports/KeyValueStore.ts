/**
 * A small string store on the device: the language chosen in /setting, the city picked in
 * /citylist, the SMS resend deadline (so the countdown survives a reload), the OAuth `state`.
 * Reads and writes are synchronous because the first screen needs them before it paints, and they
 * never fail: a browser storage that refuses (private mode, full quota) falls back to memory, and
 * the customer only loses the value at the next start.
 */
export interface KeyValueStore {
  get(key: string): string | null;
  /** `null` removes the key. */
  set(key: string, value: string | null): void;
}
