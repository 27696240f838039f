import type { Database } from "../db/client.ts";
import { countAttempt, withdrawAttempts } from "../limits/attempts.ts";
import { ORDER_CREATIONS_PER_CUSTOMER, ORDER_CREATIONS_PER_CUSTOMER_DAY } from "../limits/policy.ts";

/**
 * The churn limit (issue 22, numbers and reasons in ../limits/policy.ts): creations per customer
 * over rolling windows, whatever becomes of the orders. Counted by ./storeNewOrder.ts after the
 * unpaid cap's early check and before the prepay is opened, so a refused creation costs the
 * payment channel nothing; counted in the attempts ledger under the customer's advisory lock, so
 * parallel creations cannot all slip past it. A creation that then fails is withdrawn: only the
 * ones that reached the customer count, and a retry of a failed one is not counted twice.
 */

const CREATION_LIMITS = [ORDER_CREATIONS_PER_CUSTOMER, ORDER_CREATIONS_PER_CUSTOMER_DAY] as const;

/** Counts one creation for `userId`, or refuses (429, `OrderCreationsLimited`) without counting. Answers what to withdraw on failure. */
export const countCreation = (db: Database, userId: number, now: number): Promise<readonly number[]> =>
  countAttempt(
    db,
    CREATION_LIMITS.map((limit) => ({ limit, subject: String(userId) })),
    now,
  );

/** Takes back a creation counted by {@link countCreation} that did not happen. Never throws: the creation's own failure is what the caller reports. */
export const withdrawCreation = (db: Database, counted: readonly number[]): Promise<void> => withdrawAttempts(db, counted).catch(() => undefined);
