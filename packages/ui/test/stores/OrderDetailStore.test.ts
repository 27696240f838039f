import { FakeBrowser, MemoryKeyValueStore, ScriptedApi, type ManualClock } from "@fuel/adapters/testing";
import { offline } from "@fuel/adapters/ports";
import { Constants } from "@fuel/domain";
import { describe, expect, it } from "vitest";
import { testRoot } from "../support/render.tsx";
import { FakeOrders, HOUR, paidOrder, wireOrder } from "../support/orders.ts";
import type { Order as WireOrder } from "@fuel/domain/api";
import { orderDetailStore } from "../../src/stores/orders/OrderDetailStore.ts";

const rootWith = (orders: ReadonlyArray<WireOrder>, preferences = new MemoryKeyValueStore()) => {
  const browser = new FakeBrowser();
  const root = testRoot({ ports: { api: new ScriptedApi(), preferences, browser } });
  const fake = new FakeOrders(root.ports.api, orders);
  return { root, fake, browser, preferences, clock: root.ports.clock as ManualClock };
};

const QR_48H = Constants.FUEL_QR_VALIDITY_MS;

describe("OrderDetailStore: the cashier code", () => {
  it("a paid unused fuel order fetches its code by merchant order number and shows it", async () => {
    const { root } = rootWith([paidOrder({ order_id: 5, mchnt_order_no: "FO5" })]);
    await root.use(orderDetailStore).open(5);
    expect(root.ports.api.callsTo("kepaiQrCode").map((c) => c.input)).toEqual([{ orderNumber: "FO5" }]);
    expect(root.use(orderDetailStore).qr).toMatchObject({ _tag: "Shown", code: { value: "KPCODE5", offline: false } });
  });

  it("the code counts down to the end of its 48 h from payment", async () => {
    const { root } = rootWith([paidOrder({ order_id: 5 }, 2 * HOUR)]);
    await root.use(orderDetailStore).open(5);
    expect(root.use(orderDetailStore).qr).toMatchObject({ _tag: "Shown", secondsLeft: (QR_48H - 2 * HOUR) / 1_000 });
  });

  it("at 48 h after payment the code turns 'expired/used' without a reload", async () => {
    const { root, clock } = rootWith([paidOrder({ order_id: 5 }, 2 * HOUR)]);
    await root.use(orderDetailStore).open(5);
    clock.advance(QR_48H - 2 * HOUR - 1_000);
    root.use(orderDetailStore).tick();
    expect(root.use(orderDetailStore).qr).toMatchObject({ _tag: "Shown", secondsLeft: 1 });
    clock.advance(1_000);
    root.use(orderDetailStore).tick();
    expect(root.use(orderDetailStore).qr._tag).toBe("ExpiredOrUsed");
    expect(root.use(orderDetailStore).showingCode).toBe(false);
  });

  it("the last code is kept on the device and shows, marked offline, when the network is gone", async () => {
    const preferences = new MemoryKeyValueStore();
    const first = rootWith([paidOrder({ order_id: 5 })], preferences);
    await first.root.use(orderDetailStore).open(5);
    // Another visit (a reload) without network.
    const later = rootWith([], preferences);
    later.root.ports.api.fail("orderDetail", offline()).fail("kepaiQrCode", offline());
    await later.root.use(orderDetailStore).open(5);
    expect(later.root.use(orderDetailStore).offline).toBe(true);
    expect(later.root.use(orderDetailStore).entry?.order.order_id).toBe(5);
    expect(later.root.use(orderDetailStore).qr).toMatchObject({ _tag: "Shown", code: { value: "KPCODE5", offline: true } });
  });

  it("opened offline with the kept code, no toast covers the code (the page's offline notice says it)", async () => {
    const preferences = new MemoryKeyValueStore();
    await rootWith([paidOrder({ order_id: 5 })], preferences).root.use(orderDetailStore).open(5);
    const later = rootWith([], preferences);
    later.root.ports.api.fail("orderDetail", offline()).fail("kepaiQrCode", offline());
    await later.root.use(orderDetailStore).open(5);
    expect(later.root.use(orderDetailStore).qr).toMatchObject({ _tag: "Shown", code: { offline: true } });
    expect(later.root.notices.latest).toBeUndefined();
  });

  it("without a kept copy an offline first visit fails with the reason", async () => {
    const { root } = rootWith([]);
    root.ports.api.fail("orderDetail", offline());
    await root.use(orderDetailStore).open(5);
    expect(root.use(orderDetailStore).detail._tag).toBe("Failed");
    expect(root.use(orderDetailStore).entry).toBeUndefined();
  });

  it("a poll that finds the code redeemed shows 'expired/used' and forgets the device's copy", async () => {
    const { root, fake, preferences } = rootWith([paidOrder({ order_id: 5 })]);
    await root.use(orderDetailStore).open(5);
    fake.update(5, { order_status: 3 });
    await root.use(orderDetailStore).load({ quiet: true });
    expect(root.use(orderDetailStore).qr._tag).toBe("ExpiredOrUsed");
    expect(preferences.get("fuel.orderQr.5")).toBeNull();
  });

  it("a poll that fails keeps the code on screen, marked offline, without a toast", async () => {
    const { root } = rootWith([paidOrder({ order_id: 5 })]);
    await root.use(orderDetailStore).open(5);
    root.ports.api.fail("orderDetail", offline());
    await root.use(orderDetailStore).load({ quiet: true });
    expect(root.use(orderDetailStore).qr).toMatchObject({ _tag: "Shown", code: { value: "KPCODE5", offline: true } });
    expect(root.notices.latest).toBeUndefined();
  });

  it("regenerating gives a new code, kept on the device", async () => {
    const { root, preferences } = rootWith([paidOrder({ order_id: 5 })]);
    await root.use(orderDetailStore).open(5);
    expect(root.use(orderDetailStore).canRegenerate).toBe(true);
    await root.use(orderDetailStore).regenerate();
    expect(root.ports.api.callsTo("orderResetQr").map((c) => c.input)).toEqual([{ order_id: 5 }]);
    expect(root.use(orderDetailStore).qr).toMatchObject({ _tag: "Shown", code: { value: "KPNEW1" } });
    expect(preferences.get("fuel.orderQr.5")).toContain("KPNEW1");
  });

  it("the screen is kept on through the browser port and let go", async () => {
    const { root, browser } = rootWith([paidOrder({ order_id: 5 })]);
    await root.use(orderDetailStore).open(5);
    const release = root.use(orderDetailStore).keepScreenOn();
    expect(browser.screenOnHolds).toBe(1);
    release();
    expect(browser.screenOnHolds).toBe(0);
  });

  it("an unpaid order shows no code and offers no refund", async () => {
    const { root } = rootWith([wireOrder({ order_id: 5 })]);
    await root.use(orderDetailStore).open(5);
    expect(root.use(orderDetailStore).qr._tag).toBe("None");
    expect(root.use(orderDetailStore).canRefund).toBe(false);
    expect(root.ports.api.callsTo("kepaiQrCode")).toHaveLength(0);
  });
});

describe("OrderDetailStore: refund", () => {
  it("a blank reason stays in the form with 'tell us why you want a refund' and nothing is sent", async () => {
    const { root } = rootWith([paidOrder({ order_id: 5 })]);
    await root.use(orderDetailStore).open(5);
    root.use(orderDetailStore).openRefund();
    expect(await root.use(orderDetailStore).requestRefund("   ")).toBe(false);
    expect(root.use(orderDetailStore).refund).toEqual({ _tag: "Open", error: "tell us why you want a refund" });
    expect(root.ports.api.callsTo("orderRefund")).toHaveLength(0);
  });

  it("a refund is sent with the trimmed reason; the code stops showing, its copy is forgotten and the status reads requested", async () => {
    const { root, preferences } = rootWith([paidOrder({ order_id: 5 })]);
    await root.use(orderDetailStore).open(5);
    expect(root.use(orderDetailStore).canRefund).toBe(true);
    root.use(orderDetailStore).openRefund();
    expect(await root.use(orderDetailStore).requestRefund("  station closed ")).toBe(true);
    expect(root.ports.api.callsTo("orderRefund").map((c) => c.input)).toEqual([{ order_id: 5, reason: "station closed" }]);
    expect(root.use(orderDetailStore).entry?.order.refund_status).toBe(1);
    expect(root.use(orderDetailStore).qr._tag).toBe("None");
    expect(root.use(orderDetailStore).canRefund).toBe(false);
    expect(preferences.get("fuel.orderQr.5")).toBeNull();
    expect(root.notices.latest?.text).toBe("Refund requested");
  });
});

describe("OrderDetailStore: unpaid", () => {
  it("counts down from count and reads cancelled at 0", async () => {
    const { root, clock } = rootWith([wireOrder({ order_id: 5, count: 3 })]);
    await root.use(orderDetailStore).open(5);
    expect(root.use(orderDetailStore).secondsLeftToPay).toBe(3);
    clock.advance(3_000);
    root.use(orderDetailStore).tick();
    expect(root.use(orderDetailStore).secondsLeftToPay).toBe(0);
    expect(root.use(orderDetailStore).facts?.status).toBe("cancelled");
  });

  it("cancel cancels the order and shows it again from the server", async () => {
    const { root } = rootWith([wireOrder({ order_id: 5 })]);
    await root.use(orderDetailStore).open(5);
    await root.use(orderDetailStore).cancel();
    expect(root.ports.api.callsTo("orderCancel")).toHaveLength(1);
    expect(root.use(orderDetailStore).entry?.order.order_status).toBe(9);
  });
});
