import { RedeemCode } from "@fuel/domain";
import { Result } from "effect";
import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, orders, stations } from "../../../src/db/schema.ts";
import type { OauthProvider } from "../../../src/providers/oauth/OauthProvider.ts";
import type { SmsProvider } from "../../../src/providers/sms/SmsProvider.ts";
import { bootApp, testConfig, type BootedApp } from "../../helpers/app.ts";
import { moneyTestSetUp, paidFuelOrder, rechargeDraftFor } from "../../helpers/moneyApp.ts";
import { expectSuccess, post } from "../../identity/support.ts";
import { call, createOrder, customer, deliver, detail, dieselStation, draftFor, seedCatalogue, successNotification } from "../../orders/support.ts";
import { deskGet, deskPost, signedInStaff, tagOf } from "../support.ts";
import { paidRecharge } from "./support.ts";

/**
 * The desk acts through HTTP (issue 26): each act behind its role's action, an audit row for each
 * act done and none for a refused one; and in production mode, where the desk is the cashier and
 * the distributor, both flows complete without any sandbox route.
 */

const SYSTEM_NOW = Date.parse("2024-11-26T02:00:00Z");

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

const audit = () => booted.db.select().from(auditLog).orderBy(auditLog.id);

describe("redeem and look up through the desk", () => {
  it("a cashier of the station looks the code up, redeems it (one 'redeem' row: who, where from, 2 -> 3), and a second try names them", async () => {
    const { cookie } = await signedInStaff(booted, "li.cashier", "cashier", [stationId]);
    const me = await customer(booted);
    const order = await paidFuelOrder(booted, me, stationId);
    const rowsBefore = (await audit()).length;

    const found = expectSuccess<{ order_id: number; may_redeem: boolean }>(await deskPost(booted, "/api/desk/lookup", { code: order.qrcode }, { cookie }));
    expect(found).toMatchObject({ order_id: order.orderId, may_redeem: true });
    expect(expectSuccess(await deskPost(booted, "/api/desk/redeem", { code: ` ${order.qrcode} ` }, { cookie }))).toEqual({
      order_id: order.orderId,
      order_status: 3,
      redeemed_at: "2024-11-26T10:00:00+08:00",
      redeemed_by: "li.cashier",
    });
    expect((await detail(booted, me, order.orderId)).order_status).toBe(3);

    const rows = (await audit()).slice(rowsBefore);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffName: "li.cashier", act: "redeem", subject: String(order.orderId), before: { order_status: 2 }, after: { order_status: 3 } });
    expect(rows[0]?.address).toEqual(expect.any(String));

    const again = await deskPost(booted, "/api/desk/redeem", { code: order.qrcode }, { cookie });
    expect(again.statusCode).toBe(409);
    expect(tagOf(again)).toBe("QrUsedBy");
    expect(again.json<{ message: string }>().message).toMatch(/already used at 2024-11-26 10:00 by li\.cashier$/);
    expect(await audit()).toHaveLength(rowsBefore + 1);
  });

  it("a cashier of another station is refused (409 QrOtherStation), nothing written, no audit row", async () => {
    const [other] = await booted.db.select({ id: stations.id }).from(stations).where(ne(stations.id, stationId)).limit(1);
    const { cookie } = await signedInStaff(booted, "far.cashier", "cashier", [other?.id ?? 0]);
    const order = await paidFuelOrder(booted, await customer(booted), stationId);
    const rowsBefore = (await audit()).length;
    const res = await deskPost(booted, "/api/desk/redeem", { code: order.qrcode }, { cookie });
    expect([res.statusCode, tagOf(res)]).toEqual([409, "QrOtherStation"]);
    expect((await booted.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]?.status).toBe(2);
    expect(await audit()).toHaveLength(rowsBefore);
  });

  it("a distributor may not redeem nor look up (403 StaffActionForbidden); without a session 401", async () => {
    const { cookie } = await signedInStaff(booted, "zhao.distributor", "distributor");
    const order = await paidFuelOrder(booted, await customer(booted), stationId);
    for (const url of ["/api/desk/redeem", "/api/desk/lookup"]) {
      const res = await deskPost(booted, url, { code: order.qrcode }, { cookie });
      expect([res.statusCode, tagOf(res)]).toEqual([403, "StaffActionForbidden"]);
      const anonymous = await deskPost(booted, url, { code: order.qrcode });
      expect([anonymous.statusCode, tagOf(anonymous)]).toEqual([401, "StaffSignInRequired"]);
    }
    expect((await booted.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]?.status).toBe(2);
  });

  it("malformed input is a 400 naming the field, and changes nothing", async () => {
    const { cookie } = await signedInStaff(booted, "li.cashier", "cashier", [stationId]);
    const { cookie: distributor } = await signedInStaff(booted, "zhao.distributor", "distributor");
    const rowsBefore = (await audit()).length;
    for (const body of [{}, { code: 5 }, { code: "x".repeat(65) }, { code: "7K3M9QXR2D4FHJ8T", entry: "spoken" }]) {
      expect((await deskPost(booted, "/api/desk/redeem", body, { cookie })).statusCode).toBe(400);
      expect((await deskPost(booted, "/api/desk/lookup", body, { cookie })).statusCode).toBe(400);
    }
    for (const body of [{ order_id: "abc", result: "done" }, { order_id: 1, result: "maybe" }]) {
      expect((await deskPost(booted, "/api/desk/settle", body, { cookie: distributor })).statusCode).toBe(400);
    }
    expect(await audit()).toHaveLength(rowsBefore);
  });

  it("issue 34: a code typed in lower case with gaps is redeemed; a typed unknown one is 404 TypedCodeUnknown in its own words, a scanned one 404 QrUnknown", async () => {
    const { cookie } = await signedInStaff(booted, "li.cashier", "cashier", [stationId]);
    const order = await paidFuelOrder(booted, await customer(booted), stationId, "20000");
    const typed = RedeemCode.display(order.qrcode as RedeemCode.RedeemCode).toLowerCase().replace(" ", "-");
    const found = expectSuccess<{ order_amount: number; litres: string | null }>(await deskPost(booted, "/api/desk/lookup", { code: typed, entry: "typed" }, { cookie }));
    expect(found.order_amount).toBe(20_000);
    expect(expectSuccess(await deskPost(booted, "/api/desk/redeem", { code: typed, entry: "typed" }, { cookie }))).toMatchObject({ order_id: order.orderId, order_status: 3 });

    const unknownTyped = await deskPost(booted, "/api/desk/lookup", { code: "7k3m 9qxr 2d4f hj8t", entry: "typed" }, { cookie });
    expect([unknownTyped.statusCode, tagOf(unknownTyped), unknownTyped.json<{ message: string }>().message]).toEqual([404, "TypedCodeUnknown", "no such code: check it and type it again"]);
    const redeemTyped = await deskPost(booted, "/api/desk/redeem", { code: "7k3m 9qxr 2d4f hj8t", entry: "typed" }, { cookie });
    expect([redeemTyped.statusCode, tagOf(redeemTyped)]).toEqual([404, "TypedCodeUnknown"]);
    for (const body of [{ code: "7K3M 9QXR 2D4F HJ8T", entry: "scanned" }, { code: "7K3M 9QXR 2D4F HJ8T" }]) {
      const scanned = await deskPost(booted, "/api/desk/lookup", body, { cookie });
      expect([scanned.statusCode, tagOf(scanned)]).toEqual([404, "QrUnknown"]);
    }
  });

  it("the sandbox cashier redeems a new code as its QR encodes it (groups of 4)", async () => {
    const order = await paidFuelOrder(booted, await customer(booted), stationId);
    expectSuccess(await post(booted, "/api/sandbox/cashier/redeem", { qrcode: RedeemCode.display(order.qrcode as RedeemCode.RedeemCode) }));
    expect((await booted.db.select().from(orders).where(eq(orders.id, order.orderId)))[0]?.status).toBe(3);
  });

  it("a customer's bearer token is no staff session", async () => {
    const me = await customer(booted);
    const order = await paidFuelOrder(booted, me, stationId);
    const res = await deskPost(booted, "/api/desk/redeem", { code: order.qrcode }, { authorization: `Bearer ${me.token}` });
    expect(res.statusCode).toBe(401);
  });
});

describe("the queue and settlement through the desk", () => {
  it("a distributor reads the queue, settles one 'done' and rejects one with a reason: two audit rows, 'settle' and 'reject'", async () => {
    const { cookie } = await signedInStaff(booted, "zhao.distributor", "distributor");
    const first = await paidRecharge(booted, await customer(booted), stationId);
    booted.clock.advance(30);
    const second = await paidRecharge(booted, await customer(booted), stationId);
    const queue = expectSuccess<{ orders: Array<{ order_id: number }> }>(await deskGet(booted, "/api/desk/queue", { cookie }));
    expect(queue.orders.map((o) => o.order_id)).toEqual([first, second]);

    const rowsBefore = (await audit()).length;
    expect(expectSuccess(await deskPost(booted, "/api/desk/settle", { order_id: first, result: "done" }, { cookie }))).toEqual({ order_id: first, order_status: 3 });
    expect(expectSuccess(await deskPost(booted, "/api/desk/settle", { order_id: String(second), result: "rejected", reason: "card frozen" }, { cookie }))).toEqual({
      order_id: second,
      order_status: 6,
    });
    const rows = (await audit()).slice(rowsBefore);
    expect(rows.map((r) => [r.staffName, r.act, r.subject, r.before, r.after])).toEqual([
      ["zhao.distributor", "settle", String(first), { order_status: 2 }, { order_status: 3 }],
      ["zhao.distributor", "reject", String(second), { order_status: 2 }, { order_status: 6, reason: "card frozen" }],
    ]);
    expect(expectSuccess<{ orders: unknown[] }>(await deskGet(booted, "/api/desk/queue", { cookie })).orders).toEqual([]);
  });

  it("a refused settlement (no reason, settled already) writes nothing and no audit row", async () => {
    const { cookie } = await signedInStaff(booted, "zhao.distributor", "distributor");
    const id = await paidRecharge(booted, await customer(booted), stationId);
    const rowsBefore = (await audit()).length;
    const noReason = await deskPost(booted, "/api/desk/settle", { order_id: id, result: "rejected" }, { cookie });
    expect([noReason.statusCode, tagOf(noReason)]).toEqual([400, "RejectionReasonMissing"]);
    expectSuccess(await deskPost(booted, "/api/desk/settle", { order_id: id, result: "done" }, { cookie }));
    const twice = await deskPost(booted, "/api/desk/settle", { order_id: id, result: "done" }, { cookie });
    expect([twice.statusCode, tagOf(twice)]).toEqual([409, "RechargeAlreadySettled"]);
    expect(await audit()).toHaveLength(rowsBefore + 1);
  });

  it("a cashier may neither read the queue nor settle (403)", async () => {
    const { cookie } = await signedInStaff(booted, "li.cashier", "cashier", [stationId]);
    const id = await paidRecharge(booted, await customer(booted), stationId);
    expect((await deskGet(booted, "/api/desk/queue", { cookie })).statusCode).toBe(403);
    expect((await deskPost(booted, "/api/desk/settle", { order_id: id, result: "done" }, { cookie })).statusCode).toBe(403);
    expect((await booted.db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe(2);
  });

  it("the sandbox distributor route still settles, through the same code", async () => {
    const id = await paidRecharge(booted, await customer(booted), stationId);
    expectSuccess(await post(booted, "/api/sandbox/recharge/settle", { order_id: id, result: "done" }));
    const res = await post(booted, "/api/sandbox/recharge/settle", { order_id: id, result: "done" });
    expect([res.statusCode, tagOf(res)]).toEqual([409, "RechargeAlreadySettled"]);
  });
});

describe("in production mode the desk is the cashier and the distributor", () => {
  const oauth: OauthProvider = { kind: "production", exchange: async () => Result.succeed({ openid: "o6_x", nickname: "x", avatarUrl: "", followsOfficialAccount: true }) };
  const sms: SmsProvider = { kind: "production", send: async () => Result.succeed(undefined) };
  let production: BootedApp;
  beforeAll(async () => {
    const providers = { ...testConfig().providers, cashier: "desk" as const, distributor: "desk" as const };
    production = await bootApp({ config: { mode: "production", providers }, providers: { oauth, sms }, systemTime: () => SYSTEM_NOW });
  });
  afterAll(async () => production.close());
  beforeEach(async () => {
    await production.reset();
    await seedCatalogue(production);
  });

  /** Pays an order as the channel would: its signed notification to the real handler (no sandbox route exists here). */
  const pay = async (orderId: number, channel: "wechat" | "fy"): Promise<void> => {
    const [row] = await production.db.select().from(orders).where(eq(orders.id, orderId));
    if (row === undefined) throw new Error("no order");
    const { body, headers } = successNotification(production, row.mchntOrderNo, row.amount, `42000000000000000000000${orderId}`.slice(0, 28), channel);
    expect((await deliver(production, channel, body, headers)).statusCode).toBe(200);
  };

  it("no sandbox cashier or distributor: 404", async () => {
    expect((await post(production, "/api/sandbox/cashier/redeem", { qrcode: "KP0000000000000000000000" })).statusCode).toBe(404);
    expect((await post(production, "/api/sandbox/recharge/settle", { order_id: 1, result: "done" })).statusCode).toBe(404);
  });

  it("a paid fuel order is redeemed at the desk, and a paid recharge settled", async () => {
    const station = (await dieselStation(production)).id;
    const { cookie: cashier } = await signedInStaff(production, "li.cashier", "cashier", [station]);
    const { cookie: distributor } = await signedInStaff(production, "zhao.distributor", "distributor");
    const me = await customer(production);

    const fuel = await createOrder(production, me, draftFor(station));
    await pay(fuel.order_id, "wechat");
    const code = (await detail(production, me, fuel.order_id)).pay_qrcode;
    if (code === null) throw new Error("a paid order shows its code");
    expect(expectSuccess(await deskPost(production, "/api/desk/redeem", { code }, { cookie: cashier }))).toMatchObject({ order_id: fuel.order_id, order_status: 3, redeemed_by: "li.cashier" });

    const recharge = expectSuccess<{ order_id: number }>(await call(production, me, "/api/rechargeorder/create", rechargeDraftFor(station)));
    await pay(recharge.order_id, "fy");
    expect(expectSuccess(await deskPost(production, "/api/desk/settle", { order_id: recharge.order_id, result: "done" }, { cookie: distributor }))).toEqual({
      order_id: recharge.order_id,
      order_status: 3,
    });
    expect((await detail(production, me, recharge.order_id)).order_status).toBe(3);
  });
});


describe("a sandbox whose distributor is the desk (DISTRIBUTOR_PROVIDER=desk)", () => {
  let rehearsal: BootedApp;
  beforeAll(async () => {
    rehearsal = await bootApp({ config: { providers: { ...testConfig().providers, distributor: "desk" as const } } });
  });
  afterAll(async () => rehearsal.close());

  it("the app's 'settle in the sandbox' link lands on the desk's queue instead of a 404; the sandbox settle call is not there", async () => {
    const page = await rehearsal.app.inject({ method: "GET", url: "/sandbox/distributor?order_id=7&back=/rechargeOrderDetail/7" });
    expect([page.statusCode, page.headers["location"]]).toEqual([303, "/desk/queue"]);
    expect((await post(rehearsal, "/api/sandbox/recharge/settle", { order_id: 1, result: "done" })).statusCode).toBe(404);
  });
});
