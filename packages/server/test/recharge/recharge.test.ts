import { Pricing } from "@fuel/domain";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { orders, payments, qrCodes, sandboxChannelOrders } from "../../src/db/schema.ts";
import { DEMO_SITE_SETTINGS } from "../../src/seed/demoStations.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, rechargeDraftFor, rechargePayable } from "../helpers/moneyApp.ts";
import { count, expectError, expectSuccess, get, post } from "../identity/support.ts";
import { call, createOrder, customer, detail, draftFor, payInSandbox, type Customer } from "../orders/support.ts";

/**
 * Fuel-card recharge (issue 4; spec §3, §4, §5, §7): the customer's cards and card look-ups, the
 * recharge order (FY channel only, validated card, amount and station, server-computed payable),
 * and its settlement by the card distributor (`sandbox/recharge/settle`).
 */

/**
 * A fixed system time (2024-11-24 18:00 China time), eight hours before the maintenance window
 * (2024-11-25 01:30-06:30 China time), so one app serves both sides of it: `reset()` puts the
 * clock back here before every test.
 */
const SYSTEM_NOW = Date.parse("2024-11-24T10:00:00Z");
/** Inside the maintenance window: 02:00 China time on 2024-11-25. */
const IN_MAINTENANCE = Date.parse("2024-11-24T18:00:00Z");

const ENTITY_PREFIX = DEMO_SITE_SETTINGS.entity_common_num;
const VIRTUAL_PREFIX = DEMO_SITE_SETTINGS.virtual_common_num;
const ZHUJIANG = "珠江物流车队";
/** Issue 22: the reference a card look-up or the card list names each card by. */
const REF = expect.stringMatching(/^\d+\.[\w-]{43}$/);
const PENGCHENG = "鹏城运输车队";

let booted: BootedApp;
let stationId: number;

moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

/** Yuan with two decimals, computed here independently of the server's formatter. */
const yuan = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** The demo entity card of 13912345678, priced as the server prices it; `overrides` may change anything. */
const rechargeDraft = (overrides: Record<string, unknown> = {}): Record<string, unknown> => rechargeDraftFor(stationId, overrides);

const createRecharge = (who: Customer, draft: Record<string, unknown>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  call(booted, who, "/api/rechargeorder/create", draft, headers);

interface RechargeCreated {
  readonly result_code: string;
  readonly result_msg: string;
  readonly reserved_pay_info: Record<string, string>;
  readonly reserved_fy_order_no: string;
  readonly order_id: number;
}

const created = async (who: Customer, draft: Record<string, unknown> = rechargeDraft()): Promise<RechargeCreated> =>
  expectSuccess<RechargeCreated>(await createRecharge(who, draft));

const paidRecharge = async (who: Customer): Promise<number> => {
  const { order_id } = await created(who);
  expectSuccess(await payInSandbox(booted, order_id));
  expect((await detail(booted, who, order_id)).order_status).toBe(2);
  return order_id;
};

const settle = (orderId: number, result: "done" | "rejected", reason?: string): Promise<LightMyRequestResponse> =>
  post(booted, "/api/sandbox/recharge/settle", { order_id: orderId, result, ...(reason === undefined ? {} : { reason }) });

/** Rows of every table a recharge order can write. */
const moneyCounts = async () => ({
  orders: await count(booted.db, "orders"),
  payments: await count(booted.db, "payments"),
  qr_codes: await count(booted.db, "qr_codes"),
  ledger: await count(booted.db, "sandbox_channel_orders"),
  idempotency_keys: await count(booted.db, "idempotency_keys"),
});

/** A refused draft: the status and message, and no row written anywhere. */
const expectRefusedNoRow = async (who: Customer, draft: Record<string, unknown>, status: number, message?: string): Promise<void> => {
  const before = await moneyCounts();
  expectError(await createRecharge(who, draft), status, message);
  expect(await moneyCounts()).toEqual(before);
};

/** Everything a settlement could touch for one order. */
const snapshot = async (orderId: number) => {
  const [order] = await booted.db.select().from(orders).where(eq(orders.id, orderId));
  if (order === undefined) throw new Error(`no order ${orderId}`);
  return {
    order,
    payments: await booted.db.select().from(payments).where(eq(payments.orderId, orderId)),
    codes: await booted.db.select().from(qrCodes).where(eq(qrCodes.orderId, orderId)),
    ledger: await booted.db.select().from(sandboxChannelOrders).where(eq(sandboxChannelOrders.mchntOrderNo, order.mchntOrderNo)),
  };
};

describe("the customer's cards", () => {
  it("cardlist shows the cards registered to the customer's phone, entity and virtual apart", async () => {
    const me = await customer(booted, "13912345678");
    const list = expectSuccess<{ entity_list: unknown[]; virtual_list: unknown[] }>(await get(booted, "/api/recharge/cardlist", { token: me.token }));
    expect(list).toEqual({
      entity_list: [{ card_num: `${ENTITY_PREFIX}1234567`, last_number: "1234567", team: ZHUJIANG, card_type: 1, card_ref: REF }],
      virtual_list: [{ card_num: `${VIRTUAL_PREFIX}7654321`, last_number: "7654321", team: ZHUJIANG, card_type: 2, card_ref: REF }],
    });
  });

  it("a card recharged by a customer with another phone appears in that customer's list afterwards, by its last 4 digits", async () => {
    const me = await customer(booted, "13700001111");
    const empty = expectSuccess(await get(booted, "/api/recharge/cardlist", { token: me.token }));
    expect(empty).toEqual({ entity_list: [], virtual_list: [] });
    await created(me);
    const list = expectSuccess(await get(booted, "/api/recharge/cardlist", { token: me.token }));
    expect(list).toEqual({
      entity_list: [{ card_num: `${"*".repeat(ENTITY_PREFIX.length + 3)}4567`, last_number: "4567", team: ZHUJIANG, card_type: 1, card_ref: REF }],
      virtual_list: [],
    });
  });

  it("getRechargeCardByPhone answers the cards registered to that phone, in full when it is the caller's own", async () => {
    const me = await customer(booted, "13800138000");
    const cards = expectSuccess(await call(booted, me, "/api/recharge/getRechargeCardByPhone", { phone: "13800138000" }));
    expect(cards).toEqual([
      { cardnum: `${ENTITY_PREFIX}2345678`, phonenum: "13800138000", team: PENGCHENG, status: "normal", card_ref: REF },
      { cardnum: `${ENTITY_PREFIX}3456789`, phonenum: "13800138000", team: PENGCHENG, status: "frozen", card_ref: REF },
      { cardnum: `${VIRTUAL_PREFIX}8765432`, phonenum: "13800138000", team: PENGCHENG, status: "normal", card_ref: REF },
    ]);
  });

  it("getRechargeCardByPhone answers [] for a phone with no cards", async () => {
    const me = await customer(booted);
    expect(expectSuccess(await call(booted, me, "/api/recharge/getRechargeCardByPhone", { phone: "13700137000" }))).toEqual([]);
  });

  it("getRechargeCardByPhone refuses a malformed phone (400)", async () => {
    const me = await customer(booted);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("", "1391234567", "139123456789", "23912345678", "1391234567a"), async (phone) => {
        expectError(await call(booted, me, "/api/recharge/getRechargeCardByPhone", { phone }), 400);
      }),
      { numRuns: 10 },
    );
  });

  it("getcardnumbyteam answers the team's cards, and [] for an unknown team", async () => {
    const me = await customer(booted, "13912345678");
    expect(expectSuccess(await call(booted, me, "/api/recharge/getcardnumbyteam", { team: ZHUJIANG }))).toEqual([
      { cardnum: `${ENTITY_PREFIX}1234567`, phonenum: "13912345678", team: ZHUJIANG, status: "normal", card_ref: REF },
      { cardnum: `${VIRTUAL_PREFIX}7654321`, phonenum: "13912345678", team: ZHUJIANG, status: "normal", card_ref: REF },
    ]);
    expect(expectSuccess(await call(booted, me, "/api/recharge/getcardnumbyteam", { team: "no such team" }))).toEqual([]);
  });
  it("a card looked up by someone else (masked: only its last 4 digits) can be recharged by its card_ref (issue 22)", async () => {
    const me = await customer(booted);
    const [card] = expectSuccess<Array<{ cardnum: string; team: string; card_ref: string }>>(await call(booted, me, "/api/recharge/getcardnumbyteam", { team: ZHUJIANG }));
    expect(card?.cardnum).toBe(`${"*".repeat(ENTITY_PREFIX.length + 3)}4567`);
    const res = await createRecharge(me, rechargeDraft({ card_ref: card!.card_ref, last_number: card!.cardnum.slice(-4), team: card!.team }));
    expect(expectSuccess<{ result_code: string }>(res).result_code).toBe("000000");
  });

  it("a customer who knows another's card's last 7 digits may still type them (manual entry)", async () => {
    const me = await customer(booted);
    const res = await createRecharge(me, rechargeDraft({ last_number: "1234567", team: ZHUJIANG }));
    expect(expectSuccess<{ result_code: string }>(res).result_code).toBe("000000");
  });
});

describe("rechargeorder/create", () => {
  it("a valid draft creates an order: result_code 000000 with the FY pay parameters and the order id", async () => {
    const me = await customer(booted);
    const answer = await created(me);
    expect(answer.result_code).toBe("000000");
    expect(answer.result_msg).toEqual(expect.any(String));
    expect(answer.result_msg.length).toBeGreaterThan(0);
    expect(answer.reserved_pay_info).toEqual(
      expect.objectContaining({ appId: expect.any(String), timeStamp: expect.stringMatching(/^\d+$/), nonceStr: expect.any(String), paySign: expect.any(String) }),
    );
    expect(answer.reserved_pay_info["package"]).toMatch(/^prepay_id=/);
    expect(answer.reserved_fy_order_no.length).toBeGreaterThan(0);
    expect(answer.order_id).toBeGreaterThan(0);
    const { order, ledger } = await snapshot(answer.order_id);
    expect(order.paytype).toBe("fy");
    expect(order.amount).toBe(rechargePayable(50_000));
    expect(ledger[0]?.channel).toBe("fy");
  });

  it("the order appears in order/list with its card, card type, order_type 1 and status 1", async () => {
    const me = await customer(booted, "13912345678");
    const answer = await created(me);
    const page = expectSuccess<{ total: number; data: Array<Record<string, unknown>> }>(await call(booted, me, "/api/order/list", { page: 1, order_status: "all" }));
    expect(page.total).toBe(1);
    expect(page.data[0]).toEqual(
      expect.objectContaining({
        order_id: answer.order_id,
        card_num: `${ENTITY_PREFIX}1234567`,
        last_number: "1234567",
        card_type: 1,
        order_type: 1,
        order_status: 1,
        order_amount: 50_000,
        amount: rechargePayable(50_000),
      }),
    );
  });

  it("a recharge of a virtual card is accepted at the virtual card price", async () => {
    const me = await customer(booted);
    const answer = await created(me, rechargeDraft({ card_type: 2, last_number: "7654321" }));
    const { order } = await snapshot(answer.order_id);
    expect(order.cardNum).toBe(`${VIRTUAL_PREFIX}7654321`);
    expect(order.cardType).toBe(2);
    expect(order.amount).toBe(rechargePayable(50_000, 2));
  });

  it("the server's payable is what any amount up to 5000 yuan costs, and it is accepted", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 500_000 }), async (cents) => {
        // A customer per run: one customer may hold only 5 unpaid orders.
        const me = await customer(booted);
        const answer = await created(me, rechargeDraft({ order_amount: String(cents) }));
        const { order } = await snapshot(answer.order_id);
        expect(order.orderAmount).toBe(cents);
        expect(order.amount).toBe(Pricing.payableCents(cents, DEMO_SITE_SETTINGS.price_0_shiti, DEMO_SITE_SETTINGS.price_0_original));
      }),
      { numRuns: 15 },
    );
  });

  it("an entity recharge of exactly 5000 yuan (500000 cents) is accepted", async () => {
    const me = await customer(booted);
    const answer = await created(me, rechargeDraft({ order_amount: "500000" }));
    expect((await snapshot(answer.order_id)).order.orderAmount).toBe(500_000);
  });
});

describe("rechargeorder/create refusals write nothing", () => {
  it("an empty card number: 'card number cannot be empty'", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ last_number: "" }), 400, "card number cannot be empty");
    await expectRefusedNoRow(me, rechargeDraft({ last_number: "   " }), 400, "card number cannot be empty");
  });

  it("a card number that is not 7 digits: 'enter a correct card number'", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ last_number: "123456" }), 400, "enter a correct card number");
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: 1, max: 6 }).map((n) => "1".repeat(n)),
          fc.integer({ min: 8, max: 20 }).map((n) => "2".repeat(n)),
          fc.constantFrom("12345a7", "123-4567", "１２３４５６７"),
        ),
        async (lastNumber) => expectRefusedNoRow(me, rechargeDraft({ last_number: lastNumber }), 400, "enter a correct card number"),
      ),
      { numRuns: 15 },
    );
  });

  it("an unknown card: 404 'card not found, check the card number'", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ last_number: "0000000" }), 404, "card not found, check the card number");
  });

  it("a card of another team (400)", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ team: PENGCHENG }), 400, "this card does not belong to that team");
  });

  it("card_type 2 (virtual) with an entity card's number (400)", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ card_type: 2, common_number: ENTITY_PREFIX }), 400, "the card type does not match this card");
  });

  it("the frozen card: 409 'this card cannot be recharged now'", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ last_number: "3456789", team: PENGCHENG, phone: "13800138000" }), 409, "this card cannot be recharged now");
  });

  it("an entity recharge above 5000 yuan: 'single amount cannot exceed 5000 yuan' (spec §5's words for the 5000 limit)", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ order_amount: "500001" }), 400, "single amount cannot exceed 5000 yuan");
    await fc.assert(
      // The amount shown stays one a client could show (it must fit the integer column it would be
      // stored in); the limit answers whatever it is.
      fc.asyncProperty(fc.integer({ min: 500_001, max: 1_000_000_000_000 }), async (cents) =>
        expectRefusedNoRow(me, rechargeDraft({ order_amount: String(cents), amount: rechargePayable(500_000) }), 400, "single amount cannot exceed 5000 yuan"),
      ),
      { numRuns: 10 },
    );
  });

  it("a virtual card recharge above 5000 yuan (400)", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ card_type: 2, last_number: "7654321", order_amount: "500001" }), 400, "single amount cannot exceed 5000 yuan");
  });

  it("order_amount '0': 'recharge amount cannot be empty'", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ order_amount: "0", amount: 0 }), 400, "amount must be more than 0");
  });

  it("no station (absent or null): 'select a station first'", async () => {
    const me = await customer(booted);
    const { station_id: _absent, ...withoutStation } = rechargeDraft();
    await expectRefusedNoRow(me, withoutStation, 400, "select a station first");
    await expectRefusedNoRow(me, rechargeDraft({ station_id: null }), 400, "select a station first");
  });

  it("a draft amount other than the server's payable: 409 'the price has changed' with the right figure", async () => {
    const me = await customer(booted);
    await expectRefusedNoRow(me, rechargeDraft({ amount: rechargePayable(50_000) + 1 }), 409, `the price has changed: the amount to pay is now ${yuan(rechargePayable(50_000))} yuan`);
    expect(yuan(rechargePayable(50_000))).toBe("470.08");
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 500_000 }), fc.integer({ min: -1_000, max: 1_000 }).filter((d) => d !== 0), async (cents, delta) => {
        const right = rechargePayable(cents);
        const draft = rechargeDraft({ order_amount: String(cents), amount: Math.max(0, right + delta) });
        if (draft["amount"] === right) return;
        await expectRefusedNoRow(me, draft, 409, `the price has changed: the amount to pay is now ${yuan(right)} yuan`);
      }),
      { numRuns: 15 },
    );
  });

  it("during the maintenance window: 'card service paused for system upgrade'", async () => {
    const me = await customer(booted);
    // The same draft is accepted outside the window (then a new amount, so the double-tap guard is not what answers).
    await created(me, rechargeDraft({ order_amount: "40000" }));
    booted.clock.advance((IN_MAINTENANCE - SYSTEM_NOW) / 1000);
    expect(booted.clock.now()).toBe(IN_MAINTENANCE);
    await expectRefusedNoRow(me, rechargeDraft(), 400, "card service paused for system upgrade");
    // 06:29:59 is the window's last second; 06:30:00 is open again (half-open window).
    booted.clock.advance(4 * 3600 + 29 * 60 + 59);
    await expectRefusedNoRow(me, rechargeDraft({ order_amount: "40001" }), 400, "card service paused for system upgrade");
    booted.clock.advance(1);
    await created(me, rechargeDraft({ order_amount: "40002" }));
  });
});

describe("Idempotency-Key on rechargeorder/create", () => {
  it("the same key and body twice make one order, and the second answer is the first", async () => {
    const me = await customer(booted);
    const headers = { "idempotency-key": "recharge-key-1" };
    const first = expectSuccess<RechargeCreated>(await createRecharge(me, rechargeDraft(), headers));
    // Past the 5-second double-tap window: only the key can make the second request the first.
    booted.clock.advance(6);
    const second = expectSuccess<RechargeCreated>(await createRecharge(me, rechargeDraft(), headers));
    expect(second.order_id).toBe(first.order_id);
    expect(second.reserved_fy_order_no).toBe(first.reserved_fy_order_no);
    expect(await count(booted.db, "orders")).toBe(1);
  });

  it("without a key, the same body six seconds later is a second order", async () => {
    const me = await customer(booted);
    const first = await created(me);
    booted.clock.advance(6);
    const second = await created(me);
    expect(second.order_id).not.toBe(first.order_id);
    expect(await count(booted.db, "orders")).toBe(2);
  });

  it("the same key with another body is refused (400) and writes no order", async () => {
    const me = await customer(booted);
    const headers = { "idempotency-key": "recharge-key-2" };
    expectSuccess(await createRecharge(me, rechargeDraft(), headers));
    expectError(await createRecharge(me, rechargeDraft({ order_amount: "60000" }), headers), 400);
    expect(await count(booted.db, "orders")).toBe(1);
  });
});

describe("sandbox/recharge/settle", () => {
  it("'done' makes a paid recharge used (3)", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    expect(expectSuccess(await settle(orderId, "done"))).toEqual({ order_id: orderId, order_status: 3 });
    const d = await detail(booted, me, orderId);
    expect(d.order_status).toBe(3);
    expect(d.refund_status).toBe(0);
    expect(d.pay_qrcode).toBeNull();
  });

  it("'rejected' with a reason makes it rejected (6), shows the reason and refunds it (refund_status 3)", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    expect(expectSuccess(await settle(orderId, "rejected", "  card frozen by the distributor  "))).toEqual({ order_id: orderId, order_status: 6 });
    const d = await detail(booted, me, orderId);
    expect(d.order_status).toBe(6);
    expect(d["reason"]).toBe("card frozen by the distributor");
    expect(d.refund_status).toBe(3);
    expect(d.pay_qrcode).toBeNull();
  });

  it("a rejected recharge's money is back at the channel: the ledger shows REFUND of the whole amount", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    expectSuccess(await settle(orderId, "rejected", "card frozen by the distributor"));
    const s = await snapshot(orderId);
    expect(s.ledger[0]?.tradeState).toBe("REFUND");
    expect(s.ledger[0]?.refundedAmount).toBe(s.order.amount);
    expect(s.payments[0]?.refundedAt).not.toBeNull();
    expect(s.payments[0]?.refundNo).toMatch(/^RF/);
  });

  it("'rejected' without a reason, or with a blank one: 400 'a rejection needs a reason', nothing changed", async () => {
    const me = await customer(booted);
    const orderId = await paidRecharge(me);
    const before = await snapshot(orderId);
    for (const reason of [undefined, "", "   ", "\t\n"]) {
      expectError(await settle(orderId, "rejected", reason), 400, "a rejection needs a reason");
      expect(await snapshot(orderId)).toEqual(before);
    }
  });

  it("an unpaid recharge cannot be settled (409), nothing changed", async () => {
    const me = await customer(booted);
    const { order_id } = await created(me);
    const before = await snapshot(order_id);
    expectError(await settle(order_id, "done"), 409);
    expectError(await settle(order_id, "rejected", "no money"), 409);
    expect(await snapshot(order_id)).toEqual(before);
  });

  it("a settled recharge cannot be settled again (409), nothing changed", async () => {
    const me = await customer(booted);
    const done = await paidRecharge(me);
    expectSuccess(await settle(done, "done"));
    booted.clock.advance(6);
    const rejected = await paidRecharge(me);
    expectSuccess(await settle(rejected, "rejected", "card frozen"));
    for (const orderId of [done, rejected]) {
      const before = await snapshot(orderId);
      expectError(await settle(orderId, "done"), 409);
      expectError(await settle(orderId, "rejected", "again"), 409);
      expect(await snapshot(orderId)).toEqual(before);
    }
  });

  it("a fuel order is not a recharge to settle (404), nothing changed", async () => {
    const me = await customer(booted);
    const fuel = await createOrder(booted, me, draftFor(stationId));
    expectSuccess(await payInSandbox(booted, fuel.order_id));
    const before = await snapshot(fuel.order_id);
    expectError(await settle(fuel.order_id, "done"), 404);
    expect(await snapshot(fuel.order_id)).toEqual(before);
  });
});
