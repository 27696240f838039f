import { SiteSettingsRules, StationRow } from "@fuel/domain";
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
 * checked before anything is written by SiteSettingsRules (issue 34: the prices' bounds and order
 * on the settings after the change, the card prefixes, a new follow-us QR's image bytes); the
 * audit row holds only the fields that changed, old and new, in the same transaction.
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
  invoice_window_days: "invoiceWindowDays",
  recharge_invoice: "rechargeInvoice",
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
    // The domain's one definition, checked on the settings after the change (the desk checks the same before sending).
    const problems = SiteSettingsRules.changeProblems(current === undefined ? undefined : siteSettingsToWire(current), change);
    // In English and tagged, as a station's problems (StationRow.problemsParams).
    if (problems.length > 0) throw refuse("SettingsInvalid", StationRow.problemsParams(problems));

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
