import { count } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { staff } from "../db/schema.ts";
import { addStaff } from "../desk/staffAccounts.ts";
import type { ScryptParams } from "../security/passwords.ts";

/** The desk admin a newcomer's sandbox gets, printed beside the invite codes. */
export const SANDBOX_DESK_ADMIN = "desk.admin";

/**
 * A desk admin with a one-time password for a sandbox with no staff yet (issue 26), so a newcomer
 * can sign in to /desk at once. Answers the password, or undefined when staff exist already (it
 * was printed at that first start; `npm run fuel -- staff reset desk.admin` makes a new one).
 */
export const seedDeskAdminIfNone = async (db: Database, now: Date, scrypt: ScryptParams): Promise<string | undefined> => {
  const [existing] = await db.select({ n: count() }).from(staff);
  if (Number(existing?.n) > 0) return undefined;
  return addStaff(db, { name: SANDBOX_DESK_ADMIN, role: "admin", stations: [] }, { actor: { id: null, name: "sandbox" }, address: "seed", now, scrypt });
};
