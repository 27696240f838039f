import { Invoice } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { rechargeInvoiceOf } from "../catalogue/stations.ts";
import type { Queryable } from "../db/queryable.ts";
import { siteSettings } from "../db/schema.ts";

/** The site's invoice settings (issue 35), the domain's defaults while none are saved. */
export interface InvoiceSettings {
  readonly windowDays: number;
  readonly rechargeInvoice: Invoice.RechargeInvoiceMode;
}

export const readInvoiceSettings = async (db: Queryable): Promise<InvoiceSettings> => {
  const [row] = await db
    .select({ windowDays: siteSettings.invoiceWindowDays, rechargeInvoice: siteSettings.rechargeInvoice })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row === undefined
    ? { windowDays: Invoice.DEFAULT_INVOICE_WINDOW_DAYS, rechargeInvoice: Invoice.DEFAULT_RECHARGE_INVOICE }
    : { windowDays: row.windowDays, rechargeInvoice: rechargeInvoiceOf(row) };
};
