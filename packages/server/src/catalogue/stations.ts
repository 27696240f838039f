import { Invoice } from "@fuel/domain";
import type { Station as WireStation, WebInfo } from "@fuel/domain/api";
import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cities, siteSettings, stations } from "../db/schema.ts";

/**
 * The catalogue as the app reads it (spec §3, §7): cities, the stations of a city, site settings.
 * Rows are mapped to the wire entities here; the computed fields (drop, discount, distance) are
 * the client's, from `@fuel/domain` Station, because distance needs the customer's position.
 */

export type StationRow = typeof stations.$inferSelect;

/** Issue 35: the station's invoice policy (the table's CHECK admits only the domain's three). */
export const invoicePolicyOf = (s: Pick<StationRow, "invoicePolicy">): Invoice.InvoicePolicy =>
  Invoice.isInvoicePolicy(s.invoicePolicy) ? s.invoicePolicy : "station";

export const stationToWire = (s: StationRow): WireStation & { readonly invoice_policy: Invoice.InvoicePolicy } => ({
  id: s.id,
  city: s.city,
  title: s.title,
  address: s.address,
  longitude: s.longitude,
  latitude: s.latitude,
  shop_image: s.shopImage,
  now_price: s.nowPrice,
  nation_price: s.nationPrice,
  original_price: s.originalPrice,
  sell_type: s.sellType,
  code_id: s.codeId,
  tel: s.tel,
  business_start_time: s.businessStartTime,
  business_end_time: s.businessEndTime,
  invoice_policy: invoicePolicyOf(s),
});

/** Cities in display order, each with how many stations it has. */
export const listCities = async (db: Database): Promise<Array<{ city: string; count: number }>> => {
  const rows = await db
    .select({ city: cities.name, count: count(stations.id) })
    .from(cities)
    .leftJoin(stations, eq(stations.city, cities.name))
    .groupBy(cities.name, cities.sort)
    .orderBy(asc(cities.sort), asc(cities.name));
  // count() is int8: a number from PGlite, a string from pg.
  return rows.map((r) => ({ city: r.city, count: Number(r.count) }));
};

/** The stations of a city, by id (the client sorts them nearest first). An unknown city has none. */
export const stationsOfCity = async (db: Database, city: string): Promise<StationRow[]> =>
  db.select().from(stations).where(eq(stations.city, city)).orderBy(asc(stations.id));

export const findStation = async (db: Database, id: number): Promise<StationRow | undefined> =>
  (await db.select().from(stations).where(eq(stations.id, id)).limit(1))[0];

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

export const readSiteSettings = async (db: Database): Promise<SiteSettingsRow | undefined> =>
  (await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1))[0];

export const siteSettingsToWire = (s: SiteSettingsRow): WebInfo => ({
  price_0_now: s.price0Now,
  price_0_nation: s.price0Nation,
  price_0_original: s.price0Original,
  price_0_xuni: s.price0Xuni,
  price_0_shiti: s.price0Shiti,
  entity_common_num: s.entityCommonNum,
  virtual_common_num: s.virtualCommonNum,
  tel1: s.tel1,
  tel2: s.tel2,
  recharge_tip: s.rechargeTip,
  recharge_shiti_tip: s.rechargeShitiTip,
  follow_qrcode: s.followQrcode,
  follow_account_name: s.followAccountName,
  invoice_window_days: s.invoiceWindowDays,
  recharge_invoice: rechargeInvoiceOf(s),
});

/** Issue 35: how top-ups are invoiced (the table's CHECK admits only the domain's two). */
export const rechargeInvoiceOf = (s: Pick<SiteSettingsRow, "rechargeInvoice">): Invoice.RechargeInvoiceMode =>
  s.rechargeInvoice === "at_topup" ? "at_topup" : "at_consumption";
