import { Invoice, Time } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceOrders, invoices, orders } from "../../src/db/schema.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp } from "../helpers/moneyApp.ts";
import { expectSuccess } from "../identity/support.ts";
import { call, createOrder, customer, draftFor, payInSandbox, type Customer } from "../orders/support.ts";
import { deskPost, signedInStaff, tagOf } from "../desk/support.ts";
import { apply, applied, customerGet, savedTitle, setInvoiceSettings, setPolicy, settledRecharge, usedAt, usedFuelOrder } from "./support.ts";

/**
 * Issue 35 item 3 through `POST /api/invoice/apply`: every refusal it declares, ownership (another
 * customer's order or title: 404), what is invoiced (what was paid, by Invoice.fuelInvoiceLine),
 * and what the customer reads afterwards (list newest first, detail, the order's invoice).
 */

// 2024-11-26 10:00 China time.
const NOW = Date.parse("2024-11-26T02:00:00Z");

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(NOW, (w) => ({ booted, stationId } = w));

const invoiceCount = async () => (await booted.db.select().from(invoices)).length;

/** The answer must be a refusal `tag` at `status` that wrote no request. */
const expectRefused = async (res: Awaited<ReturnType<typeof apply>>, status: number, tag: string): Promise<void> => {
  expect([res.statusCode, tagOf(res)], res.body).toEqual([status, tag]);
  expect(await invoiceCount()).toBe(0);
};

const otherStation = async (): Promise<number> => {
  const all = await booted.db.query.stations.findMany();
  const other = all.find((s) => s.id !== stationId && s.sellType.split(";").includes("0#"));
  if (other === undefined) throw new Error("the demo data has one diesel station only");
  return other.id;
};

const setOrder = async (orderId: number, change: Partial<typeof orders.$inferInsert>) => {
  await booted.db.update(orders).set(change).where(eq(orders.id, orderId));
};

describe("asking for an invoice", () => {
  it("two used orders of one station: one request of what was paid, the line by Invoice.fuelInvoiceLine, the title as it was", async () => {
    const me = await customer(booted);
    const a = await usedFuelOrder(booted, me, stationId, "20000");
    const b = await usedFuelOrder(booted, me, stationId, "10000");
    const title = await savedTitle(booted, me);
    const id = await applied(booted, me, [a.orderId, b.orderId], title);
    const rows = await booted.db.select().from(orders).where(eq(orders.userId, me.id));
    const line = Invoice.fuelInvoiceLine(rows.map((r) => ({ amount: r.amount, order_amount: r.orderAmount, gas_original_price: r.gasOriginalPrice })));
    const detail = expectSuccess<Record<string, unknown> & { line: Record<string, unknown>; orders: Array<{ order_id: number; amount: number }> }>(
      await call(booted, me, "/api/invoice/detail", { invoice_id: id }),
    );
    expect(detail).toMatchObject({ invoice_id: id, state: "requested", issuer: "station", kind: "fuel", station_id: stationId, number: null, pdf_url: null });
    expect(detail.line).toEqual({ description: line.description, unit: "升", litres: line.litres, unit_price: line.unitPrice, amount: line.amount, tax_percent: 13, tax: line.tax, net: line.net });
    // What was paid, never the pump amount.
    expect(detail.line["amount"]).toBe(rows.reduce((s, r) => s + r.amount, 0));
    expect(detail.line["amount"]).toBeLessThan(rows.reduce((s, r) => s + r.orderAmount, 0));
    expect(detail.orders.map((o) => o.order_id)).toEqual([a.orderId, b.orderId]);
    // A later edit of the kept title changes no request.
    expectSuccess(await call(booted, me, "/api/invoice/titles/save", { title_id: title, type: "personal", name: "Someone else" }));
    expect(expectSuccess<{ title: { name: string; tax_id: string } }>(await call(booted, me, "/api/invoice/detail", { invoice_id: id })).title).toMatchObject({
      name: "Pearl River Logistics Co., Ltd.",
      tax_id: "91440101MA5CXXXX2K",
    });
  });

  it("a retried apply with the same Idempotency-Key gets the first answer and makes one request", async () => {
    const me = await customer(booted);
    const a = await usedFuelOrder(booted, me, stationId);
    const title = await savedTitle(booted, me);
    const headers = { "idempotency-key": "invoice-retry-1" };
    const first = await call(booted, me, "/api/invoice/apply", { order_ids: [a.orderId], title_id: title }, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(booted, me, "/api/invoice/apply", { order_ids: [a.orderId], title_id: title }, headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await invoiceCount()).toBe(1);
    // Without the key, the same ask is a second request for an order already held: refused.
    const second = await apply(booted, me, [a.orderId], title);
    expect([second.statusCode, tagOf(second)]).toEqual([409, "InvoiceOrderPending"]);
    expect(await invoiceCount()).toBe(1);
  });

  it("every order answer says when it was used and carries its newest request", async () => {
    const me = await customer(booted);
    const a = await usedFuelOrder(booted, me, stationId);
    const before = expectSuccess<{ used_at: string; invoice: unknown }>(await call(booted, me, "/api/order/detail", { order_id: a.orderId }));
    expect(before).toMatchObject({ used_at: Time.formatChinaIso(NOW), invoice: null });
    const id = await applied(booted, me, [a.orderId], await savedTitle(booted, me));
    const after = expectSuccess<{ invoice: unknown }>(await call(booted, me, "/api/order/detail", { order_id: a.orderId }));
    expect(after.invoice).toEqual({ invoice_id: id, state: "requested" });
    const list = expectSuccess<{ data: Array<{ order_id: number; invoice: unknown; used_at: string | null }> }>(await call(booted, me, "/api/order/list", { page: 1, order_status: 0 }));
    expect(list.data.find((o) => o.order_id === a.orderId)).toMatchObject({ invoice: { invoice_id: id, state: "requested" }, used_at: Time.formatChinaIso(NOW) });
    const { cookie } = await signedInStaff(booted, "ada.admin", "admin");
    const desk = expectSuccess<{ order: { invoice: unknown } }>(await booted.app.inject({ method: "GET", url: `/api/desk/orders/detail?order_id=${a.orderId}`, headers: { cookie } }));
    expect(desk.order.invoice).toEqual({ invoice_id: id, state: "requested" });
  });

  it("a top-up is invoiced when the site says at_topup: a prepaid-card line of what was paid, no VAT, issued by the platform", async () => {
    await setInvoiceSettings(booted, { rechargeInvoice: "at_topup" });
    const me = await customer(booted, "13912345678");
    const id = await settledRecharge(booted, me, stationId);
    const invoiceId = await applied(booted, me, [id], await savedTitle(booted, me));
    const [order] = await booted.db.select().from(orders).where(eq(orders.id, id));
    const detail = expectSuccess<{ issuer: string; kind: string; station_id: number | null; line: Record<string, unknown> }>(await call(booted, me, "/api/invoice/detail", { invoice_id: invoiceId }));
    expect(detail).toMatchObject({ issuer: "platform", kind: "recharge", station_id: null });
    expect(detail.line).toMatchObject({ description: Invoice.RECHARGE_LINE_DESCRIPTION, litres: null, unit_price: null, amount: order?.amount, tax: 0, tax_percent: null });
  });

  it("a platform station's request is the platform's to issue", async () => {
    await setPolicy(booted, stationId, "platform");
    const me = await customer(booted);
    const a = await usedFuelOrder(booted, me, stationId);
    const id = await applied(booted, me, [a.orderId], await savedTitle(booted, me));
    expect(expectSuccess<{ issuer: string }>(await call(booted, me, "/api/invoice/detail", { invoice_id: id })).issuer).toBe("platform");
  });

  it("the list is the customer's own, newest first; another's detail and PDF are 404 InvoiceNotFound", async () => {
    const me = await customer(booted);
    const other = await customer(booted);
    const title = await savedTitle(booted, me);
    const first = await applied(booted, me, [(await usedFuelOrder(booted, me, stationId)).orderId], title);
    booted.clock.advance(60);
    const second = await applied(booted, me, [(await usedFuelOrder(booted, me, stationId)).orderId], title);
    expect(expectSuccess<{ invoices: Array<{ invoice_id: number }> }>(await customerGet(booted, me, "/api/invoice/list")).invoices.map((i) => i.invoice_id)).toEqual([second, first]);
    expect(expectSuccess<{ invoices: unknown[] }>(await customerGet(booted, other, "/api/invoice/list")).invoices).toEqual([]);
    for (const res of [await call(booted, other, "/api/invoice/detail", { invoice_id: first }), await customerGet(booted, other, `/api/invoice/pdf?invoice_id=${first}`)]) {
      expect([res.statusCode, tagOf(res)]).toEqual([404, "InvoiceNotFound"]);
    }
    const missing = await customerGet(booted, me, `/api/invoice/pdf?invoice_id=${first}`);
    expect([missing.statusCode, tagOf(missing)]).toEqual([404, "InvoicePdfMissing"]);
  });
});

describe("every refusal of /api/invoice/apply, none writing a request", () => {
  let me: Customer;
  let title: number;
  const used = async (amount = "10040") => (await usedFuelOrder(booted, me, stationId, amount)).orderId;
  const setUp = async () => {
    me = await customer(booted);
    title = await savedTitle(booted, me);
  };

  it("OrderNotFound: another customer's order, even beside one's own; an order that does not exist", async () => {
    await setUp();
    const other = await customer(booted);
    const theirs = (await usedFuelOrder(booted, other, stationId)).orderId;
    await expectRefused(await apply(booted, me, [theirs], title), 404, "OrderNotFound");
    await expectRefused(await apply(booted, me, [await used(), theirs], title), 404, "OrderNotFound");
    await expectRefused(await apply(booted, me, [999_999], title), 404, "OrderNotFound");
  });

  it("InvoiceTitleNotFound: another customer's title", async () => {
    await setUp();
    const other = await customer(booted);
    await expectRefused(await apply(booted, me, [await used()], await savedTitle(booted, other)), 404, "InvoiceTitleNotFound");
  });

  it("InvoiceNoOrders, InvoiceOrderTwice", async () => {
    await setUp();
    await expectRefused(await apply(booted, me, [], title), 400, "InvoiceNoOrders");
    const a = await used();
    await expectRefused(await apply(booted, me, [a, a], title), 400, "InvoiceOrderTwice");
  });

  it("InvoiceTooManyOrders: 51 used orders", async () => {
    await setUp();
    const a = await used();
    const [row] = await booted.db.select().from(orders).where(eq(orders.id, a));
    const { id: _id, ...copy } = row!;
    const clones = await booted.db
      .insert(orders)
      .values(Array.from({ length: 50 }, (_, i) => ({ ...copy, mchntOrderNo: `${copy.mchntOrderNo}C${i}` })))
      .returning({ id: orders.id });
    const res = await apply(booted, me, [a, ...clones.map((c) => c.id)], title);
    await expectRefused(res, 400, "InvoiceTooManyOrders");
    expect(res.json<{ message: string }>().message).toContain(String(Invoice.MAX_ORDERS_PER_INVOICE));
  });

  it("InvoiceStationsMixed, InvoiceKindsMixed", async () => {
    await setUp();
    const here = await used();
    const there = (await usedFuelOrder(booted, me, await otherStation())).orderId;
    await expectRefused(await apply(booted, me, [here, there], title), 400, "InvoiceStationsMixed");
    await setInvoiceSettings(booted, { rechargeInvoice: "at_topup" });
    const card = await customer(booted, "13912345678");
    const cardTitle = await savedTitle(booted, card);
    const topUp = await settledRecharge(booted, card, stationId);
    const fuel = (await usedFuelOrder(booted, card, stationId)).orderId;
    await expectRefused(await apply(booted, card, [fuel, topUp], cardTitle), 400, "InvoiceKindsMixed");
  });

  it("InvoiceOrderPending, then InvoiceOrderInvoiced once issued (409); a refused request frees its orders", async () => {
    await setUp();
    const a = await used();
    const id = await applied(booted, me, [a], title);
    const pending = await apply(booted, me, [a], title);
    expect([pending.statusCode, tagOf(pending)]).toEqual([409, "InvoiceOrderPending"]);
    const { cookie } = await signedInStaff(booted, "ada.admin", "admin");
    expectSuccess(await deskPost(booted, "/api/desk/invoices/issue", { invoice_id: id, number: "24442000000012345678" }, { cookie }));
    const invoiced = await apply(booted, me, [a], title);
    expect([invoiced.statusCode, tagOf(invoiced)]).toEqual([409, "InvoiceOrderInvoiced"]);
    const b = await used();
    const refusedId = await applied(booted, me, [b], title);
    expectSuccess(await deskPost(booted, "/api/desk/invoices/refuse", { invoice_id: refusedId, reason: "wrong taxpayer id" }, { cookie }));
    expect(await booted.db.select().from(invoiceOrders).where(eq(invoiceOrders.invoiceId, refusedId))).toEqual([{ invoiceId: refusedId, orderId: b, holds: false }]);
    // Asked again after correcting the title: accepted.
    expect(await applied(booted, me, [b], title)).toBeGreaterThan(refusedId);
  });

  it("InvoiceOrderRefunded: an order refunded (voided by its refund)", async () => {
    await setUp();
    const created = await createOrder(booted, me, draftFor(stationId));
    expectSuccess(await payInSandbox(booted, created.order_id));
    expectSuccess(await call(booted, me, "/api/order/refund", { order_id: created.order_id, reason: "changed my mind" }));
    await expectRefused(await apply(booted, me, [created.order_id], title), 400, "InvoiceOrderRefunded");
  });

  it("InvoiceOrderUnpaid, InvoiceOrderCancelled, InvoiceOrderNotUsed", async () => {
    await setUp();
    const unpaid = (await createOrder(booted, me, draftFor(stationId))).order_id;
    await expectRefused(await apply(booted, me, [unpaid], title), 400, "InvoiceOrderUnpaid");
    expectSuccess(await call(booted, me, "/api/order/cancel", { order_id: unpaid }));
    await expectRefused(await apply(booted, me, [unpaid], title), 400, "InvoiceOrderCancelled");
    const paid = (await createOrder(booted, me, draftFor(stationId, { order_amount: "20000" }))).order_id;
    expectSuccess(await payInSandbox(booted, paid));
    await expectRefused(await apply(booted, me, [paid], title), 400, "InvoiceOrderNotUsed");
  });

  it("InvoiceOrderExpired, InvoiceOrderVoided", async () => {
    await setUp();
    const a = await used();
    await setOrder(a, { status: 8, usedAt: null });
    await expectRefused(await apply(booted, me, [a], title), 400, "InvoiceOrderExpired");
    await setOrder(a, { status: 7 });
    await expectRefused(await apply(booted, me, [a], title), 400, "InvoiceOrderVoided");
  });

  it("InvoiceNotOffered: a station of policy none", async () => {
    await setUp();
    const a = await used();
    await setPolicy(booted, stationId, "none");
    await expectRefused(await apply(booted, me, [a], title), 400, "InvoiceNotOffered");
  });

  it("InvoiceRechargeAtConsumption: a top-up while the card issuer invoices at consumption (the default)", async () => {
    const card = await customer(booted, "13912345678");
    const topUp = await settledRecharge(booted, card, stationId);
    await expectRefused(await apply(booted, card, [topUp], await savedTitle(booted, card)), 400, "InvoiceRechargeAtConsumption");
  });

  it("InvoiceWindowClosed: used before the China day 30 days back; the day after is still open (to the millisecond)", async () => {
    await setUp();
    const a = await used();
    // Now is 2024-11-26 10:00 China time: an order used on 2024-10-26 has had its 30 days.
    await usedAt(booted, a, Date.parse("2024-10-26T23:59:59.999+08:00"));
    const closed = await apply(booted, me, [a], title);
    await expectRefused(closed, 400, "InvoiceWindowClosed");
    expect(closed.json<{ message: string }>().message).toContain("30 days");
    await usedAt(booted, a, Date.parse("2024-10-27T00:00:00.000+08:00"));
    expect(await applied(booted, me, [a], title)).toBeGreaterThan(0);
  });

  it("the window is the site's setting", async () => {
    await setUp();
    const a = await used();
    await usedAt(booted, a, Date.parse("2024-11-20T12:00:00+08:00"));
    await setInvoiceSettings(booted, { invoiceWindowDays: 5 });
    await expectRefused(await apply(booted, me, [a], title), 400, "InvoiceWindowClosed");
    await setInvoiceSettings(booted, { invoiceWindowDays: 6 });
    expect(await applied(booted, me, [a], title)).toBeGreaterThan(0);
  });

  it("malformed bodies are 400, never 500", async () => {
    await setUp();
    for (const body of [{}, { order_ids: "1", title_id: title }, { order_ids: [1.5], title_id: title }, { order_ids: Array.from({ length: 101 }, (_, i) => i + 1), title_id: title }, { order_ids: [1] }]) {
      expect((await call(booted, me, "/api/invoice/apply", body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await invoiceCount()).toBe(0);
  });
});
