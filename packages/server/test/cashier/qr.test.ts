import { Constants } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { orders, qrCodes } from "../../src/db/schema.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, paidFuelOrder as paidFuel, rechargeDraftFor, type PaidFuelOrder } from "../helpers/moneyApp.ts";
import { expectError, expectSuccess, post } from "../identity/support.ts";
import { call, createOrder, customer, detail, draftFor, payInSandbox, type Customer } from "../orders/support.ts";

/**
 * Cashier QR codes (issue 4; spec §4, §9): a paid fuel order's code (`kepai/getqrcode`), redeemed
 * once at the cashier (`sandbox/cashier/redeem`), valid 48 h after payment; a paid recharge order's
 * code, regenerated (`order/resetQR`) within 8 minutes of payment and shown for 24 hours.
 */

/** A fixed system time (a Tuesday morning, outside the maintenance window): edges are exact to the millisecond. */
const SYSTEM_NOW = Date.parse("2024-11-26T02:00:00Z");
const QR_48H = Constants.FUEL_QR_VALIDITY_MS / 1000;
const RECHARGE_24H = Constants.RECHARGE_QR_EXPIRED_AFTER_MS / 1000;
const REGENERATE_8MIN = Constants.RECHARGE_QR_REGENERATE_HIDDEN_AFTER_MS / 1000;

const EXPIRED = "this QR code has expired";
const USED = "this QR code has already been used";
const NOT_REGENERABLE = "the QR code of this order can no longer be regenerated";

let booted: BootedApp;
let stationId: number;

moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

/** A fuel order created and paid in the sandbox (the clock stands at its payment instant). */
const paidFuelOrder = (who: Customer, orderAmount?: string): Promise<PaidFuelOrder> => paidFuel(booted, who, stationId, orderAmount);

const getQr = (who: Customer, orderNumber: string): Promise<LightMyRequestResponse> => call(booted, who, "/api/kepai/getqrcode", { orderNumber });

const qrOf = async (who: Customer, orderNumber: string): Promise<string> => {
  const answer = expectSuccess<{ respCode: string; qrcode: string }>(await getQr(who, orderNumber));
  expect(answer.respCode).toBe("00000");
  return answer.qrcode;
};

const redeem = (qrcode: string): Promise<LightMyRequestResponse> => post(booted, "/api/sandbox/cashier/redeem", { qrcode });

const resetQr = (who: Customer, orderId: number): Promise<LightMyRequestResponse> => call(booted, who, "/api/order/resetQR", { order_id: orderId });

/** The recharge draft of the demo entity card of 13912345678, priced as the server prices it. */
const rechargeDraft = (overrides: Record<string, unknown> = {}) => rechargeDraftFor(stationId, overrides);

/** A recharge order created and paid through the FY sandbox channel. */
const paidRecharge = async (who: Customer, overrides: Record<string, unknown> = {}): Promise<number> => {
  const created = expectSuccess<{ order_id: number }>(await call(booted, who, "/api/rechargeorder/create", rechargeDraft(overrides)));
  expectSuccess(await payInSandbox(booted, created.order_id));
  expect((await detail(booted, who, created.order_id)).order_status).toBe(2);
  return created.order_id;
};

const codesOf = (orderId: number) => booted.db.select().from(qrCodes).where(eq(qrCodes.orderId, orderId));
const orderRow = async (orderId: number) => (await booted.db.select().from(orders).where(eq(orders.id, orderId)))[0];

describe("kepai/getqrcode", () => {
  it("a paid fuel order gets respCode 00000 and a code of 16 Crockford base32 characters (issue 34), the one its detail shows", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    const code = await qrOf(me, paid.mchntOrderNo);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect((await detail(booted, me, paid.orderId)).pay_qrcode).toBe(code);
  });

  it("asking twice gives the same code", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    const first = await qrOf(me, paid.mchntOrderNo);
    booted.clock.advance(60);
    expect(await qrOf(me, paid.mchntOrderNo)).toBe(first);
    expect(await codesOf(paid.orderId)).toHaveLength(1);
  });

  it("an unpaid order has no code (409)", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor(stationId));
    const d = await detail(booted, me, created.order_id);
    expectError(await getQr(me, d.mchnt_order_no), 409);
    expect(await codesOf(created.order_id)).toHaveLength(0);
  });

  it("another customer's order is not found (404)", async () => {
    const owner = await customer(booted);
    const other = await customer(booted);
    const paid = await paidFuelOrder(owner);
    expectError(await getQr(other, paid.mchntOrderNo), 404);
  });

  it("an unknown order number is not found (404)", async () => {
    const me = await customer(booted);
    expectError(await getQr(me, "FO20241126100000000000000"), 404);
  });

  it("/paycallback's check (issue 22): another customer's order and an unknown number get the very same answer", async () => {
    const owner = await customer(booted);
    const other = await customer(booted);
    const paid = await paidFuelOrder(owner);
    const theirs = await getQr(other, paid.mchntOrderNo);
    const unknown = await getQr(other, "FO20241126100000000000000");
    const shape = (r: LightMyRequestResponse) => ({ status: r.statusCode, tag: r.headers["x-error-tag"], body: r.body });
    expect(shape(theirs)).toEqual(shape(unknown));
    expect(shape(theirs)).toMatchObject({ status: 404, tag: "OrderNotFound" });
    expect(theirs.body).not.toContain(await qrOf(owner, paid.mchntOrderNo));
  });

  it("a used order's code is refused: 'this QR code has already been used'", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    expectSuccess(await redeem(await qrOf(me, paid.mchntOrderNo)));
    expectError(await getQr(me, paid.mchntOrderNo), 409, USED);
  });

  it("the code is still served one second before 48 h after payment", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    const code = await qrOf(me, paid.mchntOrderNo);
    booted.clock.advance(QR_48H - 1);
    expect(await qrOf(me, paid.mchntOrderNo)).toBe(code);
  });

  it("one second after 48 h from payment the code is refused: 'this QR code has expired'", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    await qrOf(me, paid.mchntOrderNo);
    booted.clock.advance(QR_48H + 1);
    expectError(await getQr(me, paid.mchntOrderNo), 409, EXPIRED);
    expect((await detail(booted, me, paid.orderId)).order_status).toBe(8);
  });
});

describe("sandbox/cashier/redeem", () => {
  it("the first redemption makes the order used (3) and its detail shows no code any more", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    const code = await qrOf(me, paid.mchntOrderNo);
    const answer = expectSuccess<{ order_id: number; order_status: number }>(await redeem(code));
    expect(answer).toEqual({ order_id: paid.orderId, order_status: 3 });
    const d = await detail(booted, me, paid.orderId);
    expect(d.order_status).toBe(3);
    expect(d.pay_qrcode).toBeNull();
    const [row] = await codesOf(paid.orderId);
    expect(row?.redeemedAt).not.toBeNull();
  });

  it("a second redemption is refused saying when and by whom (issue 26), and nothing changes", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    const code = await qrOf(me, paid.mchntOrderNo);
    expectSuccess(await redeem(code));
    const [orderBefore, codesBefore] = [await orderRow(paid.orderId), await codesOf(paid.orderId)];
    booted.clock.advance(5);
    expectError(await redeem(code), 409, "this QR code was already used at 2024-11-26 10:00 by sandbox cashier");
    expect(await orderRow(paid.orderId)).toEqual(orderBefore);
    expect(await codesOf(paid.orderId)).toEqual(codesBefore);
  });

  it("an unknown code is refused: 404 'unknown QR code'", async () => {
    expectError(await redeem("KPthis-code-was-never-issued-by-us-000"), 404, "unknown QR code");
  });

  it("one second after 48 h from payment the code is refused: 'this QR code has expired', and the order is not used", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    const code = await qrOf(me, paid.mchntOrderNo);
    booted.clock.advance(QR_48H + 1);
    expectError(await redeem(code), 409, EXPIRED);
    expect((await detail(booted, me, paid.orderId)).order_status).toBe(8);
  });

  it("an expired code is refused as expired even after the order's detail has marked it expired", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    const code = await qrOf(me, paid.mchntOrderNo);
    booted.clock.advance(QR_48H + 1);
    expect((await detail(booted, me, paid.orderId)).order_status).toBe(8);
    expectError(await redeem(code), 409, EXPIRED);
  });

  it("one second before 48 h from payment the code is still redeemed", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    const code = await qrOf(me, paid.mchntOrderNo);
    booted.clock.advance(QR_48H - 1);
    expect(expectSuccess<{ order_status: number }>(await redeem(code)).order_status).toBe(3);
  });

  it("codes are unguessable: 50 paid orders get 50 distinct random codes", async () => {
    let me = await customer(booted);
    const codes: string[] = [];
    for (let i = 0; i < 50; i++) {
      // A customer makes at most 10 orders in 10 minutes (issue 22's churn limit): 5 customers.
      if (i > 0 && i % 10 === 0) me = await customer(booted);
      // Distinct amounts: identical drafts within seconds would be one order (double-tap guard).
      const paid = await paidFuelOrder(me, String(10_000 + i));
      codes.push(await qrOf(me, paid.mchntOrderNo));
    }
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
      // Nothing of the order (its id, number or amount) is readable in the code.
      expect(code).not.toMatch(/FO\d{6}/);
    }
    // No two codes share a long common prefix (sequential or time-based codes would).
    const prefixes = new Set(codes.map((c) => c.slice(0, 6)));
    expect(prefixes.size).toBeGreaterThan(45);
  }, 60_000); // 200 requests: more than the default 20 s when the machine is loaded
});

describe("order/resetQR on a recharge order", () => {
  it("one second before 8 minutes after payment gives a new code and voids the old one", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const old = (await detail(booted, me, orderId)).pay_qrcode;
    expect(old).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    booted.clock.advance(REGENERATE_8MIN - 1);
    const fresh = expectSuccess<{ qrcode: string }>(await resetQr(me, orderId)).qrcode;
    expect(fresh).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(fresh).not.toBe(old);
    expect((await detail(booted, me, orderId)).pay_qrcode).toBe(fresh);
    const rows = await codesOf(orderId);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.code === old)?.voidedAt).toEqual(new Date(booted.clock.now()));
    expect(rows.find((r) => r.code === fresh)?.voidedAt).toBeNull();
  });

  it("one second after 8 minutes from payment it is refused (409) and the code stays", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const old = (await detail(booted, me, orderId)).pay_qrcode;
    booted.clock.advance(REGENERATE_8MIN + 1);
    expectError(await resetQr(me, orderId), 409, NOT_REGENERABLE);
    expect((await detail(booted, me, orderId)).pay_qrcode).toBe(old);
    expect(await codesOf(orderId)).toHaveLength(1);
  });

  it("a top-up replacement recharge (card_type 3) cannot regenerate its code (409)", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me, { card_type: 3 });
    expect((await detail(booted, me, orderId)).card_type).toBe(3);
    expectError(await resetQr(me, orderId), 409, NOT_REGENERABLE);
    expect(await codesOf(orderId)).toHaveLength(1);
  });

  it("a rejected and refunded recharge (refund_status 3) cannot regenerate its code (409)", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    expectSuccess(await post(booted, "/api/sandbox/recharge/settle", { order_id: orderId, result: "rejected", reason: "card frozen by the distributor" }));
    expect((await detail(booted, me, orderId)).refund_status).toBe(3);
    expectError(await resetQr(me, orderId), 409, NOT_REGENERABLE);
    expect((await codesOf(orderId)).every((r) => r.voidedAt !== null)).toBe(true);
  });

  it("an unpaid recharge order has no code to regenerate (409)", async () => {
    const me = await customer(booted);
    const created = expectSuccess<{ order_id: number }>(await call(booted, me, "/api/rechargeorder/create", rechargeDraft()));
    expectError(await resetQr(me, created.order_id), 409, NOT_REGENERABLE);
    expect(await codesOf(created.order_id)).toHaveLength(0);
  });

  it("another customer's recharge order is not found (404)", async () => {
    const owner = await customer(booted);
    const other = await customer(booted);
    const orderId = await paidRecharge(owner);
    expectError(await resetQr(other, orderId), 404);
    expect(await codesOf(orderId)).toHaveLength(1);
  });

  it("the recharge order's code shows one second before 24 h after payment", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const code = (await detail(booted, me, orderId)).pay_qrcode;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    booted.clock.advance(RECHARGE_24H - 1);
    expect((await detail(booted, me, orderId)).pay_qrcode).toBe(code);
  });

  it("the recharge order's code is gone one second after 24 h from payment", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    booted.clock.advance(RECHARGE_24H + 1);
    const d = await detail(booted, me, orderId);
    expect(d.pay_qrcode).toBeNull();
    expect(d.order_status).toBe(2);
  });
});

describe("order/resetQR on a fuel order (issue 12)", () => {
  it("a paid fuel order gets a new code, the old one is voided and no longer redeems", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    const old = await qrOf(me, paid.mchntOrderNo);
    booted.clock.advance(3600);
    const fresh = expectSuccess<{ qrcode: string }>(await resetQr(me, paid.orderId)).qrcode;
    expect(fresh).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(fresh).not.toBe(old);
    expect(await qrOf(me, paid.mchntOrderNo)).toBe(fresh);
    expect((await detail(booted, me, paid.orderId)).pay_qrcode).toBe(fresh);
    expectError(await redeem(old), 409, "no QR code: this order is not paid, or its code is no longer valid");
  });

  it("the new code keeps the 48 h from payment: it is refused one second after 48 h", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    booted.clock.advance(QR_48H - 10);
    expectSuccess(await resetQr(me, paid.orderId));
    booted.clock.advance(11);
    expectError(await getQr(me, paid.mchntOrderNo), 409, EXPIRED);
  });

  it("one second after 48 h from payment the code cannot be regenerated (409)", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    booted.clock.advance(QR_48H + 1);
    expectError(await resetQr(me, paid.orderId), 409, NOT_REGENERABLE);
  });

  it("a used fuel order cannot regenerate its code (409)", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    expectSuccess(await redeem(await qrOf(me, paid.mchntOrderNo)));
    expectError(await resetQr(me, paid.orderId), 409, NOT_REGENERABLE);
  });

  it("a fuel order with a refund asked for cannot regenerate its code (409)", async () => {
    const me = await customer(booted);
    const paid = await paidFuelOrder(me);
    expectSuccess(await call(booted, me, "/api/order/refund", { order_id: paid.orderId, reason: "changed my mind" }));
    expectError(await resetQr(me, paid.orderId), 409, NOT_REGENERABLE);
    expect((await codesOf(paid.orderId)).every((r) => r.voidedAt !== null || r.redeemedAt !== null)).toBe(true);
  });

  it("an unpaid fuel order has no code to regenerate (409)", async () => {
    const me = await customer(booted);
    const created = await createOrder(booted, me, draftFor(stationId));
    expectError(await resetQr(me, created.order_id), 409, NOT_REGENERABLE);
    expect(await codesOf(created.order_id)).toHaveLength(0);
  });

  it("another customer's fuel order is not found (404)", async () => {
    const me = await customer(booted);
    const other = await customer(booted);
    const paid = await paidFuelOrder(me);
    expectError(await resetQr(other, paid.orderId), 404);
  });
});
