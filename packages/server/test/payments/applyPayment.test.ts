import { Order } from "@fuel/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, payments, qrCodes } from "../../src/db/schema.ts";
import { placeOrder, type PlacedRow } from "../../src/orders/storeNewOrder.ts";
import { STATUS } from "../../src/orderRecords/rows.ts";
import { applyPayment, callApplyPayment, PAY } from "../../src/payments/applyPayment.ts";
import type { ChannelPayment } from "../../src/payments/PaymentChannel.ts";
import { Refusal } from "../../src/refusals/Refusal.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { seedUser } from "../identity/support.ts";
import { placedRows, placementKey } from "../helpers/placedRows.ts";

/**
 * `apply_payment` (drizzle/0008_apply_payment.sql), the one statement that applies a payment
 * (issue 14), called as `applyPayment` calls it: each outcome at its edges, and the rows it
 * writes. On PGlite, and on PostgreSQL with `npm run test:pg` (test/races/applyPayment.race.test.ts
 * adds the concurrent cases there). The whole notification route is test/payments/notifications.test.ts.
 */

let booted: BootedApp;
beforeAll(async () => {
  booted = await bootApp();
});
afterAll(async () => booted.close());
beforeEach(async () => booted.reset());

const NOW = Date.UTC(2026, 10, 25, 1, 0, 0, 123);
const DEADLINE = NOW + 15 * 60_000;
const row = placedRows("FOPAY", NOW);

/** An unpaid order placed as order creation places it; answers its id and merchant number. */
const unpaid = async (overrides: Partial<PlacedRow> = {}) => {
  const user = await seedUser(booted);
  const values = row(overrides);
  const placed = await placeOrder(booted.db, placementKey(user.id, `d${values.mchntOrderNo}`, NOW), values);
  if (placed.outcome !== "placed") throw new Error(placed.outcome);
  return { id: placed.order.id, mchntOrderNo: values.mchntOrderNo, amount: values.amount ?? 0 };
};

const paymentOf = (o: { mchntOrderNo: string; amount: number }, overrides: Partial<ChannelPayment> = {}): ChannelPayment => ({
  channel: "wechat",
  mchntOrderNo: o.mchntOrderNo,
  transactionId: `4200${o.mchntOrderNo}`,
  amountCents: o.amount,
  paidAt: new Date(NOW + 60_000),
  ...overrides,
});

const orderRow = async (id: number) => (await booted.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (orderId: number) => booted.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
const codesOf = (orderId: number) => booted.db.select().from(qrCodes).where(eq(qrCodes.orderId, orderId)).orderBy(asc(qrCodes.code));

/** Every row a payment could touch. */
const everything = async () => ({
  orders: await booted.db.select().from(orders).orderBy(asc(orders.id)),
  payments: await booted.db.select().from(payments).orderBy(asc(payments.id)),
  qrCodes: await booted.db.select().from(qrCodes).orderBy(asc(qrCodes.code)),
});

const APPLIED_AT = NOW + 90_000;

describe("apply_payment", () => {
  it("pays an unpaid order: status unused, paid_at the payment's instant, one payment row as the channel reported it, one live QR code issued now", async () => {
    const o = await unpaid();
    const before = await orderRow(o.id);
    const p = paymentOf(o);
    const applied = await callApplyPayment(booted.db, p, APPLIED_AT);
    expect(applied).toMatchObject({ outcome: "applied", orderId: o.id });
    const [payment] = await paymentsOf(o.id);
    expect(applied.outcome === "applied" && applied.paymentId).toBe(payment?.id);
    expect(payment).toEqual({
      id: payment?.id,
      orderId: o.id,
      channel: "wechat",
      transactionId: p.transactionId,
      amount: o.amount,
      paidAt: p.paidAt,
      receivedAt: new Date(APPLIED_AT),
      refundRequired: false,
      refundedAt: null,
      refundNo: null,
    });
    // Only the status and paid_at change.
    expect(await orderRow(o.id)).toEqual({ ...before, status: STATUS.unused, paidAt: p.paidAt });
    const codes = await codesOf(o.id);
    expect(codes).toEqual([{ code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{16}$/), orderId: o.id, issuedAt: new Date(APPLIED_AT), voidedAt: null, redeemedAt: null, redeemedBy: null }]);
  });

  it("the same channel transaction again is 'duplicate' and writes nothing, even with another amount of time passed", async () => {
    const o = await unpaid();
    expect((await callApplyPayment(booted.db, paymentOf(o), APPLIED_AT)).outcome).toBe("applied");
    const after = await everything();
    expect(await callApplyPayment(booted.db, paymentOf(o), APPLIED_AT + 1)).toEqual({ outcome: "duplicate", orderId: o.id });
    expect(await callApplyPayment(booted.db, paymentOf(o, { paidAt: new Date(NOW + 1) }), DEADLINE + 86_400_000)).toEqual({ outcome: "duplicate", orderId: o.id });
    expect(await everything()).toEqual(after);
  });

  it("a payment made 1 ms before the pay deadline pays the order, even when it arrives a day later", async () => {
    const o = await unpaid();
    const paidAt = new Date(DEADLINE - 1);
    expect((await callApplyPayment(booted.db, paymentOf(o, { paidAt }), DEADLINE + 86_400_000)).outcome).toBe("applied");
    expect(await orderRow(o.id)).toMatchObject({ status: STATUS.unused, paidAt });
  });

  it("a payment made at the pay deadline is recorded for refund; the order and its codes are left alone", async () => {
    const o = await unpaid();
    const before = await orderRow(o.id);
    const applied = await callApplyPayment(booted.db, paymentOf(o, { paidAt: new Date(DEADLINE) }), DEADLINE);
    expect(applied).toMatchObject({ outcome: "refund-required", orderId: o.id });
    const rows = await paymentsOf(o.id);
    expect(rows).toEqual([expect.objectContaining({ id: applied.outcome === "refund-required" ? applied.paymentId : -1, refundRequired: true, paidAt: new Date(DEADLINE), refundedAt: null })]);
    expect(await orderRow(o.id)).toEqual(before);
    expect(await codesOf(o.id)).toEqual([]);
  });

  it("a second, different transaction for a paid order is recorded for refund; the order stays paid with its one code", async () => {
    const o = await unpaid();
    await callApplyPayment(booted.db, paymentOf(o, { transactionId: "T1" }), APPLIED_AT);
    const paid = await orderRow(o.id);
    const codes = await codesOf(o.id);
    expect((await callApplyPayment(booted.db, paymentOf(o, { transactionId: "T2" }), APPLIED_AT + 1)).outcome).toBe("refund-required");
    expect(await orderRow(o.id)).toEqual(paid);
    expect(await codesOf(o.id)).toEqual(codes);
    expect((await paymentsOf(o.id)).map((p) => [p.transactionId, p.refundRequired])).toEqual([
      ["T1", false],
      ["T2", true],
    ]);
  });

  it("an order in any status but unpaid takes no payment: recorded for refund, the order unchanged", async () => {
    for (const status of Order.ORDER_STATUSES.filter((s) => s !== "unpaid")) {
      const o = await unpaid();
      await booted.db
        .update(orders)
        .set({ status: Order.statusCode(status), ...(status === "cancelled" ? {} : { paidAt: new Date(NOW + 1) }) })
        .where(eq(orders.id, o.id));
      const before = await orderRow(o.id);
      expect((await callApplyPayment(booted.db, paymentOf(o), APPLIED_AT)).outcome, status).toBe("refund-required");
      expect(await orderRow(o.id), status).toEqual(before);
      expect(await codesOf(o.id), status).toEqual([]);
    }
  });

  it("a recharge order and a card purchase are paid the same way", async () => {
    const recharge = await unpaid({ kind: "recharge", orderType: 2, cardType: 2, cardNum: "9000000001234567", lastNumber: "1234567", team: "team" });
    const purchase = await unpaid({ kind: "recharge", orderType: 2, cardType: 2, issuesCard: true, team: "team" });
    for (const o of [recharge, purchase]) {
      expect((await callApplyPayment(booted.db, paymentOf(o), APPLIED_AT)).outcome).toBe("applied");
      expect(await orderRow(o.id)).toMatchObject({ status: STATUS.unused, issuesCard: o === purchase });
      expect(await codesOf(o.id)).toHaveLength(1);
    }
  });

  it("an order that somehow has a live code already keeps it and gets no second", async () => {
    const o = await unpaid();
    await booted.db.insert(qrCodes).values({ code: "KPalreadyLiveCode0123456789", orderId: o.id, issuedAt: new Date(NOW) });
    expect((await callApplyPayment(booted.db, paymentOf(o), APPLIED_AT)).outcome).toBe("applied");
    expect((await codesOf(o.id)).map((c) => c.code)).toEqual(["KPalreadyLiveCode0123456789"]);
  });

  it("an unknown merchant number, another channel or another amount (a cent more or less) writes nothing", async () => {
    const o = await unpaid();
    const fy = await unpaid({ paytype: "fy" });
    const before = await everything();
    expect(await callApplyPayment(booted.db, paymentOf(o, { mchntOrderNo: "FO-NOBODY" }), APPLIED_AT)).toEqual({ outcome: "unknown" });
    expect(await callApplyPayment(booted.db, paymentOf(fy), APPLIED_AT)).toEqual({ outcome: "channel-mismatch", orderId: fy.id });
    expect(await callApplyPayment(booted.db, paymentOf(o, { channel: "fy" }), APPLIED_AT)).toEqual({ outcome: "channel-mismatch", orderId: o.id });
    for (const amountCents of [o.amount + 1, o.amount - 1]) {
      expect(await callApplyPayment(booted.db, paymentOf(o, { amountCents }), APPLIED_AT)).toEqual({ outcome: "amount-mismatch", orderId: o.id, due: o.amount });
    }
    expect(await everything()).toEqual(before);
  });

  it("applyPayment turns the refusals into 404 and 400 refusals with their data, and the rest into outcomes", async () => {
    const o = await unpaid();
    const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => (e instanceof Refusal ? { reason: e.reason, params: e.params } : e));
    expect(await refusal(applyPayment(booted.db, paymentOf(o, { mchntOrderNo: "FO-NOBODY" }), APPLIED_AT))).toEqual({ reason: "OrderNotFound", params: undefined });
    expect(await refusal(applyPayment(booted.db, paymentOf(o, { channel: "fy" }), APPLIED_AT))).toEqual({ reason: "PaymentChannelMismatch", params: undefined });
    expect(await refusal(applyPayment(booted.db, paymentOf(o, { amountCents: 1 }), APPLIED_AT))).toEqual({ reason: "PaymentAmountMismatch", params: { paid: 1, due: o.amount } });
    const applied = await applyPayment(booted.db, paymentOf(o), APPLIED_AT);
    expect(applied).toMatchObject({ kind: "applied", orderId: o.id });
    expect(await applyPayment(booted.db, paymentOf(o), APPLIED_AT)).toEqual({ kind: "duplicate", orderId: o.id });
    expect(await applyPayment(booted.db, paymentOf(o, { transactionId: "other" }), APPLIED_AT)).toMatchObject({ kind: "refund-required", orderId: o.id });
  });
});

describe("Pay as apply_payment takes it from the domain", () => {
  it("is accepted from unpaid only and leads to unused", () => {
    expect(PAY).toEqual({ payableFrom: [STATUS.unpaid], paidStatus: STATUS.unused });
  });
});
