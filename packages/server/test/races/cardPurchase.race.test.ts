import { Pricing } from "@fuel/domain";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cards, orders } from "../../src/db/schema.ts";
import { issueVirtualCard } from "../../src/recharge/issueCard.ts";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { count, expectSuccess, post } from "../identity/support.ts";
import { call, customer, payInSandbox, seedCatalogue, type Customer } from "../orders/support.ts";

/**
 * Issuing bought cards under real concurrency (issue 13; PostgreSQL only: PGlite runs one
 * transaction at a time, so a race there proves nothing). Every request of a round is started
 * before any is answered.
 */

let booted: BootedApp;
let me: Customer;

beforeAll(async () => {
  booted = await bootApp();
  expect(booted.database.kind).toBe("postgres");
});
afterAll(async () => booted.close());
beforeEach(async () => {
  await booted.reset();
  await seedCatalogue(booted);
  me = await customer(booted);
});

/** A paid card purchase, by `buyer` (a round of many purchases gives each its own: one customer makes at most 10 creations in 10 minutes). */
const paidPurchase = async (cents: number, buyer: Customer = me): Promise<number> => {
  const body = { order_amount: String(cents), amount: Pricing.cardPurchaseQuote(cents as never).payable, phone: "13800138000", paytype: "fy" };
  const { order_id } = expectSuccess<{ order_id: number }>(await call(booted, buyer, "/api/rechargeorder/buycard", body));
  expectSuccess(await payInSandbox(booted, order_id));
  return order_id;
};

const settle = (orderId: number): Promise<LightMyRequestResponse> => post(booted, "/api/sandbox/recharge/settle", { order_id: orderId, result: "done" });

const personalCards = () => booted.db.select().from(cards).where(eq(cards.team, "个人"));

describe("one purchase settled many times at once", () => {
  it("over 20 rounds, two settlements at once: one succeeds, the other is refused, one card, the order names it", async () => {
    for (let round = 0; round < 20; round++) {
      const orderId = await paidPurchase(10_000 + round, await customer(booted));
      const answers = await Promise.all([settle(orderId), settle(orderId)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const [order] = await booted.db.select().from(orders).where(eq(orders.id, orderId));
      const issued = (await personalCards()).filter((c) => c.cardnum === order?.cardNum);
      expect(issued).toHaveLength(1);
      expect(await count(booted.db, "cards")).toBe(5 + round + 1);
    }
  });

  it("ten settlements at once: one card", async () => {
    const orderId = await paidPurchase(10_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => settle(orderId)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await personalCards()).toHaveLength(1);
  });
});

describe("many purchases settled at once", () => {
  it("five purchases settled at once: five cards, each number its own, none ending like another card", async () => {
    const orderIds: number[] = [];
    for (let i = 0; i < 5; i++) orderIds.push(await paidPurchase(20_000 + i));
    const answers = await Promise.all(orderIds.map((id) => settle(id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    const all = await booted.db.select({ cardnum: cards.cardnum }).from(cards);
    expect(new Set(all.map((c) => c.cardnum.slice(-7))).size).toBe(all.length);
  });

  it("two settlements drawing the same digits at once: the one that loses the UNIQUE number draws again", async () => {
    // Both check the digits before either has inserted, then both insert: the second waits for the
    // first to commit, inserts nothing and must draw again.
    const issue = (draws: string[]) =>
      booted.db.transaction(async (tx) => {
        const card = await issueVirtualCard(tx, "13800138000", booted.clock.now(), () => draws.shift()!);
        await sleep(100);
        return card;
      });
    const drawsA = ["5555555", "6666666"];
    const drawsB = ["5555555", "7777777"];
    const [a, b] = await Promise.all([issue(drawsA), issue(drawsB)]);
    // Exactly one of them had to draw a second time.
    expect([drawsA.length, drawsB.length].sort()).toEqual([0, 1]);
    const prefix = DEMO_SITE_SETTINGS.virtual_common_num;
    const numbers = [a.cardnum, b.cardnum];
    expect(numbers).toContain(`${prefix}5555555`);
    expect(numbers.filter((n) => n !== `${prefix}5555555`)).toEqual([expect.stringMatching(new RegExp(`^${prefix}(6666666|7777777)$`))]);
    expect(a.cardnum).not.toBe(b.cardnum);
    expect(await personalCards()).toHaveLength(2);
  });
});
