import { Order, Time } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { auditLog, orders } from "../../../src/db/schema.ts";
import type { BootedApp } from "../../helpers/app.ts";
import { moneyTestSetUp } from "../../helpers/moneyApp.ts";
import { expectSuccess } from "../../identity/support.ts";
import { customer } from "../../orders/support.ts";
import { deskGet, signedInStaff, tagOf } from "../support.ts";

/**
 * The admin's order list and its CSV (issue 34): filters (search key, status, type, station,
 * China days) all together, pages with the total, sorted on the server by created time or amount,
 * and an export of exactly what the filters select, in words; bad input 400 with its reason.
 */

// 2024-11-26 10:00 China time.
const SYSTEM_NOW = Date.parse("2024-11-26T02:00:00Z");

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

const admin = async () => (await signedInStaff(booted, "ada.admin", "admin")).cookie;

interface Listed {
  orders: Array<{ order_id: number; amount: number; order_status: number; created_at: string }>;
  total: number;
  page: number;
  page_size: number;
}

interface Seeded {
  readonly id: number;
  readonly category: Order.OrderCategory;
  readonly status: number;
  readonly amount: number;
  readonly createdAt: number;
  readonly stationId: number | null;
}

let numbered = 0;

/** One order row as the server stores it, written directly so every kind, status, day and amount can be set. */
const seedOrder = async (
  userId: number,
  o: { category: Order.OrderCategory; status: number; amount: number; day: string; hour?: number; stationId?: number | null; phone?: string },
): Promise<Seeded> => {
  const createdAt = Time.parseChinaDay(o.day)!.start + (o.hour ?? 9) * 3_600_000;
  const fuel = o.category === "fuel";
  const cardType = fuel ? null : o.category === "virtualRecharge" || o.category === "cardPurchase" ? 2 : o.category === "topUpReplacement" ? 3 : 1;
  const paid = o.status !== 1 && o.status !== 9;
  const [row] = await booted.db
    .insert(orders)
    .values({
      userId,
      kind: fuel ? "fuel" : "recharge",
      status: o.status,
      orderType: fuel ? 2 : 1,
      cardType,
      gasType: "0#",
      orderAmount: o.amount as never,
      amount: o.amount as never,
      stationId: fuel ? (o.stationId === undefined ? stationId : o.stationId) : null,
      phone: o.phone ?? "13800138000",
      paytype: "wechat",
      mchntOrderNo: `FOTEST${String(++numbered).padStart(8, "0")}`,
      draftHash: `hash${numbered}`,
      createdAt: new Date(createdAt),
      // Unpaid ones still in their pay window, paid ones within their QR code's 48 h: time decides nothing here.
      payDeadline: new Date(SYSTEM_NOW + 3_600_000),
      paidAt: paid ? new Date(SYSTEM_NOW - 3_600_000) : null,
      cardNum: fuel ? null : "1000113200001234",
      issuesCard: o.category === "cardPurchase",
    })
    .returning({ id: orders.id });
  return { id: row!.id, category: o.category, status: o.status, amount: o.amount, createdAt, stationId: fuel ? (o.stationId === undefined ? stationId : o.stationId) : null };
};

/** A mix of every category and several statuses over three China days (24th to 26th November). */
const seedMix = async (): Promise<Seeded[]> => {
  const me = await customer(booted, "13912345678");
  const plan: Array<Parameters<typeof seedOrder>[1]> = [
    { category: "fuel", status: 2, amount: 20000, day: "2024-11-24" },
    { category: "fuel", status: 3, amount: 5000, day: "2024-11-25", hour: 23 },
    { category: "fuel", status: 6, amount: 7000, day: "2024-11-26", hour: 0 },
    { category: "entityRecharge", status: 2, amount: 50000, day: "2024-11-25" },
    { category: "virtualRecharge", status: 6, amount: 30000, day: "2024-11-26", hour: 8 },
    { category: "topUpReplacement", status: 3, amount: 10000, day: "2024-11-24", hour: 23 },
    { category: "cardPurchase", status: 2, amount: 15000, day: "2024-11-26", hour: 9 },
    { category: "fuel", status: 1, amount: 12345, day: "2024-11-26", hour: 9 },
  ];
  const seeded: Seeded[] = [];
  for (const o of plan) seeded.push(await seedOrder(me.id, o));
  return seeded;
};

const list = async (cookie: string, query: string): Promise<Listed> => expectSuccess<Listed>(await deskGet(booted, `/api/desk/orders?${query}`, { cookie }));
const ids = (l: Listed) => l.orders.map((o) => o.order_id);
const newestFirst = (rows: readonly Seeded[]) => [...rows].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).map((r) => r.id);

describe("the admin's order list", () => {
  it("with no filter lists every order newest first, 20 a page, with the total", async () => {
    const cookie = await admin();
    const seeded = await seedMix();
    const all = await list(cookie, "");
    expect(all).toMatchObject({ total: seeded.length, page: 1, page_size: 20 });
    expect(ids(all)).toEqual(newestFirst(seeded));
  });

  it("each type keeps exactly the orders of that category (Order.categoryOf), each order under one type", async () => {
    const cookie = await admin();
    const seeded = await seedMix();
    const found = new Map<number, string>();
    for (const category of Order.ORDER_CATEGORIES) {
      const page = await list(cookie, `type=${category}`);
      expect(new Set(ids(page)), category).toEqual(new Set(seeded.filter((s) => s.category === category).map((s) => s.id)));
      for (const id of ids(page)) {
        expect(found.has(id), `order ${id} under two types`).toBe(false);
        found.set(id, category);
      }
    }
    expect(found.size).toBe(seeded.length);
  });

  it("status, station and China days filter together; both days are included whole", async () => {
    const cookie = await admin();
    const seeded = await seedMix();
    const paid = await list(cookie, "status=2");
    expect(new Set(ids(paid))).toEqual(new Set(seeded.filter((s) => s.status === 2).map((s) => s.id)));

    // 2024-11-25 23:00 and 2024-11-26 00:00 China time sit on either side of midnight.
    const day25 = await list(cookie, "from=2024-11-25&to=2024-11-25");
    expect(new Set(ids(day25))).toEqual(new Set(seeded.filter((s) => Time.chinaDayText(s.createdAt) === "2024-11-25").map((s) => s.id)));
    const fromThe25th = await list(cookie, "from=2024-11-25");
    expect(new Set(ids(fromThe25th))).toEqual(new Set(seeded.filter((s) => s.createdAt >= Time.parseChinaDay("2024-11-25")!.start).map((s) => s.id)));

    const together = await list(cookie, `status=2&type=fuel&station_id=${stationId}&from=2024-11-24&to=2024-11-26`);
    expect(ids(together)).toEqual(seeded.filter((s) => s.status === 2 && s.category === "fuel").map((s) => s.id));
    expect((await list(cookie, "station_id=999999")).total).toBe(0);
  });

  it("pages hold every order once; a page past the end answers the last page", async () => {
    const cookie = await admin();
    const seeded = await seedMix();
    expect(ids(await list(cookie, "page=1&page_size=10"))).toEqual(newestFirst(seeded));
    const me = await customer(booted, "13700000000");
    for (let i = 0; i < 15; i += 1) await seedOrder(me.id, { category: "fuel", status: 3, amount: 1000 + i, day: "2024-11-20" });
    const first = await list(cookie, "page_size=10");
    const second = await list(cookie, "page_size=10&page=2");
    const third = await list(cookie, "page_size=10&page=3");
    expect([first.total, first.orders.length, second.orders.length, third.orders.length]).toEqual([23, 10, 10, 3]);
    expect(new Set([...ids(first), ...ids(second), ...ids(third)]).size).toBe(23);
    const beyond = await list(cookie, "page_size=10&page=9");
    expect([beyond.page, ids(beyond)]).toEqual([3, ids(third)]);
  });

  it("sorts on the server by amount or created time, either way, ties by id", async () => {
    const cookie = await admin();
    const seeded = await seedMix();
    const byAmount = [...seeded].sort((a, b) => a.amount - b.amount || a.id - b.id).map((s) => s.id);
    expect(ids(await list(cookie, "sort=amount"))).toEqual(byAmount);
    expect(ids(await list(cookie, "sort=amount&dir=asc"))).toEqual(byAmount);
    expect(ids(await list(cookie, "sort=amount&dir=desc"))).toEqual([...byAmount].reverse());
    expect(ids(await list(cookie, "sort=created_at&dir=asc"))).toEqual(newestFirst(seeded).reverse());
    // The amount sort across pages: the second page carries on where the first stopped.
    const top = await list(cookie, "sort=amount&dir=desc&page_size=10");
    expect(top.orders.map((o) => o.amount)).toEqual([...seeded].map((s) => s.amount).sort((a, b) => b - a));
  });

  it("keeps the one-box search: a phone, an order id or a merchant number, with the other filters", async () => {
    const cookie = await admin();
    const seeded = await seedMix();
    const other = await customer(booted, "13700000000");
    const theirs = await seedOrder(other.id, { category: "fuel", status: 2, amount: 999, day: "2024-11-26", phone: "13700000000" });
    expect(ids(await list(cookie, `phone=${encodeURIComponent("+86 137 0000 0000")}`))).toEqual([theirs.id]);
    expect(ids(await list(cookie, `order_id=${seeded[0]!.id}`))).toEqual([seeded[0]!.id]);
    expect(ids(await list(cookie, `order_id=${seeded[0]!.id}&status=3`))).toEqual([]);
    expect((await list(cookie, "merchant_no=FO-none")).total).toBe(0);
  });

  it("applies what time has decided first: an unpaid order past its pay deadline lists as cancelled", async () => {
    const cookie = await admin();
    const me = await customer(booted);
    const due = await seedOrder(me.id, { category: "fuel", status: 1, amount: 1000, day: "2024-11-26" });
    await booted.db.update(orders).set({ payDeadline: new Date(SYSTEM_NOW - 1) });
    expect(ids(await list(cookie, "status=1"))).toEqual([]);
    expect(ids(await list(cookie, "status=9"))).toEqual([due.id]);
  });

  it("refuses bad input with 400 and its reason, never a 500", async () => {
    const cookie = await admin();
    for (const [query, tag] of [
      ["phone=13912345678&order_id=1", "OrderSearchInvalid"],
      ["phone=12345", "PhoneInvalid"],
      ["from=2024-11-26&to=2024-11-25", "DayRangeReversed"],
    ] as const) {
      const res = await deskGet(booted, `/api/desk/orders?${query}`, { cookie });
      expect([res.statusCode, tagOf(res)], query).toEqual([400, tag]);
      const csv = await deskGet(booted, `/api/desk/orders/export?${query}`, { cookie });
      expect([csv.statusCode, tagOf(csv)], `export ${query}`).toEqual([400, tag]);
    }
    const reversed = await deskGet(booted, "/api/desk/orders?from=2024-11-26&to=2024-11-25", { cookie });
    expect(reversed.json<{ message: string }>().message).toBe("the first day (2024-11-26) is after the last (2024-11-25)");
    for (const query of ["status=4", "type=gold", "from=2024-02-30", "from=26/11/2024", "sort=phone", "dir=up", "page=0", "page_size=7", "station_id=-1", "lang=fr"]) {
      const res = await deskGet(booted, `/api/desk/${query.startsWith("lang") ? "orders/export" : "orders"}?${query}`, { cookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ status: string; message: string }>().message.length, query).toBeGreaterThan(0);
    }
  });

  it("only an admin lists and exports: distributor and cashier 403, no session 401", async () => {
    const distributor = (await signedInStaff(booted, "dee.distributor", "distributor")).cookie;
    for (const url of ["/api/desk/orders", "/api/desk/orders/export"]) {
      const res = await deskGet(booted, url, { cookie: distributor });
      expect([res.statusCode, tagOf(res)], url).toEqual([403, "StaffActionForbidden"]);
      expect((await deskGet(booted, url)).statusCode, url).toBe(401);
    }
  });
});

describe("the admin's order CSV", () => {
  const rowsOf = (body: string): string[][] =>
    body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));

  it("holds exactly the orders the filters select, every page, in the list's order; amounts in yuan, words, China times", async () => {
    const cookie = await admin();
    const seeded = await seedMix();
    const query = "status=2&from=2024-11-24&to=2024-11-25&sort=amount&dir=desc";
    const res = await deskGet(booted, `/api/desk/orders/export?${query}&lang=zh-CN`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers["content-disposition"]).toContain("orders.csv");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual(["订单号", "商户订单号", "下单时间", "类型", "状态", "油站或加油卡", "客户手机号", "订单金额（元）", "实付金额（元）", "支付时间"]);
    expect(rows.map((r) => Number(r[0]))).toEqual(ids(await list(cookie, query)));
    expect(rows.map((r) => Number(r[0]))).toEqual(
      seeded
        .filter((s) => s.status === 2 && Time.chinaDayText(s.createdAt) <= "2024-11-25")
        .sort((a, b) => b.amount - a.amount)
        .map((s) => s.id),
    );
    // The 200-yuan fuel order of the 24th, 09:00 China time, and the 500-yuan entity recharge.
    expect(rows.find((r) => r[7] === "200.00")).toEqual([expect.any(String), expect.stringMatching(/^FOTEST/), "2024-11-24 09:00:00", "加油", "待使用", expect.any(String), "13800138000", "200.00", "200.00", "2024-11-26 09:00:00"]);
    expect(rows.find((r) => r[7] === "500.00")?.slice(3, 6)).toEqual(["实体卡充值", "已支付", "1000113200001234"]);
  });

  it("answers in English by default, and a header alone when nothing matches", async () => {
    const cookie = await admin();
    await seedMix();
    const [header, ...rows] = rowsOf((await deskGet(booted, "/api/desk/orders/export?type=cardPurchase", { cookie })).body);
    expect(header?.[0]).toBe("Order number");
    expect(rows.map((r) => [r[3], r[4]])).toEqual([["Card purchase", "Paid"]]);
    expect(rowsOf((await deskGet(booted, "/api/desk/orders/export?station_id=999999", { cookie })).body)).toHaveLength(1);
  });

  it("is read only: listing and exporting write no audit row", async () => {
    const cookie = await admin();
    await seedMix();
    const before = (await booted.db.select().from(auditLog)).length;
    await list(cookie, "status=2");
    await deskGet(booted, "/api/desk/orders/export", { cookie });
    expect(await booted.db.select().from(auditLog)).toHaveLength(before);
  });
});
