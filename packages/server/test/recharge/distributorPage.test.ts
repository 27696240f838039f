import { Pricing } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { Result } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../src/db/schema.ts";
import type { OauthProvider } from "../../src/providers/oauth/OauthProvider.ts";
import type { SmsProvider } from "../../src/providers/sms/SmsProvider.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, rechargeDraftFor } from "../helpers/moneyApp.ts";
import { count, expectError, expectSuccess } from "../identity/support.ts";
import { call, createOrder, customer, detail, draftFor, payInSandbox, type Customer } from "../orders/support.ts";

/**
 * The sandbox card distributor's page (DESIGN.md §4, `GET/POST /sandbox/distributor`): the paid
 * recharge orders and card purchases waiting to be settled, 'Done' and 'Reject' with a reason,
 * through the same `settleRecharge` as `POST /api/sandbox/recharge/settle`; a refusal in words on
 * the page, nothing changed; a same-origin `back` only; 404 in production.
 */

/** 2024-11-24 18:00 China time, before the maintenance window (as the recharge tests). */
const SYSTEM_NOW = Date.parse("2024-11-24T10:00:00Z");
const PAGE = "/sandbox/distributor";

let booted: BootedApp;
let stationId: number;

moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

const page = (query = ""): Promise<LightMyRequestResponse> => booted.app.inject({ method: "GET", url: `${PAGE}${query}` });

/** Presses a button of the page: its form, urlencoded, as a browser posts it. */
const submit = (fields: Record<string, string>): Promise<LightMyRequestResponse> =>
  booted.app.inject({
    method: "POST",
    url: PAGE,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });

const paidRecharge = async (who: Customer, cents = 50_000): Promise<number> => {
  const { order_id } = expectSuccess<{ order_id: number }>(await call(booted, who, "/api/rechargeorder/create", rechargeDraftFor(stationId, { order_amount: String(cents) })));
  expectSuccess(await payInSandbox(booted, order_id));
  return order_id;
};

const paidPurchase = async (who: Customer, cents = 100_000): Promise<number> => {
  const body = { order_amount: String(cents), amount: Pricing.cardPurchaseQuote(cents as never).payable, phone: who.phone, paytype: "fy" };
  const { order_id } = expectSuccess<{ order_id: number }>(await call(booted, who, "/api/rechargeorder/buycard", body));
  expectSuccess(await payInSandbox(booted, order_id));
  return order_id;
};

const row = async (orderId: number) => {
  const [order] = await booted.db.select().from(orders).where(eq(orders.id, orderId));
  if (order === undefined) throw new Error(`no order ${orderId}`);
  return order;
};

/** Every table a settlement writes. */
const snapshot = async (orderId: number) => ({
  order: await row(orderId),
  cards: await count(booted.db, "cards"),
  payments: await count(booted.db, "payments"),
  qr_codes: await count(booted.db, "qr_codes"),
});

/** The ids of the orders the page lists, in its order. */
const listed = (html: string): number[] => [...html.matchAll(/<article class="order" id="order-(\d+)"/g)].map((m) => Number(m[1]));

const expectHtml = (res: LightMyRequestResponse, status: number): string => {
  expect(res.statusCode).toBe(status);
  expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.body;
};

describe("GET /sandbox/distributor lists the orders waiting for the distributor", () => {
  it("paid recharges and card purchases, newest first; not unpaid ones, not fuel orders, not settled ones", async () => {
    const me = await customer(booted, "13700137000");
    const unpaid = expectSuccess<{ order_id: number }>(await call(booted, me, "/api/rechargeorder/create", rechargeDraftFor(stationId, { order_amount: "30000" }))).order_id;
    const fuel = (await createOrder(booted, me, draftFor(stationId))).order_id;
    expectSuccess(await payInSandbox(booted, fuel));
    const first = await paidRecharge(me, 50_000);
    booted.clock.advance(60);
    const purchase = await paidPurchase(me);
    booted.clock.advance(60);
    const settled = await paidRecharge(me, 60_000);
    expectSuccess(await booted.app.inject({ method: "POST", url: "/api/sandbox/recharge/settle", payload: { order_id: settled, result: "done" } }));

    const html = expectHtml(await page(), 200);
    expect(listed(html)).toEqual([purchase, first]);
    expect(listed(html)).not.toContain(unpaid);
    expect(listed(html)).not.toContain(fuel);
  });

  it("shows what a distributor sees: order number, card's last 7 digits or 'new virtual card', team, amount in yuan, phone, paid time in China time; Done and Reject with a reason", async () => {
    const me = await customer(booted, "13700137000");
    const recharge = await paidRecharge(me, 50_000);
    const purchase = await paidPurchase(me);
    const html = expectHtml(await page(), 200);
    const rechargeRow = await row(recharge);
    const card = html.slice(html.indexOf(`id="order-${recharge}"`), html.indexOf("</article>", html.indexOf(`id="order-${recharge}"`)));
    expect(card).toContain(`Order ${recharge} · recharge`);
    expect(card).toContain(`<dd>${rechargeRow.mchntOrderNo}</dd>`);
    expect(card).toContain("<dd>Entity card ····1234567</dd>");
    expect(card).toContain("<dd>珠江物流车队</dd>");
    expect(card).toContain("<dd>¥500.00</dd>");
    expect(card).toContain(`<dd>¥${(rechargeRow.amount / 100).toFixed(2)}</dd>`);
    expect(card).toContain("<dd>13912345678</dd>");
    expect(card).toContain("<dd>2024-11-24 18:00:00 (China time)</dd>");
    expect(card).toContain('<button type="submit" class="done">Done</button>');
    expect(card).toContain('<button type="submit" class="reject">Reject</button>');
    expect(card).toContain(`<label for="reason-${recharge}">Rejection reason (required; the customer reads it)</label>`);
    expect(card).toContain(`<input type="hidden" name="order_id" value="${recharge}">`);

    const purchaseCard = html.slice(html.indexOf(`id="order-${purchase}"`));
    expect(purchaseCard).toContain(`Order ${purchase} · card purchase`);
    expect(purchaseCard).toContain("<dd>New virtual card (issued when you press Done)</dd>");
    expect(purchaseCard).toContain("<dd>¥1000.00</dd>");
  });

  it("has no script (the CSP allows none inline) and posts its forms to itself", async () => {
    const me = await customer(booted);
    await paidRecharge(me);
    const html = expectHtml(await page(), 200);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`<form method="post" action="${PAGE}" class="done-form">`);
    expect(html).toContain(`<form method="post" action="${PAGE}" class="reject-form">`);
  });

  it("says so when nothing is waiting", async () => {
    expect(expectHtml(await page(), 200)).toContain("No order is waiting for the distributor.");
  });

  it("escapes a hostile team and remark", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    await booted.db
      .update(orders)
      .set({ team: `<script>alert("team")</script>`, remark: `"><img src=x onerror=alert('remark')>` })
      .where(eq(orders.id, orderId));
    const html = expectHtml(await page(`?order_id=${orderId}&back=${encodeURIComponent(`/orderDetail/2/${orderId}?x="><b>`)}`), 200);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('"><b>');
    expect(html).toContain("&lt;script&gt;alert(&quot;team&quot;)&lt;/script&gt;");
    expect(html).toContain("&quot;&gt;&lt;img src=x onerror=alert(&#39;remark&#39;)&gt;");
  });

  it("?order_id=N shows that order only, with a link to all; one not waiting is said so", async () => {
    const me = await customer(booted);
    const a = await paidRecharge(me, 50_000);
    booted.clock.advance(60);
    const b = await paidRecharge(me, 60_000);
    const html = expectHtml(await page(`?order_id=${a}`), 200);
    expect(listed(html)).toEqual([a]);
    expect(html).toContain(`<a class="all" href="${PAGE}">All waiting orders</a>`);
    expect(listed(expectHtml(await page(), 200))).toEqual([b, a]);
    const gone = expectHtml(await page("?order_id=999999"), 200);
    expect(listed(gone)).toEqual([]);
    expect(gone).toContain("Order 999999 is not waiting for the distributor");
    expect(expectHtml(await page("?order_id=abc"), 400)).toContain("order_id must be a whole number above 0.");
  });

  it("a same-origin ?back= is carried by both forms and offered as 'Back to the app'", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const html = expectHtml(await page(`?order_id=${orderId}&back=${encodeURIComponent(`/orderDetail/2/${orderId}`)}`), 200);
    expect(html.match(new RegExp(`<input type="hidden" name="back" value="/orderDetail/2/${orderId}">`, "g"))).toHaveLength(2);
    expect(html).toContain(`<a class="back" href="/orderDetail/2/${orderId}">Back to the app</a>`);
  });

  it("a foreign ?back= is refused in words and carried nowhere", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    for (const back of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"]) {
      const html = expectHtml(await page(`?order_id=${orderId}&back=${encodeURIComponent(back)}`), 400);
      expect(html).toContain("The back address must be a path or address on this server: refused.");
      expect(html).not.toContain('name="back"');
      expect(html).not.toContain("evil.example");
      expect(html).not.toContain("javascript:");
    }
  });
});

describe("POST /sandbox/distributor settles through settleRecharge", () => {
  it("Done: the recharge is done (3), 303 back to the list, which says so and no longer lists it", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const res = await submit({ order_id: String(orderId), result: "done" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PAGE}?settled=${orderId}`);
    expect((await row(orderId)).status).toBe(3);
    expect((await detail(booted, me, orderId)).order_status).toBe(3);
    const html = expectHtml(await page(`?settled=${orderId}`), 200);
    expect(html).toContain(`Order ${orderId} is done: the card is topped up`);
    expect(listed(html)).toEqual([]);
  });

  it("Done on a card purchase issues its virtual card to the order's phone", async () => {
    const me = await customer(booted, "13700137000");
    const orderId = await paidPurchase(me);
    const cardsBefore = await count(booted.db, "cards");
    expect((await submit({ order_id: String(orderId), result: "done" })).statusCode).toBe(303);
    const after = await row(orderId);
    expect(after.status).toBe(3);
    expect(after.cardNum).not.toBeNull();
    expect(after.lastNumber).toBe(after.cardNum?.slice(-7));
    expect(await count(booted.db, "cards")).toBe(cardsBefore + 1);
    const cards = expectSuccess<{ virtual_list: Array<{ card_num: string }> }>(
      await booted.app.inject({ method: "GET", url: "/api/recharge/cardlist", headers: { authorization: `Bearer ${me.token}` } }),
    );
    expect(cards.virtual_list.map((c) => c.card_num)).toContain(after.cardNum);
  });

  it("Reject with a reason: rejected (6), the reason kept, refunded (refund_status 3)", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const res = await submit({ order_id: String(orderId), result: "rejected", reason: "  card frozen by the distributor  " });
    expect(res.statusCode).toBe(303);
    const after = await row(orderId);
    expect(after.status).toBe(6);
    expect(after.reason).toBe("card frozen by the distributor");
    const d = await detail(booted, me, orderId);
    expect(d.order_status).toBe(6);
    expect(d["reason"]).toBe("card frozen by the distributor");
    expect(d.refund_status).toBe(3);
    expect(expectHtml(await page(`?settled=${orderId}`), 200)).toContain(`Order ${orderId} is rejected: the customer is refunded`);
  });

  it("Reject without a reason (empty, blank, absent): the page says 'a rejection needs a reason', the order still there, nothing changed", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const before = await snapshot(orderId);
    for (const reason of ["", "   ", undefined]) {
      const res = await submit({ order_id: String(orderId), result: "rejected", back: `/orderDetail/2/${orderId}`, ...(reason === undefined ? {} : { reason }) });
      const html = expectHtml(res, 400);
      expect(html).toContain(`<p class="notice error" role="alert">Order ${orderId} was not settled: a rejection needs a reason.</p>`);
      expect(listed(html)).toEqual([orderId]);
      expect(html).toContain(`<input type="hidden" name="back" value="/orderDetail/2/${orderId}">`);
      expect(await snapshot(orderId)).toEqual(before);
    }
  });

  it("an order no longer waiting (already settled) is refused in words (409), nothing changed", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    expect((await submit({ order_id: String(orderId), result: "done" })).statusCode).toBe(303);
    const before = await snapshot(orderId);
    const html = expectHtml(await submit({ order_id: String(orderId), result: "rejected", reason: "too late" }), 409);
    expect(html).toContain(`Order ${orderId} was not settled: this order is already settled.`);
    expect(await snapshot(orderId)).toEqual(before);
  });

  it("an unknown order or a malformed form is refused in words", async () => {
    expect(expectHtml(await submit({ order_id: "999999", result: "done" }), 404)).toContain("Order 999999 was not settled: order not found.");
    expect((await submit({ order_id: "x", result: "done" })).statusCode).toBe(400);
    expect((await submit({ order_id: "1", result: "maybe" })).statusCode).toBe(400);
  });

  it("a same-origin back: 303 there after settling", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const res = await submit({ order_id: String(orderId), result: "done", back: `/orderDetail/2/${orderId}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/orderDetail/2/${orderId}`);
    expect((await row(orderId)).status).toBe(3);
  });

  it("a foreign back is refused before anything is settled", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const before = await snapshot(orderId);
    for (const back of ["https://evil.example/", "//evil.example/", "/\\evil.example/", "javascript:alert(1)"]) {
      const res = await submit({ order_id: String(orderId), result: "done", back });
      expect(expectHtml(res, 400)).toContain("The back address must be a path or address on this server: refused.");
      expect(res.headers.location).toBeUndefined();
      expect(await snapshot(orderId)).toEqual(before);
    }
  });

  it("the JSON API still refuses a urlencoded body (only the page's own route parses forms)", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const res = await booted.app.inject({
      method: "POST",
      url: "/api/sandbox/recharge/settle",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `order_id=${orderId}&result=done`,
    });
    expectError(res, 415);
    expect((await row(orderId)).status).toBe(2);
  });
});

describe("in production mode", () => {
  const oauth: OauthProvider = { kind: "production", exchange: async () => Result.succeed({ openid: "o6_x", nickname: "x", avatarUrl: "", followsOfficialAccount: true }) };
  const sms: SmsProvider = { kind: "production", send: async () => Result.succeed(undefined) };
  let production: BootedApp;
  beforeAll(async () => {
    production = await bootApp({ config: { mode: "production" }, providers: { oauth, sms } });
  });
  afterAll(async () => production.close());

  it.each([
    ["GET", PAGE],
    ["GET", `${PAGE}?order_id=1&back=%2ForderDetail%2F2%2F1`],
    ["POST", PAGE],
  ] as const)("%s %s answers 404", async (method, url) => {
    const res = await production.app.inject({
      method,
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ...(method === "POST" ? { payload: "order_id=1&result=done" } : {}),
    });
    expectError(res, 404, "not found");
  });
});
