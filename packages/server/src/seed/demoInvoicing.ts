import { createHash } from "node:crypto";
import { Money, Order, Pricing } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, payments, stations, users } from "../db/schema.ts";

/**
 * Issue 35's demo: a driver who has fuelled, so a person can ask for an invoice at `npm start`.
 * Sign in on the sandbox consent page with the openid {@link DEMO_DRIVER_OPENID}: the account is
 * activated, its phone bound, and it has three fuel orders used yesterday (within the invoice
 * window): two at a station that issues its own invoices (merge them into one request, then issue
 * it at the desk) and one at a station that issues through the platform's e-invoice provider (the
 * sandbox issues it a few seconds after it is asked for).
 */

/** The openid to type on the sandbox consent page. */
export const DEMO_DRIVER_OPENID = "demo-driver";
/** Its phone: not one of the demo card phones, which the docs' curl walk binds to a new customer. */
/** The merchant numbers of the demo driver's orders begin so: tests that judge every order of a load leave them out. */
export const DEMO_ORDER_PREFIX = "FODEMO";

export const DEMO_DRIVER_PHONE = "13800138035";

const DAY_MS = 86_400_000;

/** The demo orders: at which station (by title) and how much was asked for at the pump, in cents. */
const DEMO_ORDERS: ReadonlyArray<readonly [station: string, orderAmount: number]> = [
  ["中石化天河北加油站", 30_000],
  ["中石化天河北加油站", 20_000],
  ["中石化番禺大道加油站", 25_000],
];

/** Adds the demo driver and their used orders unless the driver exists. Returns how many orders were added. */
export const seedDemoDriverIfNone = async (db: Database, now: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const [known] = await tx.select({ id: users.id }).from(users).where(eq(users.openid, DEMO_DRIVER_OPENID));
    if (known !== undefined) return 0;
    const [driver] = await tx
      .insert(users)
      .values({ openid: DEMO_DRIVER_OPENID, name: "Demo Driver", phone: DEMO_DRIVER_PHONE, oauthId: DEMO_DRIVER_OPENID, activatedAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // The phone is someone else's already: an operator's database, not a demo.
    if (driver === undefined) return 0;
    let added = 0;
    for (const [i, [title, orderAmount]] of DEMO_ORDERS.entries()) {
      const [station] = await tx.select().from(stations).where(eq(stations.title, title)).limit(1);
      if (station === undefined) continue;
      const usedAt = new Date(now.getTime() - DAY_MS + i * 600_000);
      const paidAt = new Date(usedAt.getTime() - 1_800_000);
      const mchntOrderNo = `${DEMO_ORDER_PREFIX}${String(driver.id).padStart(6, "0")}${i + 1}`;
      const amount = Pricing.payableCents(orderAmount, station.nowPrice, station.originalPrice);
      const [order] = await tx
        .insert(orders)
        .values({
          userId: driver.id,
          kind: "fuel",
          status: Order.statusCode("used"),
          orderType: 1,
          gasType: "0#",
          orderAmount: Money.cents(orderAmount),
          amount,
          stationId: station.id,
          gasOriginalPrice: station.originalPrice,
          gasNowPrice: station.nowPrice,
          phone: DEMO_DRIVER_PHONE,
          paytype: "wechat",
          mchntOrderNo,
          draftHash: createHash("sha256").update(mchntOrderNo).digest("hex"),
          createdAt: new Date(paidAt.getTime() - 60_000),
          payDeadline: new Date(paidAt.getTime() + 840_000),
          paidAt,
          usedAt,
          closedAt: usedAt,
        })
        .returning({ id: orders.id });
      await tx.insert(payments).values({ orderId: order!.id, channel: "wechat", transactionId: `DEMO${mchntOrderNo}`, amount, paidAt, receivedAt: paidAt });
      added += 1;
    }
    return added;
  });
