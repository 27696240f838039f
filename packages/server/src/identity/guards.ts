import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { blacklist } from "../db/schema.ts";
import { refuse } from "../refusals/Refusal.ts";

/** Refused phones (spec §6: a blacklisted phone gets 'server busy, cannot use' everywhere). */
export const isBlacklisted = async (db: Database, phone: string): Promise<boolean> =>
  (await db.select({ phone: blacklist.phone }).from(blacklist).where(eq(blacklist.phone, phone)).limit(1)).length > 0;

/** Spec §6: a blacklisted phone is refused everywhere with 'server busy, cannot use' (403), before anything is written. */
export const refuseBlacklisted = async (db: Database, phone: string | null): Promise<void> => {
  if (phone !== null && (await isBlacklisted(db, phone))) throw refuse("Blacklisted");
};
