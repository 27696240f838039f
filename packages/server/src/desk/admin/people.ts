import type { Database } from "../../db/client.ts";
import { sessionCache } from "../../identity/sessionCache.ts";
import { addToBlacklist, removeFromBlacklist } from "../../operators/blacklist.ts";
import { createInviteCodes } from "../../operators/inviteCodes.ts";
import { recordAct, type AuditActor } from "../audit.ts";

/**
 * The admin's acts on customers' access at the desk (issue 26): invite codes and the blacklist,
 * through the operators' CLI code, each change an audit row in the change's own transaction (a
 * change that fails writes none). Staff accounts are ../staffAccounts.ts, shared with the CLI too.
 */

/** Who acts, from where, when (the audit row's who, address and time). */
export interface AdminBy {
  readonly actor: AuditActor;
  readonly address: string;
  readonly now: Date;
}

/** Creates `count` invite codes (1 to 1000, the contract checks) and records them; answers them. */
export const createInvitesAtDesk = async (db: Database, count: number, by: AdminBy): Promise<string[]> =>
  db.transaction(async (tx) => {
    const codes = await createInviteCodes(tx, count, by.now);
    await recordAct(tx, { at: by.now, staff: by.actor, address: by.address, act: "inviteCreated", subject: `${codes.length} codes`, after: { codes } });
    return codes;
  });

/**
 * Puts a phone (already read by `validatePhone`) on the blacklist or takes it off. Answers whether
 * anything changed; no change, no audit row.
 */
export const setBlacklisted = async (db: Database, phone: string, blacklisted: boolean, by: AdminBy): Promise<boolean> => {
  const changed = await db.transaction(async (tx) => {
    const done = blacklisted ? await addToBlacklist(tx, phone, by.now) : await removeFromBlacklist(tx, phone);
    if (done) {
      await recordAct(tx, { at: by.now, staff: by.actor, address: by.address, act: "blacklistChanged", subject: phone, before: { blacklisted: !blacklisted }, after: { blacklisted } });
    }
    return done;
  });
  // Again after the commit: a request between the clear inside the transaction and the commit may have cached the old answer.
  sessionCache.clear();
  return changed;
};
