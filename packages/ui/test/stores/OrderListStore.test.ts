import { FakePaymentBridge, type ManualClock } from "@fuel/adapters/testing";
import { offline } from "@fuel/adapters/ports";
import { Constants } from "@fuel/domain";
import { Effect } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { secondsLeftToPay, statusLabelAt, actionsAt } from "../../src/stores/orders/OrderEntry.ts";
import { testRoot } from "../support/render.tsx";
import { FakeOrders, manyOrders, paidOrder, wireOrder } from "../support/orders.ts";
import { orderListStore } from "../../src/stores/orders/OrderListStore.ts";

const rootWith = (orders = manyOrders(35), payment = new FakePaymentBridge()) => {
  const root = testRoot({ ports: { payment } });
  const fake = new FakeOrders(root.ports.api, orders);
  root.ports.api.on("userInfo", { ...(Effect.runSync(root.ports.session.userInfo()) as object), oauth_id: "oauth-1" } as never);
  return { root, fake, clock: root.ports.clock as ManualClock };
};

afterEach(() => vi.useRealTimers());

describe("OrderListStore", () => {
  it("pages through 35 orders 10 at a time until the last page, then has no more", async () => {
    const { root } = rootWith();
    await root.use(orderListStore).show("all");
    expect(root.use(orderListStore).entries()).toHaveLength(10);
    while (root.use(orderListStore).hasMore()) await root.use(orderListStore).loadMore();
    expect(root.use(orderListStore).entries()?.map((e) => e.order.order_id)).toEqual(Array.from({ length: 35 }, (_, i) => 35 - i));
    expect(root.ports.api.callsTo("orderList").map((c) => c.input)).toEqual([1, 2, 3, 4].map((page) => ({ page, order_status: "all" })));
  });

  it("each tab asks the server for its own statuses by the tab's name", async () => {
    const { root } = rootWith();
    await root.use(orderListStore).show("unused");
    expect(root.ports.api.callsTo("orderList").at(-1)?.input).toEqual({ page: 1, order_status: "unused" });
    expect(root.use(orderListStore).entries()?.every((e) => e.order.order_status === 2)).toBe(true);
  });

  it("a tab keeps its pages and scroll position while another is shown, without asking again", async () => {
    const { root } = rootWith();
    await root.use(orderListStore).show("all");
    await root.use(orderListStore).loadMore();
    root.use(orderListStore).rememberScroll("all", 640);
    await root.use(orderListStore).show("unpaid");
    const calls = root.ports.api.callsTo("orderList").length;
    await root.use(orderListStore).show("all");
    expect(root.ports.api.callsTo("orderList")).toHaveLength(calls);
    expect(root.use(orderListStore).entries()).toHaveLength(20);
    expect(root.use(orderListStore).tabs.all.scrollTop).toBe(640);
  });

  it("an unpaid order counts down from count and reads cancelled at 0, without a reload", async () => {
    const { root, clock } = rootWith([wireOrder({ order_id: 1, count: 5 })]);
    await root.use(orderListStore).show("unpaid");
    const entry = root.use(orderListStore).entries()![0]!;
    expect(secondsLeftToPay(entry, root.use(orderListStore).now)).toBe(5);
    expect(actionsAt(entry, root.use(orderListStore).now)).toEqual(["cancel", "pay"]);
    clock.advance(4_001);
    root.use(orderListStore).tick();
    expect(secondsLeftToPay(entry, root.use(orderListStore).now)).toBe(1);
    clock.advance(999);
    root.use(orderListStore).tick();
    expect(secondsLeftToPay(entry, root.use(orderListStore).now)).toBe(0);
    expect(statusLabelAt(entry, root.use(orderListStore).now, "list")).toBe("cancelled");
    expect(actionsAt(entry, root.use(orderListStore).now)).toEqual([]);
    expect(root.use(orderListStore).counting).toBe(false);
    expect(root.ports.api.callsTo("orderList")).toHaveLength(1);
  });

  it("cancelling an order refreshes the tab and marks the other tabs to reload", async () => {
    const { root } = rootWith([wireOrder({ order_id: 7 })]);
    await root.use(orderListStore).show("all");
    await root.use(orderListStore).show("unpaid");
    await root.use(orderListStore).cancel(7);
    expect(root.ports.api.callsTo("orderCancel").map((c) => c.input)).toEqual([{ order_id: 7 }]);
    expect(root.use(orderListStore).entries()).toEqual([]);
    expect(root.use(orderListStore).tabs.all.stale).toBe(true);
    await root.use(orderListStore).show("all");
    expect(root.use(orderListStore).entries()?.[0]?.order.order_status).toBe(9);
    expect(root.notices.latest?.text).toBe("Order cancelled");
  });

  it("a next page that fails keeps the orders shown, says why and can be asked again", async () => {
    const { root } = rootWith();
    await root.use(orderListStore).show("all");
    root.ports.api.fail("orderList", offline());
    expect(await root.use(orderListStore).loadMore()).toBe(false);
    expect(root.use(orderListStore).entries()).toHaveLength(10);
    expect(root.notices.latest?.kind).toBe("fail");
  });

  it("a first page that fails leaves the tab failed with the reason and no orders", async () => {
    const { root } = rootWith();
    root.ports.api.fail("orderList", offline());
    await root.use(orderListStore).show("all");
    expect(root.use(orderListStore).current.list._tag).toBe("Failed");
    expect(root.use(orderListStore).entries()).toBeUndefined();
  });

  it("paying again asks the order's own channel: FY for an FY order, then the server's confirmation", async () => {
    const { root, fake } = rootWith([wireOrder({ order_id: 3, paytype: "fy" })]);
    root.ports.api.on("paymentQueryResult", () => {
      fake.update(3, { order_status: 2, count: 0 });
      return Effect.succeed({ order_status: 2 as const, paid: true });
    });
    await root.use(orderListStore).show("all");
    await root.use(orderListStore).pay(fake.find(3));
    expect(root.ports.api.callsTo("paymentFyQuery")).toHaveLength(1);
    expect(root.ports.api.callsTo("paymentQuery")).toHaveLength(0);
    expect(root.notices.latest?.text).toBe("Payment confirmed");
    // Spec §4: the FY variant leads to the order's detail.
    expect(root.navigation.pending?.to).toBe("/orderDetail/3");
    expect(root.use(orderListStore).entries()?.[0]?.order.order_status).toBe(2);
  });

  it("paying a wechat order again asks payment/query and stays on the list", async () => {
    const { root, fake } = rootWith([wireOrder({ order_id: 4 })]);
    root.ports.api.on("paymentQueryResult", { order_status: 2, paid: true });
    await root.use(orderListStore).show("all");
    await root.use(orderListStore).pay(fake.find(4));
    expect(root.ports.api.callsTo("paymentQuery").map((c) => c.input)).toEqual([{ order_id: 4 }]);
    expect(root.navigation.pending).toBeUndefined();
  });

  it("a sheet 'ok' the server has not confirmed reads 'payment being confirmed', not paid", async () => {
    const { root, fake } = rootWith([wireOrder({ order_id: 4 })]);
    root.ports.api.on("paymentQueryResult", { order_status: 1, paid: false });
    await root.use(orderListStore).show("all");
    vi.useFakeTimers();
    const paying = root.use(orderListStore).pay(fake.find(4));
    await vi.runAllTimersAsync();
    await paying;
    expect(root.ports.api.callsTo("paymentQueryResult").length).toBeGreaterThan(1);
    expect(root.notices.latest?.text).toBe("Payment being confirmed");
  });

  it("paying without an oauth id says 'authorize via messaging app first' and goes to /wechatlogin after 2 s", async () => {
    vi.useFakeTimers();
    const { root, fake } = rootWith([wireOrder({ order_id: 4 })]);
    root.ports.api.on("userInfo", { ...(Effect.runSync(root.ports.session.userInfo()) as object), oauth_id: null } as never);
    await root.use(orderListStore).show("all");
    await root.use(orderListStore).pay(fake.find(4));
    expect(root.notices.latest?.text).toBe("authorize via messaging app first");
    vi.advanceTimersByTime(Constants.PAYMENT_AUTH_REDIRECT_DELAY_MS - 1);
    expect(root.navigation.pending).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(root.navigation.pending?.to).toBe("/wechatlogin");
  });

  it("paid orders show no countdown", async () => {
    const { root } = rootWith([paidOrder({ order_id: 1 })]);
    await root.use(orderListStore).show("all");
    expect(secondsLeftToPay(root.use(orderListStore).entries()![0]!, root.use(orderListStore).now)).toBe(0);
  });
});
