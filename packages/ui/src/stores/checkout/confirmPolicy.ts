import type { ConfirmOptions } from "@fuel/adapters/ports";

/**
 * How long the server is asked whether the money arrived after the pay sheet said 'ok', for every
 * payment the app opens (a checkout, and 'pay' again on an unpaid order): the channel's
 * notification usually follows within a second or two; after ~15 s the order list settles it.
 */
export const CONFIRM_ATTEMPTS = 10;
export const CONFIRM_INTERVAL_MS = 1_500;

export const CONFIRM_POLICY: Required<Pick<ConfirmOptions, "attempts" | "intervalMs">> = { attempts: CONFIRM_ATTEMPTS, intervalMs: CONFIRM_INTERVAL_MS };
