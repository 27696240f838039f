import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { orders, users } from "../../src/db/schema.ts";
import type { BootedApp } from "../helpers/app.ts";
import { moneyTestSetUp, rechargeDraftFor } from "../helpers/moneyApp.ts";
import { count, expectError, expectSuccess } from "../identity/support.ts";
import { call, customer, type Customer } from "../orders/support.ts";

/**
 * Issue 13: topping up one's own card from the card page (/recharge/*, `DraftRecharge.source`
 * "card"). Up to 10000 yuan (above: 'please contact your distributor', 400) instead of the entity
 * page's 5000, and only for a customer the official account can reach and who follows it; those
 * refusals are 409, never 401/403/422, on which the spec's client would log the customer out.
 */

const SYSTEM_NOW = Date.parse("2024-11-24T10:00:00Z");
const CARD_OWNER = "13912345678";

let booted: BootedApp;
let stationId: number;

moneyTestSetUp(SYSTEM_NOW, (world) => ({ booted, stationId } = world));

/** The demo entity card of 13912345678 topped up from the card page, `yuan` priced as the server prices it. */
const cardPageDraft = (orderAmountCents: number, overrides: Record<string, unknown> = {}) =>
  rechargeDraftFor(stationId, { order_amount: String(orderAmountCents), source: "card", ...overrides });

const topUp = (who: Customer, draft: Record<string, unknown>): Promise<LightMyRequestResponse> => call(booted, who, "/api/rechargeorder/create", draft);

const follower = (): Promise<Customer> => customer(booted, CARD_OWNER, { followsOfficialAccount: true });

/** A refusal with its status, message and tag, and no order, payment or key written. */
const expectRefusedNoRow = async (res: Promise<LightMyRequestResponse>, status: number, message: string, tag: string): Promise<void> => {
  const before = { orders: await count(booted.db, "orders"), ledger: await count(booted.db, "sandbox_channel_orders") };
  const answer = await res;
  expectError(answer, status, message);
  expect(answer.headers["x-error-tag"]).toBe(tag);
  expect({ orders: await count(booted.db, "orders"), ledger: await count(booted.db, "sandbox_channel_orders") }).toEqual(before);
};

const storedAmount = async (orderId: number): Promise<number | undefined> =>
  (await booted.db.select({ orderAmount: orders.orderAmount }).from(orders).where(eq(orders.id, orderId)))[0]?.orderAmount;

describe("the card page's limit: 10000 yuan, then the distributor", () => {
  it("5000 yuan and 5000.01 yuan are both accepted from the card page", async () => {
    const me = await follower();
    for (const cents of [500_000, 500_001]) {
      const { order_id } = expectSuccess<{ order_id: number; result_code: string }>(await topUp(me, cardPageDraft(cents)));
      expect(await storedAmount(order_id)).toBe(cents);
    }
  });

  it("10000 yuan is accepted", async () => {
    const me = await follower();
    const answer = expectSuccess<{ order_id: number; result_code: string }>(await topUp(me, cardPageDraft(1_000_000)));
    expect(answer.result_code).toBe("000000");
    expect(await storedAmount(answer.order_id)).toBe(1_000_000);
  });

  it("10000.01 yuan: 400 'amounts over 10000 yuan: please contact your distributor', nothing written", async () => {
    const me = await follower();
    await expectRefusedNoRow(topUp(me, cardPageDraft(1_000_001)), 400, "amounts over 10000 yuan: please contact your distributor", "ContactDistributor");
  });

  it("a virtual card from the card page has the same limit", async () => {
    const me = await follower();
    const virtual = { card_type: 2, last_number: "7654321" };
    expectSuccess(await topUp(me, cardPageDraft(1_000_000, virtual)));
    await expectRefusedNoRow(topUp(me, cardPageDraft(1_000_001, virtual)), 400, "amounts over 10000 yuan: please contact your distributor", "ContactDistributor");
  });

  it("without source the entity page's limit stays: 5000 yuan accepted, 5000.01 refused", async () => {
    const me = await follower();
    expectSuccess(await topUp(me, rechargeDraftFor(stationId, { order_amount: "500000" })));
    await expectRefusedNoRow(
      topUp(me, rechargeDraftFor(stationId, { order_amount: "500001" })),
      400,
      "single amount cannot exceed 5000 yuan",
      "AmountAboveLimit",
    );
  });

  it("a source other than 'card' is refused as input (400)", async () => {
    const me = await follower();
    expectError(await topUp(me, cardPageDraft(10_000, { source: "entity" })), 400);
  });
});

describe("the card page's preconditions (spec §5/§8): 409, never 401/403/422", () => {
  it("no oauth id: 409 'the official account is upgrading, please try again later'", async () => {
    const me = await customer(booted, CARD_OWNER, { followsOfficialAccount: true, oauthId: null });
    await expectRefusedNoRow(topUp(me, cardPageDraft(10_000)), 409, "the official account is upgrading, please try again later", "OfficialAccountRequired");
  });

  it("an oauth id but not following: 409 'follow our official account first to top up this card'", async () => {
    const me = await customer(booted, CARD_OWNER, { followsOfficialAccount: false });
    await expectRefusedNoRow(topUp(me, cardPageDraft(10_000)), 409, "follow our official account first to top up this card", "OfficialAccountNotFollowed");
  });

  it("no oauth id is said before not following", async () => {
    const me = await customer(booted, CARD_OWNER, { followsOfficialAccount: false, oauthId: null });
    await expectRefusedNoRow(topUp(me, cardPageDraft(10_000)), 409, "the official account is upgrading, please try again later", "OfficialAccountRequired");
  });

  it("no card id: the draft's own rule answers first ('card number cannot be empty', 400), so the card page never sends one without", async () => {
    const me = await follower();
    await expectRefusedNoRow(topUp(me, cardPageDraft(10_000, { last_number: "" })), 400, "card number cannot be empty", "CardNumberEmpty");
  });

  it("the follow flag is read from the customer's row at creation: following since is let through at once", async () => {
    const me = await customer(booted, CARD_OWNER, { followsOfficialAccount: false });
    await expectRefusedNoRow(topUp(me, cardPageDraft(10_000)), 409, "follow our official account first to top up this card", "OfficialAccountNotFollowed");
    await booted.db.update(users).set({ followsOfficialAccount: true }).where(eq(users.id, me.id));
    expectSuccess(await topUp(me, cardPageDraft(10_000)));
  });

  it("the entity-recharge page (no source) asks none of it", async () => {
    const me = await customer(booted, CARD_OWNER, { followsOfficialAccount: false });
    expectSuccess(await topUp(me, rechargeDraftFor(stationId)));
  });

  it("the amount rule speaks before the preconditions (the order a customer fixes things)", async () => {
    const me = await customer(booted, CARD_OWNER, { followsOfficialAccount: false });
    await expectRefusedNoRow(topUp(me, cardPageDraft(1_000_001)), 400, "amounts over 10000 yuan: please contact your distributor", "ContactDistributor");
  });
});
