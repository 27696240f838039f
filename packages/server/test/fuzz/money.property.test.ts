import { Pricing } from "@fuel/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableNames } from "../../src/db/client.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { call, createOrder, customer, dieselStation, draftFor, payInSandbox, seedCatalogue, type Customer } from "../orders/support.ts";
import { edgeValue, edgeVariants, inBatches } from "./edges.ts";

/**
 * Issue 4: fuzzed bodies on every order, payment, QR and recharge endpoint, built around REAL
 * values (existing orders in every state, real stations, real cards, a customer who may pay), so
 * they get past the shape check and into the rules. Never a 500, always the envelope, and a
 * refused request writes nothing (no partial write).
 *
 * Issue 9: the generators include the edges of ./edges.ts (integers around 2^31 and 2^53, -0,
 * 1e308, control characters, unpaired surrogates), and every member of a VALID body built from
 * real values is set to each edge, one at a time, so an id out of the integer column's range
 * reaches the code that would have queried with it.
 */

let booted: BootedApp;
let me: Customer;
let other: Customer;
const orderIds: number[] = [];
const mchntNos: string[] = [];
const qrCodes: string[] = [];
let stationIds: number[] = [];

const rowCounts = async (): Promise<string> => {
  const parts = tableNames().map((t) => `(SELECT count(*) FROM "${t}")::text`);
  const result = await booted.db.execute(sql.raw(`SELECT concat_ws(',', ${parts.join(", ")}) AS counts`));
  return String(result.rows[0]?.["counts"]);
};

beforeAll(async () => {
  booted = await bootApp();
  await seedCatalogue(booted);
  // A follower of the official account, so a card-page top-up (`source: "card"`) gets past its preconditions.
  me = await customer(booted, "13912345678", { followsOfficialAccount: true });
  other = await customer(booted);
  const station = await dieselStation(booted);
  stationIds = [station.id, 1, 9, 30, 31, 0, -1, 2 ** 31];
  // Orders in several states: unpaid, paid, used, cancelled; and one of another customer.
  for (let i = 0; i < 4; i++) {
    const created = await createOrder(booted, me, draftFor(station.id, { order_amount: String(5000 + i) }));
    orderIds.push(created.order_id);
    if (created.merchOrderNo !== undefined) mchntNos.push(created.merchOrderNo);
  }
  await payInSandbox(booted, orderIds[1]!);
  await payInSandbox(booted, orderIds[2]!);
  const qr = await call(booted, me, "/api/kepai/getqrcode", { orderNumber: mchntNos[2] });
  qrCodes.push(qr.json<{ data: { qrcode: string } }>().data.qrcode);
  await booted.app.inject({ method: "POST", url: "/api/sandbox/cashier/redeem", headers: { "content-type": "application/json" }, payload: JSON.stringify({ qrcode: qrCodes[0] }) });
  await call(booted, me, "/api/order/cancel", { order_id: orderIds[3] });
  orderIds.push((await createOrder(booted, other, draftFor(station.id))).order_id);
  // A paid card purchase (issue 13), so fuzzed settlements may issue its card.
  const purchase = await call(booted, me, "/api/rechargeorder/buycard", { order_amount: "10000", amount: Pricing.cardPurchaseQuote(10_000 as never).payable, phone: "13912345678", paytype: "fy" });
  const purchaseId = purchase.json<{ data: { order_id: number } }>().data.order_id;
  await payInSandbox(booted, purchaseId);
  orderIds.push(purchaseId);
});
afterAll(async () => booted.close());

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(null, true, [], {}, "", " ", "0", "-1", "1e309", "00", "9".repeat(20), "\u0000", "'; DROP TABLE orders; --", "😀".repeat(30)),
  edgeValue,
);

const maybe = <A>(arb: fc.Arbitrary<A>) => fc.oneof(arb, hostile);
const orderId = () => maybe(fc.oneof(fc.constantFrom(...orderIds), fc.integer({ min: 1, max: 50 }), fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, -(2 ** 31) - 1, String(orderIds[0]))));

// Built when a test runs, once beforeAll has made the orders, codes and stations they pick from.
const bodies = (): Record<string, fc.Arbitrary<unknown>> => ({
  "/api/order/create": fc.record(
    {
      gas_Type: maybe(fc.constantFrom("0#", "92#", "95#", "98#")),
      order_amount: maybe(fc.oneof(fc.integer({ min: 0, max: 1_200_000 }).map(String), fc.constantFrom("1", "1000000", "1000001", "0"))),
      phone: maybe(fc.constantFrom("13800138000", "1380013800", "23800138000")),
      station_id: maybe(fc.constantFrom(...stationIds)),
      remark: maybe(fc.string({ maxLength: 300 })),
      paytype: maybe(fc.constantFrom("wechat", "fy")),
    },
    { requiredKeys: [] },
  ),
  "/api/order/list": fc.record({ page: maybe(fc.integer({ min: -2, max: 5 })), order_status: maybe(fc.constantFrom("all", "unpaid", "unused", "used", "expired", 0, 1, 2, 3, 4, 9)) }, { requiredKeys: [] }),
  "/api/order/detail": fc.record({ order_id: orderId() }, { requiredKeys: [] }),
  "/api/order/cancel": fc.record({ order_id: orderId() }, { requiredKeys: [] }),
  "/api/order/resetQR": fc.record({ order_id: orderId() }, { requiredKeys: [] }),
  "/api/order/refund": fc.record({ order_id: orderId(), reason: maybe(fc.string({ maxLength: 300 })) }, { requiredKeys: [] }),
  "/api/kepai/getqrcode": fc.record({ orderNumber: maybe(fc.constantFrom(...mchntNos, "FO000")) }, { requiredKeys: [] }),
  "/api/payment/query": fc.record({ order_id: orderId() }, { requiredKeys: [] }),
  "/api/paymentfy/query": fc.record({ order_id: orderId() }, { requiredKeys: [] }),
  "/api/payment/query_result": fc.record({ order_id: orderId() }, { requiredKeys: [] }),
  "/api/recharge/getRechargeCardByPhone": fc.record({ phone: maybe(fc.constantFrom("13912345678", "13800138000", "139")) }, { requiredKeys: [] }),
  "/api/recharge/getcardnumbyteam": fc.record({ team: maybe(fc.constantFrom("珠江物流车队", "nobody")) }, { requiredKeys: [] }),
  "/api/rechargeorder/create": fc.record(
    {
      gas_Type: maybe(fc.constantFrom("0#", "92#")),
      card_type: maybe(fc.constantFrom(1, 2, 3, 4)),
      common_number: maybe(fc.constantFrom("9000100", "9000200", "12ab")),
      last_number: maybe(fc.constantFrom("1234567", "7654321", "3456789", "123456", "4567", "")),
      // issue 22: references forged, malformed or out of range are refused, never a 500
      card_ref: maybe(fc.constantFrom("", "abc", `1.${"A".repeat(43)}`, `2147483648.${"A".repeat(43)}`, `0.${"A".repeat(43)}`, "1.=")),
      order_amount: maybe(fc.integer({ min: 0, max: 600_000 }).map(String)),
      amount: maybe(fc.integer({ min: 0, max: 600_000 })),
      phone: maybe(fc.constantFrom("13912345678")),
      phonenum2: maybe(fc.constantFrom("13800138000", "1")),
      team: maybe(fc.constantFrom("珠江物流车队", "鹏城运输车队")),
      station_id: maybe(fc.constantFrom(...stationIds)),
      paytype: maybe(fc.constantFrom("fy", "wechat")),
      source: maybe(fc.constantFrom("card", "entity")),
    },
    { requiredKeys: [] },
  ),
  "/api/rechargeorder/buycard": fc.record(
    {
      order_amount: maybe(fc.oneof(fc.integer({ min: 0, max: 600_000 }).map(String), fc.constantFrom("1", "500000", "500001", "0", ""))),
      amount: maybe(fc.oneof(fc.integer({ min: 0, max: 600_000 }), fc.constantFrom(1, Pricing.cardPurchaseQuote(10_000 as never).payable))),
      phone: maybe(fc.constantFrom("13912345678", "13800138000", "1380013800")),
      paytype: maybe(fc.constantFrom("fy", "FY", "wechat")),
    },
    { requiredKeys: [] },
  ),
  "/api/sandbox/pay": fc.record({ order_id: orderId(), result: maybe(fc.constantFrom("ok", "fail", "cancel")), notify: maybe(fc.boolean()) }, { requiredKeys: [] }),
  "/api/sandbox/cashier/redeem": fc.record({ qrcode: maybe(fc.constantFrom(...qrCodes, "KPnope")) }, { requiredKeys: [] }),
  "/api/sandbox/recharge/settle": fc.record(
    { order_id: orderId(), result: maybe(fc.constantFrom("done", "rejected")), reason: maybe(fc.string({ maxLength: 40 })) },
    { requiredKeys: [] },
  ),
});

const PATHS = [
  "/api/order/create",
  "/api/order/list",
  "/api/order/detail",
  "/api/order/cancel",
  "/api/order/resetQR",
  "/api/order/refund",
  "/api/kepai/getqrcode",
  "/api/payment/query",
  "/api/paymentfy/query",
  "/api/payment/query_result",
  "/api/recharge/getRechargeCardByPhone",
  "/api/recharge/getcardnumbyteam",
  "/api/rechargeorder/create",
  "/api/rechargeorder/buycard",
  "/api/sandbox/pay",
  "/api/sandbox/cashier/redeem",
  "/api/sandbox/recharge/settle",
] as const;

describe("order, payment, QR and recharge endpoints under fuzzed bodies", () => {
  for (const path of PATHS) {
    it(`POST ${path}: never 500, always the envelope, and a refused request writes nothing`, async () => {
      const body = bodies()[path];
      if (body === undefined) throw new Error(`no body generator for ${path}`);
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (payload, withKey) => {
          const before = await rowCounts();
          const res = await call(booted, me, path, payload, withKey ? { "idempotency-key": "fuzz-key" } : {});
          expect(res.statusCode, res.body).toBeLessThan(500);
          const envelope = res.json<{ status: unknown; message: unknown }>();
          expect(["success", "error"]).toContain(envelope.status);
          expect(typeof envelope.message).toBe("string");
          if (res.statusCode >= 400) expect(await rowCounts()).toBe(before);
        }),
        { numRuns: 30 },
      );
    });
  }

  // Valid bodies of real values: each edge variant differs from one in a single member, so it
  // gets as far into the rules as that member allows.
  const validBodies = (): Record<string, unknown> => ({
    "/api/order/create": draftFor(stationIds[0]!, { order_amount: "5100", remark: "edge" }),
    "/api/order/list": { page: 1, order_status: "all" },
    "/api/order/detail": { order_id: orderIds[0] },
    "/api/order/cancel": { order_id: orderIds[3] },
    "/api/order/resetQR": { order_id: orderIds[2] },
    "/api/order/refund": { order_id: orderIds[1], reason: "edge" },
    "/api/kepai/getqrcode": { orderNumber: mchntNos[1] },
    "/api/payment/query": { order_id: orderIds[0] },
    "/api/paymentfy/query": { order_id: orderIds[0] },
    "/api/payment/query_result": { order_id: orderIds[0] },
    "/api/recharge/getRechargeCardByPhone": { phone: "13912345678" },
    "/api/recharge/getcardnumbyteam": { team: "珠江物流车队" },
    // amount 1 is not the payable: a variant that passes every rule ends at 409 'the price has changed', after the station and card queries.
    "/api/rechargeorder/create": { gas_Type: "0#", card_type: 1, last_number: "1234567", order_amount: "10000", amount: 1, phone: "13912345678", team: "珠江物流车队", station_id: stationIds[0], remark: "edge", paytype: "fy" },
    // amount 1 is not the payable either: every rule is checked, then 409 'the price has changed'.
    "/api/rechargeorder/buycard": { order_amount: "10000", amount: 1, phone: "13912345678", paytype: "fy" },
    "/api/sandbox/pay": { order_id: orderIds[0], result: "cancel" },
    "/api/sandbox/cashier/redeem": { qrcode: qrCodes[0] },
    "/api/sandbox/recharge/settle": { order_id: orderIds[0], result: "rejected", reason: "edge" },
  });

  for (const path of PATHS) {
    it(`POST ${path}: each member of a valid body at each edge (int4, 2^53, -0, 1e308, control characters, lone surrogates) never answers 500`, async () => {
      const variants = edgeVariants(validBodies()[path]);
      expect(variants.length).toBeGreaterThan(0);
      await inBatches(variants, 4, async (variant) => {
        const res = await booted.app.inject({
          method: "POST",
          url: path,
          headers: { "content-type": "application/json", authorization: `Bearer ${me.token}` },
          payload: variant.json,
        });
        expect(res.statusCode, `${variant.label}: ${res.body}`).toBeLessThan(500);
        const envelope = res.json<{ status: unknown; message: unknown }>();
        expect(["success", "error"]).toContain(envelope.status);
        expect(typeof envelope.message).toBe("string");
      });
    }, 60_000);
  }

  it("GET /api/recharge/cardlist with any query string: never 500", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }), async (query) => {
        const res = await booted.app.inject({ method: "GET", url: "/api/recharge/cardlist", query, headers: { authorization: `Bearer ${me.token}` } });
        expect(res.statusCode).toBe(200);
      }),
      { numRuns: 10 },
    );
  });

  it("the notification paths under hostile bodies and headers: 4xx in the envelope, nothing written", async () => {
    const header = fc.option(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("1700000000", "", "0", "AAAA")), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/payment/notify", "/api/paymentfy/notify"),
        fc.oneof(fc.string(), fc.json()),
        header,
        header,
        header,
        async (url, payload, timestamp, nonce, signature) => {
          const before = await rowCounts();
          const headers: Record<string, string> = { "content-type": "application/json" };
          if (timestamp !== undefined) headers["wechatpay-timestamp"] = timestamp;
          if (nonce !== undefined) headers["wechatpay-nonce"] = nonce;
          if (signature !== undefined) headers["wechatpay-signature"] = signature;
          const res = await booted.app.inject({ method: "POST", url, headers, payload });
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json<{ status: string }>().status).toBe("error");
          expect(await rowCounts()).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });
});
