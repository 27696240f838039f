import { offline, ServerRefused } from "@fuel/adapters/ports";
import { FakeBrowser, ScriptedApi, type ManualClock } from "@fuel/adapters/testing";
import { Constants, Order } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import { Effect } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rechargeDetailStore } from "../../src/stores/orders/RechargeDetailStore.ts";
import { FakeOrders, HOUR, paidOrder, paidRecharge, rechargeOrder } from "../support/orders.ts";
import { testRoot } from "../support/render.tsx";
import { shownFor } from "../support/failures.ts";

const MINUTE = 60_000;
const SECOND = 1_000;
const REGENERATE_WINDOW = Constants.RECHARGE_QR_REGENERATE_HIDDEN_AFTER_MS;
const EXPIRY = Constants.RECHARGE_QR_EXPIRED_AFTER_MS;

const rootWith = (orders: ReadonlyArray<WireOrder>, locale: "en" | "zh-CN" = "en") => {
  const browser = new FakeBrowser();
  const root = testRoot({ locale, ports: { api: new ScriptedApi(), browser } });
  const fake = new FakeOrders(root.ports.api, orders);
  const store = root.use(rechargeDetailStore);
  return { root, store, fake, browser, api: root.ports.api, clock: root.ports.clock as ManualClock };
};

/** Order 5, a recharge (unpaid by default) and a paid one. */
const recharge = (overrides: Partial<WireOrder> = {}) => rechargeOrder({ order_id: 5, ...overrides });
const paid = (overrides: Partial<WireOrder> = {}, paidAgoMs = 0) => paidRecharge({ order_id: 5, ...overrides }, paidAgoMs);

/** The detail of order 5, opened. */
const opened = async (order: WireOrder, locale: "en" | "zh-CN" = "en") => {
  const world = rootWith([order], locale);
  await world.store.open(5);
  return world;
};

afterEach(() => {
  vi.useRealTimers();
});

describe("RechargeDetailStore: loading", () => {
  it("asks orders.detail for the order and holds it as Loaded", async () => {
    const { store, api } = rootWith([recharge({ order_id: 5 })]);
    const opening = store.open(5);
    expect(store.detail._tag).toBe("Loading");
    await opening;
    expect(api.callsTo("orderDetail").map((c) => c.input)).toEqual([{ order_id: 5 }]);
    expect(store.detail._tag).toBe("Loaded");
    expect(store.entry?.order.order_id).toBe(5);
  });

  it("is built once per root, with the page that first asks for it", () => {
    const { root, store } = rootWith([]);
    expect(root.use(rechargeDetailStore)).toBe(store);
  });

  it("a first load that fails holds the reason in the customer's words, with nothing shown", async () => {
    const { root, store, api } = rootWith([]);
    api.fail("orderDetail", offline());
    await store.open(5);
    expect(store.detail._tag).toBe("Failed");
    expect(shownFor(store.detail, root.i18n)).toBe("network unavailable, check your connection");
    expect(store.entry).toBeUndefined();
  });

  it("a failed reload keeps the order on screen and says why", async () => {
    const { root, store, api } = await opened(paid());
    api.fail("orderDetail", offline());
    await store.load();
    expect(store.detail._tag).toBe("Failed");
    expect(store.entry?.order.order_id).toBe(5);
    expect(store.qr).toEqual({ _tag: "Shown", code: "RCCODE5" });
    expect(store.offline).toBe(true);
    expect(root.notices.latest?.text).toBe("network unavailable, check your connection");
  });

  it("a quiet poll that fails keeps the code on screen without a toast", async () => {
    const { root, store, api } = await opened(paid());
    api.fail("orderDetail", offline());
    await store.load({ quiet: true });
    expect(store.qr).toEqual({ _tag: "Shown", code: "RCCODE5" });
    expect(root.notices.latest).toBeUndefined();
  });

  it("a server refusal is worded by describeError (the server's words when its tag is unknown)", async () => {
    const { root, store, api } = rootWith([]);
    api.fail("orderDetail", new ServerRefused({ message: "no such order", status: 404, tag: undefined }));
    await store.open(5);
    expect(store.detail._tag).toBe("Failed");
    expect(shownFor(store.detail, root.i18n)).toBe("no such order");
  });

  it("a fuel order opened here goes to its own detail page", async () => {
    const { root, store } = rootWith([paidOrder({ order_id: 5 })]);
    await store.open(5);
    expect(root.navigation.pending).toMatchObject({ to: "/orderDetail/5", replace: true });
  });
});

describe("RechargeDetailStore: the card", () => {
  it("an entity card by its type, last 7 digits and team (the team from the customer's card list)", async () => {
    const { store } = await opened(recharge());
    expect(store.card).toEqual({ _tag: "Card", type: "entity", lastNumber: "1234567", cardNumber: "1000111234567" });
    await vi.waitFor(() => expect(store.team).toBe("Pearl River Logistics"));
  });

  it("card_type 2 is a virtual card, 3 a top-up replacement (Order.cardTypeFromCode)", async () => {
    expect((await opened(recharge({ card_type: 2, card_num: "9000117654321", last_number: "7654321" }))).store.card).toMatchObject({ type: "virtual", lastNumber: "7654321" });
    expect((await opened(recharge({ card_type: 3 }))).store.card).toMatchObject({ type: "topUpReplacement" });
  });

  it("card_type 2 without a card number is a card purchase: a new virtual card", async () => {
    const { store } = await opened(recharge({ card_type: 2, card_num: null, last_number: null }));
    expect(store.card).toEqual({ _tag: "NewCard", lastNumber: undefined, cardNumber: undefined });
    expect(store.team).toBeUndefined();
  });

  it("once the distributor settled a card purchase, the order shows the new card's number", async () => {
    const { store, fake } = await opened(recharge({ card_type: 2, card_num: null, last_number: null }));
    fake.update(5, { order_status: 3, card_num: "9000117654321", last_number: "7654321" });
    await store.load();
    expect(store.card).toEqual({ _tag: "Card", type: "virtual", lastNumber: "7654321", cardNumber: "9000117654321" });
  });

  it("a purchase the server marks issues_card stays a new card once settled, with the new card's number", async () => {
    const { store, fake } = await opened(Object.assign(recharge({ card_type: 2, card_num: null, last_number: null }), { issues_card: true }));
    expect(store.card).toMatchObject({ _tag: "NewCard", cardNumber: undefined });
    fake.update(5, { order_status: 3, card_num: "9000117654321", last_number: "7654321" });
    await store.load();
    expect(store.card).toEqual({ _tag: "NewCard", lastNumber: "7654321", cardNumber: "9000117654321" });
  });

  it("a card missing from a loaded card list makes the list be read again, once", async () => {
    const { store, api } = rootWith([recharge({ order_id: 5, card_num: "1000119999999", last_number: "9999999" })]);
    await store.open(5);
    await vi.waitFor(() => expect(api.callsTo("rechargeCardList")).toHaveLength(2));
    await store.load();
    await new Promise((r) => setTimeout(r, 0));
    expect(api.callsTo("rechargeCardList")).toHaveLength(2);
    expect(store.team).toBeUndefined();
  });
});

describe("RechargeDetailStore: status", () => {
  it("code 2 reads 'paid', code 3 'done' (Order.statusLabel for a recharge)", async () => {
    expect((await opened(paid())).store.statusLabel).toBe("paid");
    expect((await opened(paid({ order_status: 3 }))).store.statusLabel).toBe("done");
  });

  it("a rejected order (6) shows the server's reason", async () => {
    const { store } = await opened(paid({ order_status: 6, reason: "card frozen by the distributor", pay_qrcode: null }));
    expect(store.statusLabel).toBe("rejected");
    expect(store.rejectionReason).toBe("card frozen by the distributor");
    expect(store.qr._tag).toBe("None");
    expect(store.canRegenerate).toBe(false);
  });

  it("a voided order (7) reads voided, with no QR area and no reason", async () => {
    const { store } = await opened(paid({ order_status: 7, pay_qrcode: null }));
    expect(store.statusLabel).toBe("voided");
    expect(store.rejectionReason).toBeUndefined();
    expect(store.qr._tag).toBe("None");
  });
});

describe("RechargeDetailStore: unpaid", () => {
  it("counts down from count and reads cancelled at 0", async () => {
    const { store, clock } = await opened(recharge({ count: 3 }));
    expect(store.secondsLeftToPay).toBe(3);
    expect(store.qr._tag).toBe("None");
    clock.advance(2 * SECOND);
    store.tick();
    expect(store.secondsLeftToPay).toBe(1);
    clock.advance(SECOND);
    store.tick();
    expect(store.secondsLeftToPay).toBe(0);
    expect(store.statusLabel).toBe("cancelled");
  });

  it("cancel (through OrderActionsStore) cancels the order and shows it again from the server", async () => {
    const { store, api } = await opened(recharge());
    await store.cancel();
    expect(api.callsTo("orderCancel").map((c) => c.input)).toEqual([{ order_id: 5 }]);
    expect(store.entry?.order.order_status).toBe(Order.statusCode("cancelled"));
  });

  it("pay asks the FY channel, opens the pay sheet and reloads the order; it stays on its detail (spec §4, the FY variant)", async () => {
    const { root, store, api, fake } = await opened(recharge());
    api.on("paymentQueryResult", () => {
      fake.update(5, { order_status: 2, count: 0, payment_time: "2026-11-23T10:00:00+08:00", pay_qrcode: "RCCODE5" });
      return Effect.succeed({ order_status: 2 as const, paid: true });
    });
    await store.pay();
    expect(api.callsTo("paymentFyQuery").map((c) => c.input)).toEqual([{ order_id: 5 }]);
    expect(root.navigation.pending).toBeUndefined();
    expect(store.statusLabel).toBe("paid");
    expect(store.qr).toEqual({ _tag: "Shown", code: "RCCODE5" });
  });
});

describe("RechargeDetailStore: the QR area", () => {
  it("a paid order shows the server's pay_qrcode", async () => {
    const { store } = await opened(paid());
    expect(store.qr).toEqual({ _tag: "Shown", code: "RCCODE5" });
    expect(store.showingCode).toBe(true);
  });

  it("is not expired/used one second before 24 h after payment", async () => {
    const { store } = await opened(paid({}, EXPIRY - SECOND));
    expect(store.qr._tag).toBe("Shown");
  });

  it("is not expired/used at exactly 24 h", async () => {
    const { store } = await opened(paid({}, EXPIRY));
    expect(store.qr._tag).toBe("Shown");
  });

  it("reads expired/used one second after 24 h", async () => {
    const { store } = await opened(paid({}, EXPIRY + SECOND));
    expect(store.qr._tag).toBe("ExpiredOrUsed");
    expect(store.showingCode).toBe(false);
  });

  it("turns expired/used as time passes, without a reload", async () => {
    const { store, clock, api } = await opened(paid({}, EXPIRY - SECOND));
    clock.advance(2 * SECOND);
    store.tick();
    expect(store.qr._tag).toBe("ExpiredOrUsed");
    expect(api.callsTo("orderDetail")).toHaveLength(1);
  });

  it("reads expired/used once used (3) or expired (8)", async () => {
    expect((await opened(paid({ order_status: 3, pay_qrcode: null }))).store.qr._tag).toBe("ExpiredOrUsed");
    expect((await opened(paid({ order_status: 8, pay_qrcode: null }))).store.qr._tag).toBe("ExpiredOrUsed");
  });

  it("a poll that finds the order used turns the area expired/used", async () => {
    const { store, fake } = await opened(paid());
    fake.update(5, { order_status: 3, pay_qrcode: null });
    await store.load({ quiet: true });
    expect(store.qr._tag).toBe("ExpiredOrUsed");
  });

  it("a paid order without a code from the server says the code is missing", async () => {
    const { store } = await opened(paid({ pay_qrcode: null }));
    expect(store.qr._tag).toBe("Missing");
    expect(store.canRegenerate).toBe(false);
  });

  it("with a refund asked for there is no code to show", async () => {
    const { store } = await opened(paid({ refund_status: 1, pay_qrcode: null }));
    expect(store.qr._tag).toBe("None");
  });

  it("the screen is kept on through the browser port and let go", async () => {
    const { store, browser } = await opened(paid());
    const release = store.keepScreenOn();
    expect(browser.screenOnHolds).toBe(1);
    release();
    expect(browser.screenOnHolds).toBe(0);
  });
});

describe("RechargeDetailStore: 'regenerate QR'", () => {
  it("shows at payment + 8 min - 1 s", async () => {
    const { store } = await opened(paid({}, REGENERATE_WINDOW - SECOND));
    expect(store.canRegenerate).toBe(true);
  });

  it("shows at exactly 8 min after payment", async () => {
    const { store } = await opened(paid({}, REGENERATE_WINDOW));
    expect(store.canRegenerate).toBe(true);
  });

  it("is hidden at 8 min + 1 s", async () => {
    const { store } = await opened(paid({}, REGENERATE_WINDOW + SECOND));
    expect(store.canRegenerate).toBe(false);
    expect(store.qr._tag).toBe("Shown");
  });

  it("the scheduled timer hides it just after 8 min, without a tick", async () => {
    vi.useFakeTimers();
    const { store, clock } = await opened(paid({}, REGENERATE_WINDOW - SECOND));
    expect(store.regenerateShownUntil).toBe(clock.now() + SECOND);
    const stop = store.followRegenerateDeadline();
    clock.advance(SECOND);
    vi.advanceTimersByTime(SECOND);
    expect(store.canRegenerate).toBe(true); // exactly 8 min: still shown
    clock.advance(1);
    vi.advanceTimersByTime(1);
    expect(store.canRegenerate).toBe(false);
    expect(store.regenerateShownUntil).toBeUndefined();
    stop();
  });

  it("the timer is cleared when the page leaves", async () => {
    vi.useFakeTimers();
    const { store, clock } = await opened(paid({}, REGENERATE_WINDOW - SECOND));
    const stop = store.followRegenerateDeadline();
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    clock.advance(MINUTE);
    expect(store.canRegenerate).toBe(true); // nothing ticked it
  });

  it("no timer when the button does not show", async () => {
    vi.useFakeTimers();
    const { store } = await opened(paid({}, REGENERATE_WINDOW + SECOND));
    store.followRegenerateDeadline();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("refund_status 3 hides it", async () => {
    const { store } = await opened(paid({ refund_status: 3 }));
    expect(store.canRegenerate).toBe(false);
  });

  it("a top-up replacement card (card_type 3) hides it while the code shows", async () => {
    const { store } = await opened(paid({ card_type: 3 }));
    expect(store.qr._tag).toBe("Shown");
    expect(store.canRegenerate).toBe(false);
  });

  it("entity and virtual cards show it", async () => {
    expect((await opened(paid({ card_type: 1 }))).store.canRegenerate).toBe(true);
    expect((await opened(paid({ card_type: 2, card_num: "9000117654321" }))).store.canRegenerate).toBe(true);
  });

  it("never shows once the area reads expired/used", async () => {
    const { store } = await opened(paid({ order_status: 3 }));
    expect(store.canRegenerate).toBe(false);
  });

  it("regenerating calls resetQr, then closes the messaging app's page (and goes nowhere)", async () => {
    const { root, store, api, browser } = await opened(paid());
    browser.closesWindow = true;
    await store.regenerate();
    expect(api.callsTo("orderResetQr").map((c) => c.input)).toEqual([{ order_id: 5 }]);
    expect(browser.closeWindowCalls).toBe(1);
    expect(root.navigation.pending).toBeUndefined();
    // The page is closing: a second tap does not void the new code.
    await store.regenerate();
    expect(api.callsTo("orderResetQr")).toHaveLength(1);
  });

  it("in a plain browser (closeWindow answers false) it goes to /orderlist", async () => {
    const { root, store, browser, api } = await opened(paid());
    await store.regenerate();
    expect(api.callsTo("orderResetQr")).toHaveLength(1);
    expect(browser.closeWindowCalls).toBe(1);
    expect(root.navigation.pending?.to).toBe("/orderlist?tab=all");
    expect(root.notices.latest?.text).toBe("QR code regenerated");
  });

  it("resetQr is answered before the window is closed", async () => {
    const { store, api, browser } = await opened(paid());
    browser.closesWindow = true;
    const closedWhenAsked: number[] = [];
    api.on("orderResetQr", () => {
      closedWhenAsked.push(browser.closeWindowCalls);
      return Effect.succeed({ qrcode: "RCNEW" });
    });
    await store.regenerate();
    expect(closedWhenAsked).toEqual([0]);
    expect(browser.closeWindowCalls).toBe(1);
  });

  it("a refused regeneration says why (describeError) and neither closes nor navigates", async () => {
    const { root, store, api, browser } = await opened(paid());
    api.fail("orderResetQr", new ServerRefused({ message: "x", status: 409, tag: "QrNotRegenerable" }));
    await store.regenerate();
    expect(root.notices.latest?.text).toBe("the QR code of this order can no longer be regenerated");
    expect(browser.closeWindowCalls).toBe(0);
    expect(root.navigation.pending).toBeUndefined();
    expect(store.regenerating).toBe(false);
  });

  it("a regeneration that fails on the network keeps the code on screen (zh-CN)", async () => {
    const { root, store, api, browser } = await opened(paid(), "zh-CN");
    api.fail("orderResetQr", offline("zh-CN"));
    await store.regenerate();
    expect(store.qr).toEqual({ _tag: "Shown", code: "RCCODE5" });
    expect(root.notices.latest?.text).toBe("网络不可用，请检查网络连接");
    expect(browser.closeWindowCalls).toBe(0);
  });

  it("does nothing when not allowed (after 8 minutes)", async () => {
    const { store, api, browser } = await opened(paid({}, REGENERATE_WINDOW + SECOND));
    await store.regenerate();
    expect(api.callsTo("orderResetQr")).toHaveLength(0);
    expect(browser.closeWindowCalls).toBe(0);
  });
});

describe("RechargeDetailStore: time", () => {
  it("an hour after payment the code still shows and regenerate is gone", async () => {
    const { store } = await opened(paid({}, HOUR));
    expect(store.qr._tag).toBe("Shown");
    expect(store.canRegenerate).toBe(false);
  });
});
