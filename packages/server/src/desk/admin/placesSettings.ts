import { CardNumber } from "@fuel/domain";
import type { DeskSettingsRequest, WebInfo } from "@fuel/domain/api";
import { eq } from "drizzle-orm";
import type { SiteSettingsRow } from "../../catalogue/stations.ts";
import { siteSettingsToWire } from "../../catalogue/stations.ts";
import type { Database } from "../../db/client.ts";
import type { Tx } from "../../db/queryable.ts";
import { siteSettings } from "../../db/schema.ts";
import { refuse } from "../../refusals/Refusal.ts";

/**
 * The admin's site settings at the desk (issue 26): a partial change of the one settings row,
 * checked before anything is written; the audit row holds only the fields that changed, old and
 * new, in the same transaction.
 */

/** Writes the 'settingChanged' audit row, in the act's transaction. */
export type AuditSettings = (tx: Tx, before: Record<string, unknown>, after: Record<string, unknown>) => Promise<void>;

type Field = keyof DeskSettingsRequest;

/** The row's column of each wire field. */
const COLUMN: { readonly [F in Field]-?: keyof SiteSettingsRow } = {
  price_0_now: "price0Now",
  price_0_nation: "price0Nation",
  price_0_original: "price0Original",
  price_0_xuni: "price0Xuni",
  price_0_shiti: "price0Shiti",
  entity_common_num: "entityCommonNum",
  virtual_common_num: "virtualCommonNum",
  tel1: "tel1",
  tel2: "tel2",
  recharge_tip: "rechargeTip",
  recharge_shiti_tip: "rechargeShitiTip",
  follow_qrcode: "followQrcode",
  follow_account_name: "followAccountName",
};

/** The prices a first save must name: the row has no default for them. */
const REQUIRED_FIRST: ReadonlyArray<Field> = ["price_0_now", "price_0_nation", "price_0_original", "price_0_xuni", "price_0_shiti"];

// An image the customer's browser loads in the follow-us overlay: over https, or the image itself.
const FOLLOW_QRCODE = /^(https:\/\/[^\s]+|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2})$/;

/** Every problem of a change, in field order; empty when it may be written. */
const problemsOf = (change: DeskSettingsRequest, current: SiteSettingsRow | undefined): string[] => {
  const problems: string[] = [];
  if (current === undefined) {
    const missing = REQUIRED_FIRST.filter((f) => change[f] === undefined);
    if (missing.length > 0) problems.push(`no settings exist yet: the first save names ${missing.join(", ")}`);
  }
  for (const f of ["entity_common_num", "virtual_common_num"] as const) {
    const prefix = change[f];
    if (prefix !== undefined && !CardNumber.isPrefix(prefix)) problems.push(`${f} must be the digits card numbers start with, got '${prefix}'`);
  }
  const qr = change.follow_qrcode;
  if (qr !== undefined && qr !== null && !FOLLOW_QRCODE.test(qr)) problems.push("follow_qrcode must be an https:// URL or a data:image/...;base64, image");
  return problems;
};

/** The settings as the desk and /api/webinfo/read show them; null before any are set. */
export const readDeskSettings = async (db: Database): Promise<WebInfo | null> => {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row === undefined ? null : siteSettingsToWire(row);
};

/** Applies `change` (fields left out keep their value); answers the settings after it. */
export const saveDeskSettings = async (db: Database, change: DeskSettingsRequest, audit: AuditSettings): Promise<WebInfo> =>
  db.transaction(async (tx) => {
    const [current] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for("update");
    const problems = problemsOf(change, current);
    if (problems.length > 0) throw refuse("SettingsInvalid", { problems: problems.join("; ") });

    // The values passed the request schema and the checks above; the column of each is its field's.
    const set: Record<string, unknown> = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const f of Object.keys(COLUMN) as Field[]) {
      const value = change[f];
      if (value === undefined) continue;
      const old = current?.[COLUMN[f]] ?? null;
      if (current !== undefined && old === value) continue;
      set[COLUMN[f]] = value;
      before[f] = current === undefined ? null : old;
      after[f] = value;
    }
    if (Object.keys(set).length === 0 && current !== undefined) return siteSettingsToWire(current);
    const [saved] =
      current === undefined
        ? await tx.insert(siteSettings).values({ id: 1, ...(set as typeof siteSettings.$inferInsert) }).returning()
        : await tx.update(siteSettings).set(set as Partial<typeof siteSettings.$inferInsert>).where(eq(siteSettings.id, 1)).returning();
    await audit(tx, before, after);
    return siteSettingsToWire(saved!);
  });
