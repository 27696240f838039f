import { count } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cities, siteSettings, stations } from "../db/schema.ts";
import { createInviteCodes } from "../operators/inviteCodes.ts";
import { DEMO_FOLLOW_ACCOUNT_NAME, DEMO_FOLLOW_QRCODE } from "./demoFollow.ts";
import { DEMO_CITIES, DEMO_SITE_SETTINGS, DEMO_STATIONS } from "./demoStations.ts";

/** How many invite codes a newcomer's first start prints. */
export const FIRST_START_INVITE_CODES = 10;

export interface SeedOutcome {
  readonly seeded: boolean;
  /** The fresh invite codes, printed at first start; empty when nothing was seeded. */
  readonly inviteCodes: string[];
}

/**
 * Loads the demo catalogue (3 cities, 30 stations, site settings) and 10 invite codes into an
 * EMPTY database, in one transaction. A database with any city, station or site settings is an
 * operator's and is never touched, so restarting (or pointing at production) seeds nothing.
 */
export const seedIfEmpty = async (db: Database, now: Date): Promise<SeedOutcome> =>
  db.transaction(async (tx) => {
    const [c] = await tx.select({ n: count() }).from(cities);
    const [s] = await tx.select({ n: count() }).from(stations);
    const [w] = await tx.select({ n: count() }).from(siteSettings);
    if (Number(c?.n) + Number(s?.n) + Number(w?.n) > 0) return { seeded: false, inviteCodes: [] };

    await tx.insert(cities).values(DEMO_CITIES.map((name, sort) => ({ name, sort })));
    await tx.insert(stations).values(
      DEMO_STATIONS.map((d) => ({
        city: d.city,
        title: d.title,
        address: d.address,
        longitude: d.longitude,
        latitude: d.latitude,
        nowPrice: d.now_price,
        nationPrice: d.nation_price,
        originalPrice: d.original_price,
        sellType: d.sell_type,
        codeId: d.code_id,
        tel: d.tel,
        businessStartTime: d.business_start_time,
        businessEndTime: d.business_end_time,
        invoicePolicy: d.invoice_policy,
      })),
    );
    const w0 = DEMO_SITE_SETTINGS;
    await tx.insert(siteSettings).values({
      id: 1,
      price0Now: w0.price_0_now,
      price0Nation: w0.price_0_nation,
      price0Original: w0.price_0_original,
      price0Xuni: w0.price_0_xuni,
      price0Shiti: w0.price_0_shiti,
      entityCommonNum: w0.entity_common_num,
      virtualCommonNum: w0.virtual_common_num,
      tel1: w0.tel1,
      tel2: w0.tel2,
      rechargeTip: w0.recharge_tip,
      rechargeShitiTip: w0.recharge_shiti_tip,
      followQrcode: DEMO_FOLLOW_QRCODE,
      followAccountName: DEMO_FOLLOW_ACCOUNT_NAME,
    });
    const inviteCodes = await createInviteCodes(tx, FIRST_START_INVITE_CODES, now);
    return { seeded: true, inviteCodes };
  });
