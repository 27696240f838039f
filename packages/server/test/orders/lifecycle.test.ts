import { Constants, Order } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { Result } from "effect";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, qrCodes, sandboxChannelOrders } from "../../src/db/schema.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count, expectError, expectSuccess, post } from "../identity/support.ts";
import { call, createOrder, customer, detail, dieselStation, draftFor, payInSandbox, seedCatalogue, type Customer } from "./support.ts";

/**
 * The life of a fuel order after creation (spec §2, §4; issue 4): the order list and its tabs,
 * the detail, cancelling, and the time-driven changes applied at read time (15-minute pay window,
 * 48-hour QR validity), one second before and after each edge.
 */

/** A fixed instant (2025-03-10 10:00 China time): the sandbox clock only moves when a test moves it. */
const BASE_TIME = Date.parse("2025-03-10T02:00:00Z");
const PAY_WINDOW_S = Constants.UNPAID_PAY_WINDOW_SECONDS;
const QR_VALIDITY_S = Constants.FUEL_QR_VALIDITY_MS / 1000;

interface ListedOrder {
  readonly order_id: number;
  readonly order_status: number;
  readonly stationInfo: Record<string, unknown> | null;
}

interface Page {
  readonly total: number;
  readonly current_page: number;
  readonly last_page: number;
  readonly data: readonly ListedOrder[];
}

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp({ systemTime: () => BASE_TIME });
});
afterAll(async () => booted.close());

const fresh = async (): Promise<void> => {
  await booted.reset();
  await seedCatalogue(booted);
};

const list = async (who: Customer, orderStatus: string | number, page = 1): Promise<Page> =>
  expectSuccess<Page>(await call(booted, who, "/api/order/list", { page, order_status: orderStatus }));

const ids = (page: Page): number[] => page.data.map((o) => o.order_id);

const orderRow = async (id: number) => {
  const [row] = await booted.db.select().from(orders).where(eq(orders.id, id));
  if (row === undefined) throw new Error(`no order ${id}`);
  return row;
};

/** A new unpaid order of `who` for `cents` (distinct amounts keep drafts apart from the double-tap guard). */
const newOrder = async (who: Customer, cents: number): Promise<number> => {
  const station = await dieselStation(booted);
  return (await createOrder(booted, who, draftFor(station.id, { order_amount: String(cents) }))).order_id;
};

const pay = async (orderId: number): Promise<void> => {
  expect((await payInSandbox(booted, orderId)).statusCode).toBe(200);
};

const getQr = (who: Customer, mchntOrderNo: string) => call(booted, who, "/api/kepai/getqrcode", { orderNumber: mchntOrderNo });

describe("order/list pages", () => {
  let me: Customer;
  let created: number[];
  beforeAll(async () => {
    await fresh();
    me = await customer(booted);
    created = [];
    for (let i = 0; i < 12; i++) {
      created.push(await newOrder(me, 1001 + i));
      // A customer may hold only 5 unpaid orders: close each (the list shows every status).
      expectSuccess(await call(booted, me, "/api/order/cancel", { order_id: created[i] }));
      // A minute apart, as a customer orders: 12 at once would meet the churn limit (10 in 10 minutes).
      booted.clock.advance(60);
    }
  });

  it("page 1 holds the 10 newest orders, newest first, with total 12 and last_page 2", async () => {
    const page = await list(me, "all", 1);
    expect(ids(page)).toEqual(created.slice(2).reverse());
    expect({ total: page.total, current_page: page.current_page, last_page: page.last_page }).toEqual({ total: 12, current_page: 1, last_page: 2 });
  });

  it("page 2 holds the 2 oldest orders", async () => {
    const page = await list(me, "all", 2);
    expect(ids(page)).toEqual(created.slice(0, 2).reverse());
    expect({ total: page.total, current_page: page.current_page, last_page: page.last_page }).toEqual({ total: 12, current_page: 2, last_page: 2 });
  });

  it("a page past the last is empty but still counts the orders", async () => {
    const page = await list(me, "all", 3);
    expect(page).toEqual({ total: 12, current_page: 3, last_page: 2, data: [] });
  });
});

describe("order/list tabs and codes", () => {
  let me: Customer;
  const made: Record<"expired" | "unpaid" | "unused" | "used" | "cancelled", number> = { expired: 0, unpaid: 0, unused: 0, used: 0, cancelled: 0 };
  beforeAll(async () => {
    await fresh();
    me = await customer(booted);
    made.expired = await newOrder(me, 1001);
    await pay(made.expired);
    booted.clock.advance(QR_VALIDITY_S + 1);
    made.unpaid = await newOrder(me, 1002);
    booted.clock.advance(1);
    made.unused = await newOrder(me, 1003);
    await pay(made.unused);
    booted.clock.advance(1);
    made.used = await newOrder(me, 1004);
    await pay(made.used);
    const qrcode = (await detail(booted, me, made.used)).pay_qrcode;
    expectSuccess(await post(booted, "/api/sandbox/cashier/redeem", { qrcode }));
    booted.clock.advance(1);
    made.cancelled = await newOrder(me, 1005);
    expectSuccess(await call(booted, me, "/api/order/cancel", { order_id: made.cancelled }));
    booted.clock.advance(1);
    // Someone else's order in every status this customer has: none may show up in the lists.
    const other = await customer(booted);
    await newOrder(other, 1006);
    const otherPaid = await newOrder(other, 1007);
    await pay(otherPaid);
  });

  const everyOne = (): number[] => [made.cancelled, made.used, made.unused, made.unpaid, made.expired];

  it.each([
    ["unpaid", () => [made.unpaid], 1],
    ["unused", () => [made.unused], 2],
    ["used", () => [made.used], 3],
    ["expired", () => [made.expired], 8],
  ] as const)("the '%s' tab lists exactly the orders in that status", async (tab, expected, status) => {
    const page = await list(me, tab);
    expect(ids(page)).toEqual(expected());
    expect(page.data.every((o) => o.order_status === status)).toBe(true);
    expect(page.total).toBe(1);
  });

  it("the 'all' tab lists every one of the customer's orders, newest first", async () => {
    const page = await list(me, "all");
    expect(ids(page)).toEqual(everyOne());
    expect(page.data.map((o) => o.order_status)).toEqual([9, 3, 2, 1, 8]);
  });

  it("code 0 lists what 'all' lists", async () => {
    expect(ids(await list(me, 0))).toEqual(everyOne());
  });

  it("code 9 lists the cancelled orders", async () => {
    expect(ids(await list(me, 9))).toEqual([made.cancelled]);
  });

  it("a status code lists exactly that status (2 unused, 8 expired, 6 none)", async () => {
    expect(ids(await list(me, 2))).toEqual([made.unused]);
    expect(ids(await list(me, 8))).toEqual([made.expired]);
    expect(await list(me, 6)).toEqual({ total: 0, current_page: 1, last_page: 1, data: [] });
  });
});

describe("order/list contents", () => {
  beforeEach(fresh);

  it("each order carries its station as stationInfo", async () => {
    const me = await customer(booted);
    const station = await dieselStation(booted);
    await newOrder(me, 1001);
    const [item] = (await list(me, "all")).data;
    expect(item?.stationInfo).toMatchObject({
      id: station.id,
      title: station.title,
      address: station.address,
      now_price: station.nowPrice,
      original_price: station.originalPrice,
      sell_type: station.sellType,
    });
  });

  it("another customer's orders never appear", async () => {
    const alice = await customer(booted);
    const bob = await customer(booted);
    const a = await newOrder(alice, 1001);
    const b = await newOrder(bob, 1002);
    expect(ids(await list(alice, "all"))).toEqual([a]);
    expect(ids(await list(bob, "all"))).toEqual([b]);
    expect(ids(await list(bob, "unpaid"))).toEqual([b]);
  });

  it("a customer without orders gets an empty first page", async () => {
    const me = await customer(booted);
    await newOrder(await customer(booted), 1001);
    expect(await list(me, "all")).toEqual({ total: 0, current_page: 1, last_page: 1, data: [] });
  });
});

describe("order/detail", () => {
  beforeEach(fresh);

  it("the customer's own order is shown", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    const shown = await detail(booted, me, id);
    expect(shown["order_id"]).toBe(id);
    expect(shown["order_amount"]).toBe(1001);
    expect(shown.order_status).toBe(1);
  });

  it("another customer's order is 404 order not found", async () => {
    const alice = await customer(booted);
    const bob = await customer(booted);
    const id = await newOrder(alice, 1001);
    expectError(await call(booted, bob, "/api/order/detail", { order_id: id }), 404, "order not found");
  });

  it("an unknown order id is 404 order not found", async () => {
    const me = await customer(booted);
    expectError(await call(booted, me, "/api/order/detail", { order_id: 987_654 }), 404, "order not found");
  });
});

describe("order/cancel", () => {
  beforeEach(fresh);

  const cancel = (who: Customer, orderId: number) => call(booted, who, "/api/order/cancel", { order_id: orderId });

  it("an unpaid order is cancelled: the answer, the detail and the list say 9", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    expect(expectSuccess(await cancel(me, id))).toEqual({ order_id: id, order_status: 9 });
    expect((await detail(booted, me, id)).order_status).toBe(9);
    expect((await list(me, "all")).data.map((o) => [o.order_id, o.order_status])).toEqual([[id, 9]]);
    expect(ids(await list(me, "unpaid"))).toEqual([]);
  });

  it("a paid order cannot be cancelled (409) and stays unused", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    await pay(id);
    const before = await orderRow(id);
    expectError(await cancel(me, id), 409, "only an unpaid order can be cancelled");
    expect(await orderRow(id)).toEqual(before);
    expect(before.status).toBe(2);
  });

  it("another customer's order is 404 and stays unpaid", async () => {
    const alice = await customer(booted);
    const bob = await customer(booted);
    const id = await newOrder(alice, 1001);
    const before = await orderRow(id);
    expectError(await cancel(bob, id), 404, "order not found");
    expect(await orderRow(id)).toEqual(before);
  });

  it("a cancelled order can no longer be paid: the sandbox channel closed it (409)", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    expectSuccess(await cancel(me, id));
    const [ledger] = await booted.db.select().from(sandboxChannelOrders).where(eq(sandboxChannelOrders.mchntOrderNo, (await orderRow(id)).mchntOrderNo));
    expect(ledger?.tradeState).toBe("CLOSED");
    expectError(await payInSandbox(booted, id), 409);
    expect((await orderRow(id)).status).toBe(9);
    expect(await count(booted.db, "payments")).toBe(0);
  });
});

describe("expiry at read time", () => {
  beforeEach(fresh);

  it("an unpaid order is still unpaid, with 1 second left, one second before its 15-minute window closes", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    booted.clock.advance(PAY_WINDOW_S - 1);
    const shown = await detail(booted, me, id);
    expect([shown.order_status, shown.count]).toEqual([1, 1]);
    expect((await orderRow(id)).status).toBe(1);
  });

  it("an unpaid order becomes cancelled one second after its 15-minute window, and the change is stored", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    const createdAt = booted.clock.now();
    booted.clock.advance(PAY_WINDOW_S + 1);
    const shown = await detail(booted, me, id);
    expect([shown.order_status, shown.count]).toEqual([9, 0]);
    const row = await orderRow(id);
    expect(row.status).toBe(9);
    expect(row.closedAt?.getTime()).toBe(createdAt + PAY_WINDOW_S * 1000);
  });

  it("the order list applies the 15-minute window too", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    booted.clock.advance(PAY_WINDOW_S + 1);
    expect(ids(await list(me, "unpaid"))).toEqual([]);
    expect(ids(await list(me, 9))).toEqual([id]);
    expect((await orderRow(id)).status).toBe(9);
  });

  it("a paid fuel order is unused with its QR code one second before 48 hours after payment", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    await pay(id);
    booted.clock.advance(QR_VALIDITY_S - 1);
    const shown = await detail(booted, me, id);
    expect(shown.order_status).toBe(2);
    expect(shown.pay_qrcode).not.toBeNull();
    const [code] = await booted.db.select().from(qrCodes).where(eq(qrCodes.orderId, id));
    expect(code?.code).toBe(shown.pay_qrcode);
    expect(code?.voidedAt).toBeNull();
    const qr = expectSuccess<{ respCode: string; qrcode: string }>(await getQr(me, shown.mchnt_order_no));
    expect(qr.qrcode).toBe(shown.pay_qrcode);
  });

  it("a paid fuel order becomes expired one second after 48 hours from payment, stored, its QR code voided", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    await pay(id);
    const code = (await detail(booted, me, id)).pay_qrcode;
    expect(code).not.toBeNull();
    booted.clock.advance(QR_VALIDITY_S + 1);
    const shown = await detail(booted, me, id);
    expect([shown.order_status, shown.pay_qrcode]).toEqual([8, null]);
    expect((await orderRow(id)).status).toBe(8);
    const codes = await booted.db.select().from(qrCodes).where(eq(qrCodes.orderId, id));
    expect(codes.map((c) => c.code)).toEqual([code]);
    expect(codes[0]?.voidedAt).not.toBeNull();
  });

  it("getqrcode refuses an order past 48 hours: this QR code has expired", async () => {
    const me = await customer(booted);
    const id = await newOrder(me, 1001);
    await pay(id);
    const mchntOrderNo = (await orderRow(id)).mchntOrderNo;
    booted.clock.advance(QR_VALIDITY_S + 1);
    expectError(await getQr(me, mchntOrderNo), 409, "this QR code has expired");
    expect(await count(booted.db, "qr_codes")).toBe(1);
  });

  it("around the 15-minute deadline the reported status and count are what Order.transition and Order.secondsLeftToPay say", async () => {
    const me = await customer(booted);
    const offsetMs = fc.oneof(fc.constantFrom(-1000, -1, 0, 1, 1000), fc.integer({ min: -3000, max: 3000 }));
    await fc.assert(
      fc.asyncProperty(offsetMs, async (offset) => {
        const createdAt = booted.clock.now();
        const id = await newOrder(me, 1001);
        const stored = Result.getOrThrow(Order.transition(Order.DRAFT, Order.OrderEvent.Create({ kind: "fuel" }), createdAt));
        booted.clock.advance((PAY_WINDOW_S * 1000 + offset) / 1000);
        const now = booted.clock.now();
        const expired = Order.transition(stored, Order.OrderEvent.ExpireUnpaid(), now);
        const expected = Result.isSuccess(expired)
          ? { status: Order.statusCode(expired.success.status), count: 0 }
          : { status: Order.statusCode(stored.status), count: Order.secondsLeftToPay(stored, now) };
        const shown = await detail(booted, me, id);
        expect({ status: shown.order_status, count: shown.count }).toEqual(expected);
        // The next run is a new order, not a double tap of this one.
        booted.clock.advance(6);
      }),
      { numRuns: 20 },
    );
  });
});
