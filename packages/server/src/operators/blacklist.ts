import { eq } from "drizzle-orm";
import type { Queryable } from "../db/queryable.ts";
import { blacklist } from "../db/schema.ts";
import { sessionCache } from "../identity/sessionCache.ts";

/** The operators' edits of the refused phones (spec §6); identity reads them (../identity/guards.ts). */

/** Adds a phone (on the database or in the caller's transaction); adding it twice is not an error. Returns whether it was newly added. */
export const addToBlacklist = async (db: Queryable, phone: string, now: Date): Promise<boolean> => {
  const added = (await db.insert(blacklist).values({ phone, createdAt: now }).onConflictDoNothing().returning({ phone: blacklist.phone })).length > 0;
  sessionCache.clear();
  return added;
};

/** Removes a phone. Returns whether it was there. */
export const removeFromBlacklist = async (db: Queryable, phone: string): Promise<boolean> => {
  const removed = (await db.delete(blacklist).where(eq(blacklist.phone, phone)).returning({ phone: blacklist.phone })).length > 0;
  sessionCache.clear();
  return removed;
};

export const listBlacklist = async (db: Queryable): Promise<string[]> =>
  (await db.select({ phone: blacklist.phone }).from(blacklist).orderBy(blacklist.phone)).map((r) => r.phone);
