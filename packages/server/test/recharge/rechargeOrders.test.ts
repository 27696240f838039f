import { Pricing } from "@fuel/domain";
import type { LightMyRequestResponse } from "fastify";
import { beforeEach, describe, expect, it } from "vitest";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, rechargeDraftFor } from "../helpers/moneyApp.ts";
import { expectError, expectSuccess, post } from "../identity/support.ts";
import { call, createOrder, customer, detail, draftFor, payInSandbox, type Customer } from "../orders/support.ts";

/**
 * Recharge orders and card purchases after checkout (issue 13 with issues 4 and 12): the order
 * list shows them beside fuel orders, in 'all' and in the tab of their status; a paid one's detail
 * carries its QR code while `Order.qrVisible` allows it (24 h); `order/resetQR` renews it within 8
 * minutes of payment.
 */

const SYSTEM_NOW = Date.parse("2024-11-24T10:00:00Z");
const EIGHT_MINUTES_S = 8 * 60;
const DAY_S = 24 * 3600;

let booted: BootedApp;
let stationId: number;

moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

interface ListedOrder {
  readonly order_id: number;
  readonly order_status: number;
  readonly card_type: number | null;
  readonly issues_card?: boolean;
  readonly card_num: string | null;
  readonly pay_qrcode: string | null;
}

interface Page {
  readonly total: number;
  readonly data: ListedOrder[];
}

const list = async (who: Customer, orderStatus: string | number): Promise<Page> =>
  expectSuccess<Page>(await call(booted, who, "/api/order/list", { page: 1, order_status: orderStatus }));

const recharge = async (who: Customer, cents: number): Promise<number> =>
  expectSuccess<{ order_id: number }>(await call(booted, who, "/api/rechargeorder/create", rechargeDraftFor(stationId, { order_amount: String(cents) }))).order_id;

const purchase = async (who: Customer, cents: number): Promise<number> => {
  const body = { order_amount: String(cents), amount: Pricing.cardPurchaseQuote(cents as never).payable, phone: who.phone, paytype: "fy" };
  return expectSuccess<{ order_id: number }>(await call(booted, who, "/api/rechargeorder/buycard", body)).order_id;
};

const pay = async (orderId: number): Promise<void> => {
  expectSuccess(await payInSandbox(booted, orderId));
};

const settle = (orderId: number, result: "done" | "rejected", reason?: string): Promise<LightMyRequestResponse> =>
  post(booted, "/api/sandbox/recharge/settle", { order_id: orderId, result, ...(reason === undefined ? {} : { reason }) });

const resetQr = (who: Customer, orderId: number) => call(booted, who, "/api/order/resetQR", { order_id: orderId });

describe("order/list and order/detail with fuel, recharge and purchase orders", () => {
  let me: Customer;
  const made = { fuelUnpaid: 0, rechargeUnpaid: 0, purchaseUnpaid: 0, rechargePaid: 0, purchasePaid: 0, purchaseDone: 0, rechargeRejected: 0 };

  beforeEach(async () => {
    me = await customer(booted, "13600136000");
    made.fuelUnpaid = (await createOrder(booted, me, draftFor(stationId))).order_id;
    made.rechargeUnpaid = await recharge(me, 10_001);
    made.purchaseUnpaid = await purchase(me, 10_002);
    made.rechargePaid = await recharge(me, 10_003);
    await pay(made.rechargePaid);
    made.purchasePaid = await purchase(me, 10_004);
    await pay(made.purchasePaid);
    made.purchaseDone = await purchase(me, 10_005);
    await pay(made.purchaseDone);
    expectSuccess(await settle(made.purchaseDone, "done"));
    made.rechargeRejected = await recharge(me, 10_006);
    await pay(made.rechargeRejected);
    expectSuccess(await settle(made.rechargeRejected, "rejected", "card frozen by the distributor"));
  });

  const idsOf = (page: Page) => page.data.map((o) => o.order_id).sort((a, b) => a - b);
  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

  it("'all' (and 0) lists every order of both kinds", async () => {
    const all = await list(me, "all");
    expect(all.total).toBe(7);
    expect(idsOf(all)).toEqual(sorted(...Object.values(made)));
    expect(idsOf(await list(me, 0))).toEqual(idsOf(all));
  });

  it("'unpaid' lists the unpaid fuel order, recharge and purchase", async () => {
    expect(idsOf(await list(me, "unpaid"))).toEqual(sorted(made.fuelUnpaid, made.rechargeUnpaid, made.purchaseUnpaid));
  });

  it("'unused' lists the paid recharge and the paid purchase", async () => {
    expect(idsOf(await list(me, "unused"))).toEqual(sorted(made.rechargePaid, made.purchasePaid));
  });

  it("'used' lists the settled purchase; code 6 the rejected recharge", async () => {
    expect(idsOf(await list(me, "used"))).toEqual([made.purchaseDone]);
    expect(idsOf(await list(me, 6))).toEqual([made.rechargeRejected]);
  });

  it("each order says its kind: fuel no card type; a recharge its card; a purchase issues_card with a card only once settled", async () => {
    const byId = new Map((await list(me, "all")).data.map((o) => [o.order_id, o]));
    expect(byId.get(made.fuelUnpaid)).toMatchObject({ card_type: null, issues_card: false, card_num: null });
    // Another phone's card (the demo fleet's ...1234567): its last 4 digits only (issue 22).
    expect(byId.get(made.rechargeUnpaid)).toMatchObject({ card_type: 1, issues_card: false, card_num: expect.stringMatching(/^\*+4567$/) });
    expect(byId.get(made.purchaseUnpaid)).toMatchObject({ card_type: 2, issues_card: true, card_num: null });
    expect(byId.get(made.purchaseDone)).toMatchObject({ card_type: 2, issues_card: true, card_num: expect.stringMatching(/^\d{8,}$/) });
  });

  it("the detail of each order is the list's entry", async () => {
    const all = (await list(me, "all")).data;
    for (const entry of all) expect(await detail(booted, me, entry.order_id)).toEqual(entry);
  });
});

describe("a paid recharge's or purchase's QR code (spec §4: shown 24 h, renewed within 8 minutes)", () => {
  for (const [kind, place] of [
    ["recharge", recharge],
    ["purchase", purchase],
  ] as const) {
    it(`a paid ${kind}'s detail carries pay_qrcode until 24 h after payment, then none`, async () => {
      const me = await customer(booted, "13600136000");
      const orderId = await place(me, 10_000);
      expect((await detail(booted, me, orderId)).pay_qrcode).toBeNull();
      await pay(orderId);
      expect((await detail(booted, me, orderId)).pay_qrcode).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
      booted.clock.advance(DAY_S - 1);
      expect((await detail(booted, me, orderId)).pay_qrcode).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
      booted.clock.advance(2);
      expect((await detail(booted, me, orderId)).pay_qrcode).toBeNull();
    });

    it(`order/resetQR on a paid ${kind} within 8 minutes gives a new code, the detail shows it; after 8 minutes 409`, async () => {
      const me = await customer(booted, "13600136000");
      const orderId = await place(me, 10_000);
      await pay(orderId);
      const before = (await detail(booted, me, orderId)).pay_qrcode;
      booted.clock.advance(EIGHT_MINUTES_S - 1);
      const { qrcode } = expectSuccess<{ qrcode: string }>(await resetQr(me, orderId));
      expect(qrcode).not.toBe(before);
      expect((await detail(booted, me, orderId)).pay_qrcode).toBe(qrcode);
      booted.clock.advance(2);
      expectError(await resetQr(me, orderId), 409);
      expect((await detail(booted, me, orderId)).pay_qrcode).toBe(qrcode);
    });
  }

  it("a settled purchase shows no code and cannot renew one (409)", async () => {
    const me = await customer(booted, "13600136000");
    const orderId = await purchase(me, 10_000);
    await pay(orderId);
    expectSuccess(await settle(orderId, "done"));
    expect((await detail(booted, me, orderId)).pay_qrcode).toBeNull();
    expectError(await resetQr(me, orderId), 409);
  });
});
