import { Pricing, Refund, Time } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cards, orders, stations } from "../../../src/db/schema.ts";
import { settlementQueue } from "../../../src/desk/acts/queue.ts";
import { settleAtDesk } from "../../../src/desk/acts/settle.ts";
import type { BootedApp } from "../../helpers/app.ts";
import { moneyTestSetUp } from "../../helpers/moneyApp.ts";
import { expectSuccess } from "../../identity/support.ts";
import { call, customer, payInSandbox } from "../../orders/support.ts";
import { orderFacts, paidRecharge, recorder, refundDeps, refusalOf } from "./support.ts";

/**
 * The desk's card distributor (issue 26): the queue of paid recharges and card purchases, oldest
 * first; settling through the sandbox's own code, with an act recorded per settlement, and every
 * refusal changing nothing.
 */

const SYSTEM_NOW = Date.parse("2024-11-24T10:00:00Z");

let booted: BootedApp;
let stationId: number;
moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

const now = (): number => booted.clock.now();
const recharge = async (): Promise<number> => paidRecharge(booted, await customer(booted), stationId);

const paidPurchase = async (cents: number): Promise<number> => {
  const me = await customer(booted);
  const body = { order_amount: String(cents), amount: Pricing.cardPurchaseQuote(cents as never).payable, phone: me.phone, paytype: "fy" };
  const { order_id } = expectSuccess<{ order_id: number }>(await call(booted, me, "/api/rechargeorder/buycard", body));
  expectSuccess(await payInSandbox(booted, order_id));
  return order_id;
};

const settle = (orderId: number, result: "done" | "rejected", reason?: string, record = recorder()) =>
  settleAtDesk(refundDeps(booted), orderId, result, reason, now(), record);

/** Settling is refused with `reason`, the order and its payments are as they were, and no act was recorded. */
const refusedChangingNothing = async (orderId: number, result: "done" | "rejected", reason: string, why?: string): Promise<void> => {
  const before = await orderFacts(booted, orderId);
  const record = recorder();
  expect((await refusalOf(settle(orderId, result, why, record))).reason).toBe(reason);
  expect(await orderFacts(booted, orderId)).toEqual(before);
  expect(record.acts).toEqual([]);
};

describe("the settlement queue", () => {
  it("lists paid recharges and card purchases waiting, the oldest payment first, with the whole card, team, amounts and phone", async () => {
    const first = await recharge();
    booted.clock.advance(60);
    const second = await paidPurchase(10_000);
    booted.clock.advance(60);
    const third = await recharge();
    const { orders: queue } = await settlementQueue(booted.db);
    expect(queue.map((o) => o.order_id)).toEqual([first, second, third]);
    const [row] = await booted.db.select().from(orders).where(eq(orders.id, first));
    expect(queue[0]).toMatchObject({
      issues_card: false,
      card_num: row?.cardNum,
      last_number: "1234567",
      team: "珠江物流车队",
      order_amount: 50_000,
      amount: row?.amount,
      phone: row?.phone,
      paid_at: Time.formatChinaIso(SYSTEM_NOW),
    });
    expect(queue[1]).toMatchObject({ issues_card: true, card_num: null });
  });

  it("shows the station the customer chose for a top-up by its title (issue 34); none chosen: null", async () => {
    const chosen = await recharge();
    const none = await recharge();
    await booted.db.update(orders).set({ stationId: null }).where(eq(orders.id, none));
    const [station] = await booted.db.select({ title: stations.title }).from(stations).where(eq(stations.id, stationId));
    const { orders: queue } = await settlementQueue(booted.db);
    expect(queue.find((o) => o.order_id === chosen)?.station_title).toBe(station?.title);
    expect(station?.title).toEqual(expect.any(String));
    expect(queue.find((o) => o.order_id === none)?.station_title).toBeNull();
  });

  it("leaves out what is settled, rejected, unpaid or being refunded", async () => {
    const done = await recharge();
    const rejected = await recharge();
    const refunding = await recharge();
    const waiting = await recharge();
    await settle(done, "done");
    await settle(rejected, "rejected", "card frozen");
    await booted.db.update(orders).set({ refundStatus: Refund.REFUND_STATUS.requested }).where(eq(orders.id, refunding));
    expect((await settlementQueue(booted.db)).orders.map((o) => o.order_id)).toEqual([waiting]);
  });
});

describe("settle at the desk", () => {
  it("'done': the recharge is used (3), one 'settle' act 2 -> 3", async () => {
    const id = await recharge();
    const record = recorder();
    expect(await settle(id, "done", undefined, record)).toEqual({ order_id: id, order_status: 3 });
    expect((await orderFacts(booted, id)).order?.status).toBe(3);
    expect(record.acts).toEqual([{ act: "settle", subject: String(id), before: { order_status: 2 }, after: { order_status: 3 } }]);
  });

  it("'done' on a card purchase issues its card", async () => {
    const id = await paidPurchase(10_000);
    await settle(id, "done");
    const order = (await orderFacts(booted, id)).order;
    expect(order?.cardNum).toEqual(expect.any(String));
    expect(await booted.db.select().from(cards).where(eq(cards.cardnum, order?.cardNum ?? ""))).toHaveLength(1);
  });

  it("'rejected' with a reason: rejected (6), refunded at once, one 'reject' act naming the reason", async () => {
    const id = await recharge();
    const record = recorder();
    expect(await settle(id, "rejected", "  card frozen by the bank ", record)).toEqual({ order_id: id, order_status: 6 });
    const facts = await orderFacts(booted, id);
    expect(facts.order).toMatchObject({ status: 6, reason: "card frozen by the bank", refundStatus: Refund.REFUND_STATUS.refunded });
    expect(facts.payments.every((p) => p.refundNo !== null)).toBe(true);
    expect(record.acts).toEqual([{ act: "reject", subject: String(id), before: { order_status: 2 }, after: { order_status: 6, reason: "card frozen by the bank" } }]);
  });

  it("'rejected' without a reason (or a blank one) is refused: RejectionReasonMissing", async () => {
    const id = await recharge();
    await refusedChangingNothing(id, "rejected", "RejectionReasonMissing");
    await refusedChangingNothing(id, "rejected", "RejectionReasonMissing", "   ");
  });

  it("an order already settled is refused either way: RechargeAlreadySettled", async () => {
    const done = await recharge();
    await settle(done, "done");
    await refusedChangingNothing(done, "done", "RechargeAlreadySettled");
    await refusedChangingNothing(done, "rejected", "RechargeAlreadySettled", "late");
    const rejected = await recharge();
    await settle(rejected, "rejected", "card frozen");
    await refusedChangingNothing(rejected, "done", "RechargeAlreadySettled");
  });

  it("an order whose refund is under way is refused: RechargeRefundUnderWay", async () => {
    const id = await recharge();
    await booted.db.update(orders).set({ refundStatus: Refund.REFUND_STATUS.requested }).where(eq(orders.id, id));
    await refusedChangingNothing(id, "done", "RechargeRefundUnderWay");
  });

  it("an unknown order is not found: OrderNotFound", async () => {
    await refusedChangingNothing(2_000_000, "done", "OrderNotFound");
  });

  it("when the act cannot be recorded, the settlement does not happen either (one transaction)", async () => {
    const id = await recharge();
    const failing = async (): Promise<void> => {
      throw new Error("audit log unavailable");
    };
    await expect(settleAtDesk(refundDeps(booted), id, "rejected", "card frozen", now(), failing)).rejects.toThrow("audit log unavailable");
    const facts = await orderFacts(booted, id);
    expect(facts.order).toMatchObject({ status: 2, refundStatus: 0 });
    expect(facts.payments.every((p) => p.refundNo === null)).toBe(true);
  });
});
