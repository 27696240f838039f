import { chinaDayStartAfter, type EpochMs } from "../Time.ts";

/**
 * Issue 35: an invoice may be asked for until the end of the China calendar day `windowDays`
 * days after the day the order was used (redeemed at the pump; a top-up: settled). Used at
 * 2026-03-01 23:59 with 30 days: until 2026-03-31 23:59:59.999, whatever zone the phone is in.
 * @module
 */

/** The first instant an invoice can no longer be asked for (exclusive end of the window). */
export const invoiceDeadline = (usedAt: EpochMs, windowDays: number): EpochMs => chinaDayStartAfter(usedAt, windowDays + 1);

/** Whether `now` is inside the window of an order used at `usedAt`. */
export const isWithinInvoiceWindow = (usedAt: EpochMs, now: EpochMs, windowDays: number): boolean =>
  now < invoiceDeadline(usedAt, windowDays);

/** The last instant an invoice can still be asked for (what a screen shows as 'until'). */
export const lastInvoiceInstant = (usedAt: EpochMs, windowDays: number): EpochMs => invoiceDeadline(usedAt, windowDays) - 1;
