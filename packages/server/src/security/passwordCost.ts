/**
 * The scrypt cost setting (`PASSWORD_HASH_COST`, log2 of scrypt's N), read by ../config.ts. Kept
 * apart so the rule is one small import there. Production may only keep or raise OWASP's
 * recommendation (N = 2^17 with r = 8, p = 1); sandbox servers and tests may lower it, because
 * a test suite that hashes at 100 ms a time spends most of its time hashing.
 */

/** N = 2^17: OWASP's scrypt recommendation with r = 8, p = 1, about 100 ms and 128 MiB per hash. */
export const DEFAULT_PASSWORD_HASH_COST = 17;

/** The lowest cost production accepts: the default. Raising it is fine; lowering it is not. */
export const PRODUCTION_MIN_PASSWORD_HASH_COST = DEFAULT_PASSWORD_HASH_COST;

/** Bounds for any mode. 2^20 takes 1 GiB of memory per hash (128 x N x r bytes): more would exhaust a server. */
export const MIN_PASSWORD_HASH_COST = 4;
export const MAX_PASSWORD_HASH_COST = 20;

/** The cost from its environment value (unset: the default); problems are pushed, never thrown. */
export const parsePasswordHashCost = (raw: string | undefined, mode: "sandbox" | "production", problems: string[]): number => {
  if (raw === undefined) return DEFAULT_PASSWORD_HASH_COST;
  const cost = /^\d{1,2}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(cost >= MIN_PASSWORD_HASH_COST && cost <= MAX_PASSWORD_HASH_COST)) {
    problems.push(`PASSWORD_HASH_COST must be an integer from ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST} (log2 of scrypt's N), got '${raw}'`);
    return DEFAULT_PASSWORD_HASH_COST;
  }
  if (mode === "production" && cost < PRODUCTION_MIN_PASSWORD_HASH_COST) {
    problems.push(`FUEL_MODE=production refuses PASSWORD_HASH_COST below ${PRODUCTION_MIN_PASSWORD_HASH_COST} (got ${cost}): weaker hashes are quicker to crack`);
    return DEFAULT_PASSWORD_HASH_COST;
  }
  return cost;
};
