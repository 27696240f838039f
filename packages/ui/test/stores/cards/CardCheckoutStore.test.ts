import { PaymentFailed, ServerRefused, timedOut, type PaymentBridge } from "@fuel/adapters/ports";
import { FakePaymentBridge, ManualClock, MemoryKeyValueStore } from "@fuel/adapters/testing";
import { Money, Pricing, Time } from "@fuel/domain";
import { examplePayInfo, examples, type PaymentResultResponse, type RechargeOrderCreated, type RechargeOrderCreateResponse } from "@fuel/domain/api";
import { Effect } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pendingCheckoutKey } from "../../../src/stores/cards/CardCheckoutStore.ts";
import { CONFIRM_ATTEMPTS, CONFIRM_INTERVAL_MS } from "../../../src/stores/checkout/confirmPolicy.ts";
import { RECHARGE_DRAFT_KEY } from "../../../src/stores/cards/savedRechargeDraft.ts";
import { cardsApp, entityDraft, WEB_INFO, type CardsApp } from "./fixtures.ts";
import { shownFor } from "../../support/failures.ts";

const UNPAID: PaymentResultResponse = { order_status: 1, paid: false };
// The contract's examples of both creations are orders the channel took.
const CREATED = examples.rechargeOrderCreate.response as RechargeOrderCreated;
const BOUGHT = examples.cardPurchaseCreate.response as RechargeOrderCreated;
const NOT_TAKEN: RechargeOrderCreateResponse = { result_code: "100021", result_msg: "card is frozen by the distributor" };

/** A pay sheet the customer never answers (the page is reloaded while it is open). */
const neverAnswered: PaymentBridge = { pay: () => Effect.never };

type Options = { readonly payment?: PaymentBridge; readonly tabValues?: MemoryKeyValueStore; readonly clock?: ManualClock };

/** On /rechargeordernew with a 500 yuan recharge of entity card A at station 3. */
const checklist = async (options: Options = {}): Promise<CardsApp> => {
  const root = cardsApp({
    ports: {
      payment: options.payment ?? new FakePaymentBridge("ok"),
      tabValues: options.tabValues ?? new MemoryKeyValueStore(),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    },
  });
  await entityDraft(root);
  await root.draft.openChecklist();
  return root;
};

/** The checklist's pay button. */
const tap = (root: CardsApp): Promise<void> => {
  const order = root.draft.checkoutOrder();
  return order === undefined ? Promise.resolve() : root.checkout.pay(order);
};

const keysSent = (root: CardsApp) => root.ports.api.callsTo("rechargeOrderCreate").map((c) => c.options?.idempotencyKey);

afterEach(() => {
  vi.useRealTimers();
});

describe("CardCheckoutStore: one tap, one recharge order", () => {
  it("creates the order from the draft with the tap's action key", async () => {
    const root = await checklist();
    await tap(root);
    const [call] = root.ports.api.callsTo("rechargeOrderCreate");
    expect(call?.input).toMatchObject({ last_number: "1234567", order_amount: "50000", station_id: 3, paytype: "fy" });
    expect(call?.options?.idempotencyKey).toBe("action-1");
  });

  it("a double tap makes one create call", async () => {
    const root = await checklist();
    await Promise.all([tap(root), tap(root)]);
    expect(root.ports.api.callsTo("rechargeOrderCreate")).toHaveLength(1);
  });

  it("the button is busy from the tap until the answer", async () => {
    const root = await checklist({ payment: neverAnswered });
    void tap(root);
    expect(root.checkout.busy).toBe(true);
    await vi.waitFor(() => expect(root.checkout.phase._tag).toBe("Paying"));
    expect(root.checkout.busy).toBe(true);
  });

  it("a retry after a timeout reuses the key, so the server answers the first order", async () => {
    const root = await checklist();
    let calls = 0;
    root.ports.api.on("rechargeOrderCreate", () => (++calls === 1 ? Effect.fail(timedOut(10_000)) : Effect.succeed(CREATED)));
    await tap(root);
    expect(root.checkout.phase._tag).toBe("Failed");
    expect(shownFor(root.checkout.phase, root.i18n)).toBe("the request timed out, try again");
    expect(root.checkout.busy).toBe(false);
    await tap(root);
    expect(keysSent(root)).toEqual(["action-1", "action-1"]);
  });

  it("a reload during payment sends the same key again (kept in tabValues)", async () => {
    const tab = new MemoryKeyValueStore();
    const before = await checklist({ payment: neverAnswered, tabValues: tab });
    void tap(before);
    await vi.waitFor(() => expect(before.checkout.phase._tag).toBe("Paying"));
    const after = cardsApp({ ports: { tabValues: tab } });
    await after.draft.openChecklist();
    await tap(after);
    expect(keysSent(before)).toEqual(["action-1"]);
    expect(keysSent(after)).toEqual(["action-1"]);
  });

  it("a changed draft is a new action with a new key", async () => {
    const root = await checklist({ payment: new FakePaymentBridge(new PaymentFailed({ message: "card declined" })) });
    await tap(root);
    root.draft.setAmount("600");
    await tap(root);
    expect(keysSent(root)).toEqual(["action-1", "action-2"]);
  });
});

describe("CardCheckoutStore: the channel's answer (spec §8 result_msg)", () => {
  it("RechargeOrderNotTaken shows its result_msg and opens no pay sheet", async () => {
    const bridge = new FakePaymentBridge("ok");
    const root = await checklist({ payment: bridge });
    root.ports.api.on("rechargeOrderCreate", NOT_TAKEN);
    await tap(root);
    expect(root.checkout.phase).toMatchObject({ _tag: "Failed", kind: "recharge" });
    expect(shownFor(root.checkout.phase, root.i18n)).toBe("card is frozen by the distributor");
    expect(root.notices.latest).toMatchObject({ text: "card is frozen by the distributor", kind: "fail" });
    expect(bridge.requests).toHaveLength(0);
    expect(root.navigation.pending).toBeUndefined();
  });

  it("that answer is final: the next tap is a new action", async () => {
    const root = await checklist();
    root.ports.api.on("rechargeOrderCreate", NOT_TAKEN);
    await tap(root);
    root.ports.api.on("rechargeOrderCreate", CREATED);
    await tap(root);
    expect(keysSent(root)).toEqual(["action-1", "action-2"]);
  });

  it("a refusal shows the server's message", async () => {
    const root = await checklist();
    root.ports.api.fail("rechargeOrderCreate", new ServerRefused({ message: "this card does not belong to that team", status: 400, tag: "CardTeamMismatch" }));
    await tap(root);
    expect(root.checkout.phase._tag).toBe("Failed");
    expect(shownFor(root.checkout.phase, root.i18n)).toBe("this card does not belong to that team");
  });
});

describe("CardCheckoutStore: payment needs the messaging-app identity (spec §5)", () => {
  const withoutOauth = async () => {
    const root = await checklist();
    root.ports.api.on("userInfo", { ...examples.userInfo.response, oauth_id: null });
    await root.session.loadUser();
    return root;
  };

  it("'authorize via messaging app first' and no order", async () => {
    const root = await withoutOauth();
    vi.useFakeTimers();
    await tap(root);
    expect(root.notices.latest).toMatchObject({ text: "authorize via messaging app first", kind: "fail" });
    expect(root.checkout.phase._tag).toBe("NeedsOauth");
    expect(root.ports.api.callsTo("rechargeOrderCreate")).toHaveLength(0);
  });

  it("goes to /wechatlogin after 2 seconds, not before", async () => {
    const root = await withoutOauth();
    vi.useFakeTimers();
    await tap(root);
    vi.advanceTimersByTime(1_999);
    expect(root.navigation.pending).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(root.navigation.pending?.to).toBe("/wechatlogin");
  });
});

describe("CardCheckoutStore: pay, then the server's word (spec §4)", () => {
  it("pays the draft's payable through the pay sheet, for the created order", async () => {
    const bridge = new FakePaymentBridge("ok");
    const root = await checklist({ payment: bridge });
    await tap(root);
    const payable = Pricing.quote(Money.fromYuan(500), WEB_INFO.price_0_shiti, WEB_INFO.price_0_original).payable;
    expect(bridge.requests).toEqual([{ orderId: CREATED.order_id, payInfo: examplePayInfo, amountCents: payable, oauthId: examples.userInfo.response.oauth_id }]);
  });

  it("paid: the recharge order's detail (replacing the checklist), the key and the draft forgotten, the cards read again", async () => {
    const tab = new MemoryKeyValueStore();
    const root = await checklist({ tabValues: tab });
    await root.cards.load();
    await tap(root);
    expect(root.checkout.phase).toEqual({ _tag: "Paid", kind: "recharge", orderId: CREATED.order_id });
    expect(root.navigation.pending).toMatchObject({ to: `/orderDetail/2/${CREATED.order_id}`, replace: true });
    expect(tab.get(pendingCheckoutKey("recharge"))).toBeNull();
    expect(root.draft.card).toBeUndefined();
    expect(JSON.parse(tab.get(RECHARGE_DRAFT_KEY) ?? "{}")).toMatchObject({ amountText: "", stationId: 3 });
    await root.cards.load();
    expect(root.ports.api.callsTo("rechargeCardList")).toHaveLength(2);
  });

  it("cancelled: the order list, where the unpaid order waits", async () => {
    const root = await checklist({ payment: new FakePaymentBridge("cancel") });
    await tap(root);
    expect(root.navigation.pending?.to).toBe("/orderlist");
    expect(root.ports.api.callsTo("paymentQueryResult")).toHaveLength(0);
  });

  it("a failed payment says why and lets the customer tap again", async () => {
    const root = await checklist({ payment: new FakePaymentBridge(new PaymentFailed({ message: "card declined" })) });
    await tap(root);
    expect(root.checkout.phase._tag).toBe("Failed");
    expect(shownFor(root.checkout.phase, root.i18n)).toBe("Payment failed: card declined");
    expect(root.checkout.busy).toBe(false);
  });

  it("never confirmed within the bounded wait: 'payment being confirmed' (Pending), the key kept", async () => {
    vi.useFakeTimers();
    const tab = new MemoryKeyValueStore();
    const root = await checklist({ tabValues: tab });
    root.ports.api.on("paymentQueryResult", UNPAID);
    const paying = tap(root);
    await vi.advanceTimersByTimeAsync(CONFIRM_ATTEMPTS * CONFIRM_INTERVAL_MS);
    await paying;
    expect(root.checkout.phase).toEqual({ _tag: "Pending", kind: "recharge", orderId: CREATED.order_id });
    expect(tab.get(pendingCheckoutKey("recharge"))).not.toBeNull();
    expect(root.notices.latest?.kind).not.toBe("fail");
  });
});

describe("CardCheckoutStore: the maintenance window (spec §8, §9: 2024-11-25 01:30-06:30 China time)", () => {
  const at = (hour: number, minute: number, second = 0, ms = 0) => new ManualClock(Time.chinaInstant(2024, 11, 25, hour, minute, second) + ms);

  it.each([
    ["01:29:59.999", at(1, 29, 59, 999), false],
    ["01:30:00.000", at(1, 30), true],
    ["06:29:59.999", at(6, 29, 59, 999), true],
    ["06:30:00.000", at(6, 30), false],
  ])("at %s paused: %s", async (_label, clock, paused) => {
    const root = await checklist({ clock });
    expect(root.checkout.underMaintenance).toBe(paused);
    await tap(root);
    expect(root.ports.api.callsTo("rechargeOrderCreate")).toHaveLength(paused ? 0 : 1);
    if (paused) {
      expect(root.checkout.phase._tag).toBe("Failed");
      expect(shownFor(root.checkout.phase, root.i18n)).toBe("card service paused for system upgrade");
      expect(root.notices.latest?.text).toBe("card service paused for system upgrade");
    }
  });

  it("the window ends by itself: the clock moves past 06:30 and paying works", async () => {
    const clock = at(6, 29, 59, 999);
    const root = await checklist({ clock });
    await tap(root);
    clock.advance(1);
    await tap(root);
    expect(root.ports.api.callsTo("rechargeOrderCreate")).toHaveLength(1);
  });
});

describe("CardCheckoutStore: buying a card (/heartcard) through the same checkout", () => {
  const heartcard = async (options: Options = {}) => {
    const root = cardsApp({ ports: { payment: options.payment ?? new FakePaymentBridge("ok"), tabValues: options.tabValues ?? new MemoryKeyValueStore() } });
    await root.purchase.open();
    root.purchase.setAmount("1000");
    return root;
  };
  const buy = (root: CardsApp) => {
    const order = root.purchase.checkoutOrder();
    return order === undefined ? Promise.resolve() : root.checkout.pay(order);
  };

  it("sends buyCard with the amount, the payable of Pricing.cardPurchaseQuote, the phone, FY, and the tap's key", async () => {
    const root = await heartcard();
    await buy(root);
    const [call] = root.ports.api.callsTo("cardPurchaseCreate");
    expect(call?.input).toEqual({ order_amount: "100000", amount: Pricing.cardPurchaseQuote(Money.fromYuan(1000)).payable, phone: "13800138000", paytype: "fy" });
    expect(call?.options?.idempotencyKey).toBe("action-1");
  });

  it("a double tap makes one purchase; paid goes to the order's detail", async () => {
    const root = await heartcard();
    await Promise.all([buy(root), buy(root)]);
    expect(root.ports.api.callsTo("cardPurchaseCreate")).toHaveLength(1);
    expect(root.navigation.pending).toMatchObject({ to: `/orderDetail/2/${BOUGHT.order_id}`, replace: true });
    expect(root.purchase.amountText).toBe("");
  });

  it("a retry after a timeout reuses the key", async () => {
    const root = await heartcard();
    let calls = 0;
    root.ports.api.on("cardPurchaseCreate", () => (++calls === 1 ? Effect.fail(timedOut(10_000)) : Effect.succeed(BOUGHT)));
    await buy(root);
    await buy(root);
    expect(root.ports.api.callsTo("cardPurchaseCreate").map((c) => c.options?.idempotencyKey)).toEqual(["action-1", "action-1"]);
  });

  it("a pending recharge keeps its own key: buying a card meanwhile does not take it", async () => {
    const tab = new MemoryKeyValueStore();
    const root = await checklist({ tabValues: tab, payment: neverAnswered });
    void tap(root);
    await vi.waitFor(() => expect(root.checkout.phase._tag).toBe("Paying"));
    const pending = tab.get(pendingCheckoutKey("recharge"));
    const other = await heartcard({ tabValues: tab });
    await buy(other);
    expect(tab.get(pendingCheckoutKey("recharge"))).toBe(pending);
  });
});
