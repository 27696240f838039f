import { Money, Pricing } from "@fuel/domain";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { cards, orders } from "../../src/db/schema.ts";
import { payDescription } from "../../src/payments/openPayment.ts";
import { PERSONAL_TEAM } from "../../src/recharge/cards.ts";
import { issueVirtualCard } from "../../src/recharge/issueCard.ts";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, rechargeDraftFor } from "../helpers/moneyApp.ts";
import { count, expectError, expectSuccess, get, post, seedUser, tokenFor } from "../identity/support.ts";
import { call, customer, detail, payInSandbox, type Customer } from "../orders/support.ts";

/**
 * Buying a new virtual card (issue 13, /heartcard, `POST /api/rechargeorder/buycard`): a recharge
 * order priced at the card-purchase page's 4.61 a litre with 0.5 off, with no card until the
 * distributor settles it 'done', which issues the card to the order's phone.
 */

/** 2024-11-24 18:00 China time, before the maintenance window (as the recharge tests). */
const SYSTEM_NOW = Date.parse("2024-11-24T10:00:00Z");
/** 02:00 China time on 2024-11-25, inside the window. */
const IN_MAINTENANCE = Date.parse("2024-11-24T18:00:00Z");
const VIRTUAL_PREFIX = DEMO_SITE_SETTINGS.virtual_common_num;
const PATH = "/api/rechargeorder/buycard";

let booted: BootedApp;
let stationId: number;

moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

/** What the page shows for an amount: `Pricing.cardPurchaseQuote`, independently re-derived here at 461/511. */
const payable = (cents: number): number => Pricing.cardPurchaseQuote(cents as never).payable;

const purchase = (cents: number, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  order_amount: String(cents),
  amount: payable(cents),
  phone: "13800138000",
  paytype: "fy",
  ...overrides,
});

const buy = (who: Customer, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  call(booted, who, PATH, body, headers);

interface Created {
  readonly result_code: string;
  readonly result_msg: string;
  readonly reserved_pay_info: Record<string, string>;
  readonly reserved_fy_order_no: string;
  readonly order_id: number;
}

const bought = async (who: Customer, body: Record<string, unknown> = purchase(100_000)): Promise<Created> => expectSuccess<Created>(await buy(who, body));

const row = async (orderId: number) => {
  const [order] = await booted.db.select().from(orders).where(eq(orders.id, orderId));
  if (order === undefined) throw new Error(`no order ${orderId}`);
  return order;
};

const counts = async () => ({
  orders: await count(booted.db, "orders"),
  cards: await count(booted.db, "cards"),
  ledger: await count(booted.db, "sandbox_channel_orders"),
  idempotency_keys: await count(booted.db, "idempotency_keys"),
});

const expectRefusedNoRow = async (res: Promise<LightMyRequestResponse>, status: number, message?: string): Promise<void> => {
  const before = await counts();
  expectError(await res, status, message);
  expect(await counts()).toEqual(before);
};

const settle = (orderId: number, result: "done" | "rejected", reason?: string): Promise<LightMyRequestResponse> =>
  post(booted, "/api/sandbox/recharge/settle", { order_id: orderId, result, ...(reason === undefined ? {} : { reason }) });

const paidPurchase = async (who: Customer, body: Record<string, unknown> = purchase(100_000)): Promise<number> => {
  const { order_id } = await bought(who, body);
  expectSuccess(await payInSandbox(booted, order_id));
  return order_id;
};

interface CardEntry {
  readonly card_num: string;
  readonly last_number: string;
  readonly team: string;
  readonly card_type: number;
}

const cardList = async (who: Customer) => expectSuccess<{ entity_list: CardEntry[]; virtual_list: CardEntry[] }>(await get(booted, "/api/recharge/cardlist", { token: who.token }));

describe("rechargeorder/buycard creates a card purchase", () => {
  it("answers RechargeOrderCreated: result_code 000000, the FY pay parameters and the order id", async () => {
    const me = await customer(booted);
    const answer = await bought(me);
    expect(answer.result_code).toBe("000000");
    expect(answer.result_msg).toBe("order created");
    expect(answer.reserved_pay_info["package"]).toMatch(/^prepay_id=/);
    expect(answer.reserved_fy_order_no.length).toBeGreaterThan(0);
    expect(answer.order_id).toBeGreaterThan(0);
  });

  it("stores a recharge order: card_type 2, order_type 1, paytype fy, prices 511/461, no station, no card yet, marked issues_card", async () => {
    const me = await customer(booted);
    const { order_id } = await bought(me, purchase(100_000, { phone: "13700137000" }));
    expect(await row(order_id)).toMatchObject({
      kind: "recharge",
      status: 1,
      cardType: 2,
      orderType: 1,
      paytype: "fy",
      gasType: "0#",
      orderAmount: 100_000,
      amount: 90_215,
      gasOriginalPrice: 511,
      gasNowPrice: 461,
      stationId: null,
      phone: "13700137000",
      cardNum: null,
      lastNumber: null,
      team: null,
      issuesCard: true,
    });
    const ledger = await booted.db.execute(sql`SELECT channel, amount FROM sandbox_channel_orders`);
    expect(ledger.rows).toEqual([{ channel: "fy", amount: 90_215 }]);
  });

  it("the order's detail before settling: issues_card, no card, no station, the page's prices", async () => {
    const me = await customer(booted);
    const { order_id } = await bought(me);
    expect(await detail(booted, me, order_id)).toMatchObject({
      order_id,
      order_status: 1,
      order_type: 1,
      card_type: 2,
      issues_card: true,
      card_num: null,
      last_number: null,
      stationInfo: null,
      gas_original_price: 511,
      gas_now_price: 461,
      order_amount: 100_000,
      amount: 90_215,
      paytype: "fy",
      pay_qrcode: null,
    });
  });

  it("the pay sheet says a new card is bought, with no card number", () => {
    expect(payDescription({ kind: "recharge", gasType: "0#", orderAmount: Money.cents(100_000), lastNumber: null, issuesCard: true })).toBe("New virtual diesel card ¥1000.00");
    expect(payDescription({ kind: "recharge", gasType: "0#", orderAmount: Money.cents(100_000), lastNumber: "1234567", issuesCard: false })).toBe("Fuel card recharge 4567 ¥1000.00");
  });

  it("the payable is Pricing.cardPurchaseQuote's (chargeable: at least a cent) for any amount up to 5000 yuan", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 500_000 }), async (cents) => {
        const me = await customer(booted);
        const { order_id } = await bought(me, purchase(cents));
        const stored = await row(order_id);
        expect(stored.orderAmount).toBe(cents);
        expect(stored.amount).toBe(Pricing.payableCents(cents, 461, 511));
        expect(stored.amount).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 12 },
    );
  });

  it("1 cent pays 1 cent; exactly 5000 yuan is accepted", async () => {
    const me = await customer(booted);
    expect((await row((await bought(me, purchase(1))).order_id)).amount).toBe(1);
    expect((await row((await bought(me, purchase(500_000))).order_id)).amount).toBe(Pricing.payableCents(500_000, 461, 511));
  });
});

describe("rechargeorder/buycard refusals write nothing", () => {
  it("above 5000 yuan: 400 'single amount cannot exceed 5000 yuan'", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(buy(me, purchase(500_001)), 400, "single amount cannot exceed 5000 yuan");
    await expectRefusedNoRow(buy(me, purchase(1_000_000)), 400, "single amount cannot exceed 5000 yuan");
  });

  it("zero: 400 'amount must be more than 0'; empty: 400 'amount cannot be empty'", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(buy(me, purchase(0, { amount: 0 })), 400, "amount must be more than 0");
    await expectRefusedNoRow(buy(me, purchase(100, { order_amount: "" })), 400, "amount cannot be empty");
  });

  it("an amount other than the server's payable: 409 'the price has changed' with the server's figure", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(buy(me, purchase(100_000, { amount: 90_216 })), 409, "the price has changed: the amount to pay is now 902.15 yuan");
    // The face value as the amount (no discount) is not the price either.
    await expectRefusedNoRow(buy(me, purchase(100_000, { amount: 100_000 })), 409, "the price has changed: the amount to pay is now 902.15 yuan");
  });

  it("a wrong phone: 400 'enter a correct phone number'", async () => {
    const me = await customer(booted);
    for (const phone of ["", "1380013800", "138001380000", "2380013800a"]) {
      await expectRefusedNoRow(buy(me, purchase(10_000, { phone })), 400, "enter a correct phone number");
    }
  });

  it("a paytype other than fy, or a missing field: 400", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(buy(me, purchase(10_000, { paytype: "wechat" })), 400);
    const { amount: _amount, ...withoutAmount } = purchase(10_000);
    await expectRefusedNoRow(buy(me, withoutAmount), 400);
  });

  it("activated customers only: not activated 400 'account not activated', no token 401", async () => {
    const user = await seedUser(booted, { activated: false });
    const notActivated = { id: user.id, token: await tokenFor(booted, user.id), phone: user.phone ?? "" };
    await expectRefusedNoRow(buy(notActivated, purchase(10_000)), 400, "account not activated");
    await expectRefusedNoRow(buy({ ...notActivated, token: "no-such-token" }, purchase(10_000)), 401);
  });

  it("a customer without a messaging-app identity: 400 'authorize via messaging app first'", async () => {
    const me = await customer(booted, undefined, { oauthId: null });
    await expectRefusedNoRow(buy(me, purchase(10_000)), 400, "authorize via messaging app first");
  });

  it("during the maintenance window: 'card service paused for system upgrade'", async () => {
    const me = await customer(booted);
    await bought(me, purchase(10_000));
    booted.clock.advance((IN_MAINTENANCE - SYSTEM_NOW) / 1000);
    await expectRefusedNoRow(buy(me, purchase(10_001)), 400, "card service paused for system upgrade");
  });
});

describe("rechargeorder/buycard as any order: Idempotency-Key, double tap, the unpaid cap", () => {
  it("the same key and body twice make one order, and the second answer is the first", async () => {
    const me = await customer(booted);
    const headers = { "idempotency-key": "buy-key-1" };
    const first = expectSuccess<Created>(await buy(me, purchase(10_000), headers));
    booted.clock.advance(6);
    const second = expectSuccess<Created>(await buy(me, purchase(10_000), headers));
    expect(second).toEqual(first);
    expect(await count(booted.db, "orders")).toBe(1);
  });

  it("the same key with another body is refused (400), and a key used on rechargeorder/create cannot be replayed here", async () => {
    const me = await customer(booted);
    const headers = { "idempotency-key": "buy-key-2" };
    expectSuccess(await buy(me, purchase(10_000), headers));
    expectError(await buy(me, purchase(20_000), headers), 400);
    expect(await count(booted.db, "orders")).toBe(1);
    const recharged = { "idempotency-key": "recharge-then-buy" };
    expectSuccess(await call(booted, me, "/api/rechargeorder/create", rechargeDraftFor(stationId), recharged));
    expectError(await buy(me, purchase(30_000), recharged), 400);
    expect(await count(booted.db, "orders")).toBe(2);
  });

  it("a double tap (the same purchase within 5 s, no key) answers the first order", async () => {
    const me = await customer(booted);
    const first = await bought(me, purchase(10_000));
    booted.clock.advance(2);
    expect((await bought(me, purchase(10_000))).order_id).toBe(first.order_id);
    booted.clock.advance(4);
    expect((await bought(me, purchase(10_000))).order_id).not.toBe(first.order_id);
  });

  it("a customer with 5 unpaid orders is refused a sixth (409), recharges and purchases together", async () => {
    const me = await customer(booted);
    for (let i = 1; i <= 5; i += 1) await bought(me, purchase(10_000 + i));
    await expectRefusedNoRow(buy(me, purchase(20_000)), 409, "you have 5 unpaid orders: pay or cancel one first");
  });
});

describe("settling a purchase issues the card", () => {
  it("'done' issues a virtual card: virtual_common_num + 7 digits, bound to the order's phone, team '个人', status normal", async () => {
    const me = await customer(booted);
    const orderId = await paidPurchase(me, purchase(100_000, { phone: "13700137000" }));
    const cardsBefore = await count(booted.db, "cards");
    expect(expectSuccess(await settle(orderId, "done"))).toEqual({ order_id: orderId, order_status: 3 });
    expect(await count(booted.db, "cards")).toBe(cardsBefore + 1);
    const order = await row(orderId);
    expect(order.cardNum).toMatch(new RegExp(`^${VIRTUAL_PREFIX}\\d{7}$`));
    expect(order.lastNumber).toBe(order.cardNum!.slice(-7));
    expect(order.team).toBe(PERSONAL_TEAM);
    const [card] = await booted.db.select().from(cards).where(eq(cards.cardnum, order.cardNum!));
    expect(card).toMatchObject({ phonenum: "13700137000", team: "个人", status: "normal", cardType: 2 });
  });

  it("the order's detail then carries the card; the card is in the customer's virtual_list", async () => {
    const me = await customer(booted, "13800138000");
    const orderId = await paidPurchase(me);
    expectSuccess(await settle(orderId, "done"));
    const d = await detail(booted, me, orderId);
    expect(d).toMatchObject({ order_status: 3, issues_card: true, card_num: expect.stringMatching(/^\d+$/), last_number: expect.stringMatching(/^\d{7}$/) });
    const list = await cardList(me);
    expect(list.virtual_list).toContainEqual({ card_num: d["card_num"], last_number: d["last_number"], team: "个人", card_type: 2, card_ref: expect.any(String) });
  });

  it("a card bought for one's own phone is in one's list; one bought for another phone is in both customers' lists (the buyer's by its last 4 digits)", async () => {
    const buyer = await customer(booted, "13600136000");
    const friend = await customer(booted, "13500135000");
    const own = await paidPurchase(buyer, purchase(10_000, { phone: "13600136000" }));
    const gift = await paidPurchase(buyer, purchase(20_000, { phone: "13500135000" }));
    expectSuccess(await settle(own, "done"));
    expectSuccess(await settle(gift, "done"));
    const [ownCard, giftCard] = [(await row(own)).cardNum, (await row(gift)).cardNum];
    const hidden = (n: string | null) => `${"*".repeat((n ?? "").length - 4)}${(n ?? "").slice(-4)}`;
    expect((await cardList(buyer)).virtual_list.map((c) => c.card_num).sort()).toEqual([ownCard, hidden(giftCard)].sort());
    expect((await cardList(friend)).virtual_list.map((c) => c.card_num)).toEqual([giftCard]);
  });

  it("the new card can be topped up like any virtual card, by its last 7 digits and its team", async () => {
    const me = await customer(booted, "13600136000");
    const orderId = await paidPurchase(me, purchase(10_000, { phone: "13600136000" }));
    expectSuccess(await settle(orderId, "done"));
    const { lastNumber } = await row(orderId);
    const draft = rechargeDraftFor(stationId, { card_type: 2, last_number: lastNumber, order_amount: "10000", phone: "13600136000", team: PERSONAL_TEAM });
    expect(expectSuccess<Created>(await call(booted, me, "/api/rechargeorder/create", draft)).result_code).toBe("000000");
  });

  it("'rejected' with a reason refunds the purchase as any recharge and issues nothing", async () => {
    const me = await customer(booted);
    const orderId = await paidPurchase(me);
    const cardsBefore = await count(booted.db, "cards");
    expect(expectSuccess(await settle(orderId, "rejected", "out of virtual cards"))).toEqual({ order_id: orderId, order_status: 6 });
    expect(await count(booted.db, "cards")).toBe(cardsBefore);
    const d = await detail(booted, me, orderId);
    expect(d).toMatchObject({ order_status: 6, reason: "out of virtual cards", refund_status: 3, card_num: null, last_number: null });
    expect((await cardList(me)).virtual_list).toEqual([]);
  });

  it("settling twice issues one card: the second settlement is refused (409) and changes nothing", async () => {
    const me = await customer(booted);
    const orderId = await paidPurchase(me);
    expectSuccess(await settle(orderId, "done"));
    const after = { order: await row(orderId), cards: await count(booted.db, "cards") };
    expectError(await settle(orderId, "done"), 409);
    expectError(await settle(orderId, "rejected", "again"), 409);
    expect({ order: await row(orderId), cards: await count(booted.db, "cards") }).toEqual(after);
  });

  it("an unpaid purchase cannot be settled (409) and issues nothing", async () => {
    const me = await customer(booted);
    const { order_id } = await bought(me);
    const cardsBefore = await count(booted.db, "cards");
    expectError(await settle(order_id, "done"), 409);
    expect(await count(booted.db, "cards")).toBe(cardsBefore);
    expect((await row(order_id)).cardNum).toBeNull();
  });

  it("without site settings the settlement waits (503) and nothing changes", async () => {
    const me = await customer(booted);
    const orderId = await paidPurchase(me);
    await booted.db.execute(sql`DELETE FROM site_settings`);
    const before = { order: await row(orderId), cards: await count(booted.db, "cards") };
    expectError(await settle(orderId, "done"), 503);
    expect({ order: await row(orderId), cards: await count(booted.db, "cards") }).toEqual(before);
  });
});

describe("issueVirtualCard: 7 digits no other card ends with", () => {
  it("draws again past digits another card ends with (whatever its prefix) and past a taken number", async () => {
    const draws = ["1234567", "7654321", "0000042"];
    const card = await booted.db.transaction((tx) => issueVirtualCard(tx, "13800138000", booted.clock.now(), () => draws.shift()!));
    // 1234567 ends the demo entity card, 7654321 the demo virtual card of the same prefix.
    expect(card.cardnum).toBe(`${VIRTUAL_PREFIX}0000042`);
    expect(draws).toEqual([]);
  });

  it("never ends like another card, for many cards", async () => {
    await booted.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i += 1) await issueVirtualCard(tx, "13800138000", booted.clock.now());
    });
    const rows = await booted.db.select({ cardnum: cards.cardnum }).from(cards);
    const endings = rows.map((r) => r.cardnum.slice(-7));
    expect(new Set(endings).size).toBe(endings.length);
  });
});

describe("the personal team is no fleet", () => {
  it("getcardnumbyteam '个人' answers only the caller's own personal cards", async () => {
    const me = await customer(booted, "13600136000");
    const other = await customer(booted, "13500135000");
    expectSuccess(await settle(await paidPurchase(me, purchase(10_000, { phone: "13600136000" })), "done"));
    expectSuccess(await settle(await paidPurchase(other, purchase(10_000, { phone: "13500135000" })), "done"));
    const mine = expectSuccess<Array<{ cardnum: string; phonenum: string; team: string }>>(await call(booted, me, "/api/recharge/getcardnumbyteam", { team: "个人" }));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ phonenum: "13600136000", team: "个人" });
  });
});
