import { Constants } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders } from "../../src/db/schema.ts";
import { DOUBLE_TAP_WINDOW_MS, placeOrder } from "../../src/orders/storeNewOrder.ts";
import { STATUS } from "../../src/orderRecords/rows.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { seedUser } from "../identity/support.ts";
import { placedRows, placementKey } from "../helpers/placedRows.ts";

/**
 * `place_order` (drizzle/0007_place_order.sql), the one statement that places an order (issue
 * 14), called as `storeNewOrder` calls it: each outcome at its edges, and the row it writes is
 * the row a Drizzle INSERT of the same values writes. On PGlite, and on PostgreSQL with
 * `npm run test:pg` (test/races/placeOrder.race.test.ts adds the concurrent cases there).
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const NOW = Date.UTC(2026, 10, 25, 1, 0, 0, 123);
const row = placedRows("FOTEST", NOW);

const key = (userId: number, draftHash = "draft-a", now = NOW) => placementKey(userId, draftHash, now);

const ordersOf = (userId: number) => booted.db.select().from(orders).where(eq(orders.userId, userId));

describe("place_order", () => {
  it("places a new order and answers its payable columns, instants as Date", async () => {
    const user = await seedUser(booted);
    const placed = await placeOrder(booted.db, key(user.id), row({ mchntOrderNo: "FO1", prepayId: "wx1" }));
    expect(placed).toMatchObject({ outcome: "placed", order: { kind: "fuel", paytype: "wechat", prepayId: "wx1", mchntOrderNo: "FO1", amount: 9162, orderAmount: 10040, gasType: "0#", lastNumber: null, issuesCard: false } });
    expect(placed.outcome === "placed" && placed.order.payDeadline).toEqual(new Date(NOW + 15 * 60_000));
    const [stored] = await ordersOf(user.id);
    expect(placed.outcome === "placed" && placed.order.id).toBe(stored?.id);
    expect(stored).toMatchObject({ userId: user.id, draftHash: "draft-a", status: STATUS.unpaid });
  });

  it("writes exactly the row a Drizzle INSERT of the same values writes: every column, defaults included", async () => {
    const user = await seedUser(booted);
    const recharge = row({ kind: "recharge", orderType: 2, cardType: 2, cardNum: "9000000001234567", lastNumber: "1234567", team: "team", remark: "备注", stationId: null, issuesCard: true });
    for (const values of [row(), row({ remark: "a remark", gasOriginalPrice: 800, gasNowPrice: 730 }), recharge]) {
      const placed = await placeOrder(booted.db, key(user.id, `draft-${values.mchntOrderNo}`), values);
      expect(placed.outcome).toBe("placed");
      const [viaFunction] = await booted.db.select().from(orders).where(eq(orders.mchntOrderNo, values.mchntOrderNo));
      const [viaDrizzle] = await booted.db
        .insert(orders)
        .values({ ...values, userId: user.id, draftHash: "x", mchntOrderNo: `${values.mchntOrderNo}-drizzle` })
        .returning();
      expect({ ...viaFunction, id: 0, draftHash: "x", mchntOrderNo: "" }).toEqual({ ...viaDrizzle, id: 0, mchntOrderNo: "" });
    }
  });

  it("a double tap (the same draft, unpaid, created after the window's start) answers the first order and writes nothing", async () => {
    const user = await seedUser(booted);
    const first = await placeOrder(booted.db, key(user.id), row({ mchntOrderNo: "FO-FIRST" }));
    const again = await placeOrder(booted.db, key(user.id, "draft-a", NOW + DOUBLE_TAP_WINDOW_MS - 1), row({ mchntOrderNo: "FO-SECOND" }));
    expect(again.outcome).toBe("repeat");
    expect(again.outcome === "repeat" && again.order).toEqual(first.outcome === "placed" && first.order);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it("the same draft exactly at the window's end, another draft, or a first order no longer unpaid is a new order", async () => {
    const user = await seedUser(booted);
    await placeOrder(booted.db, key(user.id), row());
    expect((await placeOrder(booted.db, key(user.id, "draft-a", NOW + DOUBLE_TAP_WINDOW_MS), row())).outcome).toBe("placed");
    expect((await placeOrder(booted.db, key(user.id, "draft-b"), row())).outcome).toBe("placed");
    const other = await seedUser(booted);
    const paid = await placeOrder(booted.db, key(other.id), row());
    await booted.db.update(orders).set({ status: STATUS.unused, paidAt: new Date(NOW) }).where(eq(orders.userId, other.id));
    expect(paid.outcome).toBe("placed");
    expect((await placeOrder(booted.db, key(other.id), row())).outcome).toBe("placed");
  });

  it(`the cap: with ${Constants.MAX_UNPAID_ORDERS} unpaid orders in their window a new draft is 'full' and writes nothing; one whose window has closed does not count`, async () => {
    const user = await seedUser(booted);
    for (let i = 0; i < Constants.MAX_UNPAID_ORDERS - 1; i++) expect((await placeOrder(booted.db, key(user.id, `d${i}`), row())).outcome).toBe("placed");
    // The pay window of this one closes at NOW + 1 ms.
    expect((await placeOrder(booted.db, key(user.id, "closing"), row({ payDeadline: new Date(NOW + 1) }))).outcome).toBe("placed");
    expect((await placeOrder(booted.db, key(user.id, "full", NOW), row())).outcome).toBe("full");
    expect(await ordersOf(user.id)).toHaveLength(Constants.MAX_UNPAID_ORDERS);
    // At NOW + 1 the closing order no longer counts: room for one.
    expect((await placeOrder(booted.db, key(user.id, "room", NOW + 1), row())).outcome).toBe("placed");
    expect((await placeOrder(booted.db, key(user.id, "full-again", NOW + 1), row())).outcome).toBe("full");
  });

  it("a double tap is answered even when the customer is at the cap", async () => {
    const user = await seedUser(booted);
    for (let i = 0; i < Constants.MAX_UNPAID_ORDERS; i++) await placeOrder(booted.db, key(user.id, `d${i}`), row());
    expect((await placeOrder(booted.db, key(user.id, `d${Constants.MAX_UNPAID_ORDERS - 1}`), row())).outcome).toBe("repeat");
  });

  it("a merchant order number already used is 'taken' and writes nothing; an unknown customer is 'no-customer'", async () => {
    const user = await seedUser(booted);
    await placeOrder(booted.db, key(user.id), row({ mchntOrderNo: "FO-SAME" }));
    expect(await placeOrder(booted.db, key(user.id, "draft-b"), row({ mchntOrderNo: "FO-SAME" }))).toEqual({ outcome: "taken" });
    expect(await placeOrder(booted.db, key(user.id + 1000), row())).toEqual({ outcome: "no-customer" });
    expect(await ordersOf(user.id)).toHaveLength(1);
  });
});
