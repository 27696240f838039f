import type { Database } from "../db/client.ts";
import { Forbidden } from "../http/errors.ts";
import { isBlacklisted } from "../operators/blacklist.ts";

/** Spec §6: a blacklisted phone is refused everywhere with 'server busy, cannot use' (403), before anything is written. */
export const refuseBlacklisted = async (db: Database, phone: string | null): Promise<void> => {
  if (phone !== null && (await isBlacklisted(db, phone))) throw new Forbidden();
};
