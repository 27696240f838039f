import { Constants, Money, Order, Refund } from "@fuel/domain";
import { durationMs, epochMs, orderKind, orderStatus, refundStatus } from "@fuel/domain/testing";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { orders, users } from "../../src/db/schema.ts";
import { expireDueOrders } from "../../src/orderRecords/expiry.ts";
import { openTestDatabase, type TestDatabase } from "../helpers/database.ts";

/**
 * Expiry runs as bulk SQL (src/orders/expiry.ts) for speed, beside the domain's state machine
 * (`Order.expireIfDue`, which applies `ExpireUnpaid` / `ExpireQr` through `Order.transition`).
 * This property proves the two agree: for orders of every kind, status and refund state, aged
 * around every rule boundary, the status the SQL leaves is the one the machine gives.
 */

let database: TestDatabase;
let db: Database;
let userId: number;
let seq = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.handle.db;
  const [user] = await db.insert(users).values({ openid: "expiry-agreement", createdAt: new Date() }).returning({ id: users.id });
  userId = user!.id;
});

afterAll(async () => {
  await database.close();
});

const PAY_WINDOW_MS = Constants.UNPAID_PAY_WINDOW_SECONDS * 1_000;

/** An order of any kind and status (reachable or not), created some time before the instant of the check. */
const storedOrder = fc.record({
  kind: orderKind,
  status: orderStatus,
  refund: refundStatus,
  ageMs: durationMs,
  payLagMs: fc.integer({ min: 0, max: PAY_WINDOW_MS - 1 }),
  /** Now and then the check falls exactly on the pay deadline or the QR code's 48 h, or 1 ms either side. */
  sharp: fc.option(fc.tuple(fc.constantFrom("payDeadline" as const, "qrExpiry" as const), fc.constantFrom(-1, 0, 1)), { freq: 3 }),
});

type StoredOrder = typeof storedOrder extends fc.Arbitrary<infer T> ? T : never;

const insert = async (o: StoredOrder, now: number): Promise<{ readonly id: number; readonly domain: Order.Order; readonly refund: number }> => {
  const ageMs =
    o.sharp === null ? o.ageMs : (o.sharp[0] === "payDeadline" ? PAY_WINDOW_MS : o.payLagMs + Constants.FUEL_QR_VALIDITY_MS) + o.sharp[1];
  const createdAt = now - ageMs;
  const neverPaid = o.status === "unpaid" || o.status === "cancelled";
  const domain: Order.Order = {
    ...Order.createOrder({ kind: o.kind, createdAt }),
    status: o.status,
    ...(neverPaid ? {} : { paidAt: createdAt + o.payLagMs }),
  };
  seq += 1;
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      kind: o.kind,
      status: Order.statusCode(o.status),
      orderType: Order.orderTypeCode(o.kind === "fuel" ? "payAsYouGo" : "entityCard"),
      cardType: o.kind === "fuel" ? null : Order.cardTypeCode("entity"),
      gasType: "0#",
      orderAmount: Money.cents(100),
      amount: Money.cents(100),
      phone: "13900000000",
      paytype: "wechat",
      mchntOrderNo: `EXPIRY${seq}`,
      draftHash: `h${seq}`,
      createdAt: new Date(domain.createdAt),
      payDeadline: new Date(domain.payDeadline),
      paidAt: domain.paidAt === undefined ? null : new Date(domain.paidAt),
      refundStatus: o.refund,
    })
    .returning({ id: orders.id });
  return { id: row!.id, domain, refund: o.refund };
};

describe("expiry: the bulk SQL and the state machine agree", () => {
  it("for every kind, status, refund state and instant, the SQL leaves the status Order.expireIfDue gives", async () => {
    await fc.assert(
      fc.asyncProperty(epochMs, fc.array(storedOrder, { minLength: 1, maxLength: 12 }), async (now, drafts) => {
        await db.delete(orders);
        const stored = [];
        for (const draft of drafts) stored.push(await insert(draft, now));
        await expireDueOrders(db, now);
        for (const { id, domain, refund } of stored) {
          const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
          expect(row?.status, `${domain.kind} ${domain.status} refund ${refund}`).toBe(Order.statusCode(Order.expireIfDue(domain, refund, now).status));
        }
      }),
      { numRuns: 40 },
    );
  });

  it("at the pay deadline and at 48 h after payment, and 1 ms either side, the SQL and the machine agree for every kind, status and refund state", async () => {
    await db.delete(orders);
    const now = Date.UTC(2026, 0, 15, 12);
    const stored = [];
    for (const kind of ["fuel", "recharge"] as const)
      for (const status of Order.ORDER_STATUSES)
        for (const refund of Refund.REFUND_STATUS_CODES)
          for (const boundary of ["payDeadline", "qrExpiry"] as const)
            for (const delta of [-1, 0, 1] as const)
              stored.push(await insert({ kind, status, refund, ageMs: 0, payLagMs: 61_000, sharp: [boundary, delta] }, now));
    await expireDueOrders(db, now);
    const rows = new Map((await db.select({ id: orders.id, status: orders.status }).from(orders)).map((r) => [r.id, r.status]));
    for (const { id, domain, refund } of stored) {
      expect(rows.get(id), `${domain.kind} ${domain.status} refund ${refund} at ${now - domain.createdAt} ms`).toBe(
        Order.statusCode(Order.expireIfDue(domain, refund, now).status),
      );
    }
  });
});
