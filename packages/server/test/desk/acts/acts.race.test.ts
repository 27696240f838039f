import { Refund } from "@fuel/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, payments, qrCodes } from "../../../src/db/schema.ts";
import { redeemAtDesk } from "../../../src/desk/acts/redeem.ts";
import { settleAtDesk } from "../../../src/desk/acts/settle.ts";
import { Refusal } from "../../../src/refusals/Refusal.ts";
import { bootApp, type BootedApp } from "../../helpers/app.ts";
import { paidFuelOrder } from "../../helpers/moneyApp.ts";
import { call, customer, dieselStation, seedCatalogue } from "../../orders/support.ts";
import { cashierAt, paidRecharge, recorder, refundDeps } from "./support.ts";

/**
 * The desk's acts under real concurrency (issue 26; PostgreSQL only: PGlite runs one transaction
 * at a time, so a race there proves nothing). Every call of a round starts before any is answered.
 */

let booted: BootedApp;
let stationId: number;
beforeAll(async () => {
  booted = await bootApp();
  expect(booted.database.kind).toBe("postgres");
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  await seedCatalogue(booted);
  stationId = (await dieselStation(booted)).id;
});

/** Each outcome as "ok" or the refusal's reason (anything else fails the test). */
const outcomes = async (calls: ReadonlyArray<Promise<unknown>>): Promise<string[]> =>
  Promise.all(
    calls.map((c) =>
      c.then(
        () => "ok",
        (e: unknown) => {
          if (e instanceof Refusal) return e.reason;
          throw e;
        },
      ),
    ),
  );

const orderRow = async (id: number) => (await booted.db.select().from(orders).where(eq(orders.id, id)))[0];
const refundsOf = async (id: number) => (await booted.db.select().from(payments).where(eq(payments.orderId, id))).filter((p) => p.refundNo !== null);

describe("one code redeemed by many cashiers at once", () => {
  it("20 concurrent redeems of one code: exactly one succeeds, 19 are told when and by whom, one act recorded", async () => {
    const order = await paidFuelOrder(booted, await customer(booted), stationId);
    const record = recorder();
    const cashiers = Array.from({ length: 20 }, (_, i) => ({ ...cashierAt(stationId), id: 100 + i, name: `cashier.${i}` }));
    const results = await outcomes(cashiers.map((c) => redeemAtDesk(booted.db, order.qrcode, booted.clock.now(), c, record)));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "QrUsedBy")).toHaveLength(19);
    expect(record.acts).toHaveLength(1);
    const winner = cashiers[results.indexOf("ok")]?.name;
    const [code] = await booted.db.select().from(qrCodes).where(eq(qrCodes.orderId, order.orderId));
    expect(code?.redeemedBy).toBe(winner);
    expect((await orderRow(order.orderId))?.status).toBe(3);
  });
});

describe("a desk act racing the customer's refund", () => {
  it("over 10 rounds, redeem and the customer's refund at once: exactly one wins, and the money agrees with the winner", async () => {
    for (let round = 0; round < 10; round++) {
      const me = await customer(booted);
      const order = await paidFuelOrder(booted, me, stationId);
      const [redeemed, refund] = await Promise.all([
        outcomes([redeemAtDesk(booted.db, order.qrcode, booted.clock.now(), cashierAt(stationId), recorder())]),
        call(booted, me, "/api/order/refund", { order_id: order.orderId, reason: "changed my mind" }),
      ]);
      const refunded = refund.statusCode === 200;
      expect([redeemed[0] === "ok", refunded].filter(Boolean)).toHaveLength(1);
      const row = await orderRow(order.orderId);
      if (refunded) {
        expect(redeemed[0]).toBe("QrRefunded");
        expect(row?.status).toBe(7);
        expect(row?.refundStatus).toBe(Refund.REFUND_STATUS.refunded);
        expect(await refundsOf(order.orderId)).toHaveLength(1);
      } else {
        expect(row?.status).toBe(3);
        expect(row?.refundStatus).toBe(Refund.REFUND_STATUS.none);
        expect(await refundsOf(order.orderId)).toHaveLength(0);
      }
    }
  });

  it("over 10 rounds, 'done' and 'rejected' by two distributors at once, while the customer asks for a refund: one settlement wins, at most one refund", async () => {
    for (let round = 0; round < 10; round++) {
      const me = await customer(booted);
      const id = await paidRecharge(booted, me, stationId);
      const now = booted.clock.now();
      const [settled, refund] = await Promise.all([
        outcomes([
          settleAtDesk(refundDeps(booted), id, "done", undefined, now, recorder()),
          settleAtDesk(refundDeps(booted), id, "rejected", "card frozen", now, recorder()),
        ]),
        call(booted, me, "/api/order/refund", { order_id: id, reason: "changed my mind" }),
      ]);
      // A recharge is refunded only by its rejection; the customer's own request is refused.
      expect(refund.statusCode).toBe(409);
      expect(settled.filter((r) => r === "ok")).toHaveLength(1);
      expect(settled.filter((r) => r === "RechargeAlreadySettled")).toHaveLength(1);
      const row = await orderRow(id);
      const rejectedWon = settled[1] === "ok";
      expect(row?.status).toBe(rejectedWon ? 6 : 3);
      expect(await refundsOf(id)).toHaveLength(rejectedWon ? 1 : 0);
    }
  });

  it("a settlement racing a refund already requested on the order (refund_status set under the lock) is refused and refunds nothing twice", async () => {
    const id = await paidRecharge(booted, await customer(booted), stationId);
    const [settled] = await Promise.all([
      outcomes([settleAtDesk(refundDeps(booted), id, "done", undefined, booted.clock.now(), recorder())]),
      booted.db.update(orders).set({ refundStatus: Refund.REFUND_STATUS.requested }).where(eq(orders.id, id)),
    ]);
    const row = await orderRow(id);
    // Whichever took the lock first decided: settled (3, the refund flag came after) or refused.
    if (settled[0] === "ok") expect(row?.status).toBe(3);
    else {
      expect(settled[0]).toBe("RechargeRefundUnderWay");
      expect(row?.status).toBe(2);
    }
  });
});

