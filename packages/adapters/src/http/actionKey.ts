/**
 * The `Idempotency-Key` of one user action (a tap on "pay", a tap on "recharge"): made when the
 * action starts and sent with every retry of it, so a retry after a timeout or a lost answer gets
 * the first answer back instead of a second order. A new tap is a new action, with a new key.
 */
export const newActionKey = (): string => globalThis.crypto.randomUUID();
