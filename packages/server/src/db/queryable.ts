import type { Database } from "./client.ts";

/** A transaction of {@link Database}: the identity functions run inside one or on the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The database or a transaction on it. */
export type Queryable = Database | Tx;

/** PostgreSQL's unique_violation, however the driver (or Drizzle's wrapper, as `cause`) carries it. */
export const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; typeof e === "object" && e !== null && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
};
