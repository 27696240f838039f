import { Offline, ServerRefused } from "@fuel/adapters/ports";
import { exampleOrder } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { OrderDetailStore } from "../../../src/desk/stores/records/OrderDetailStore.ts";
import { OrdersStore } from "../../../src/desk/stores/records/OrdersStore.ts";
import { ordersQueryOf, readOrderSearch } from "../../../src/desk/stores/records/orderSearch.ts";
import { deskStores } from "../support/renderDesk.tsx";

describe("the one order search box (issue 26)", () => {
  it.each([
    ["+86 138-0013 8000", { phone: "13800138000" }],
    ["１３８００１３８０００", { phone: "13800138000" }],
    [" 5001 ", { order_id: 5001 }],
    ["FO202411260915000005001", { merchant_no: "FO202411260915000005001" }],
    ["99999999999", { merchant_no: "99999999999" }],
  ])("reads %j as %j", (typed, query) => {
    const search = readOrderSearch(typed);
    expect(search === undefined ? undefined : ordersQueryOf(search)).toEqual(query);
  });

  it("blank is nothing to search for", () => {
    expect(readOrderSearch("   ")).toBeUndefined();
  });
});

describe("the admin's order search (issue 26)", () => {
  it("sends a pasted phone normalized, and keeps the orders with the time they were loaded", async () => {
    const stores = deskStores();
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.find("+86 138 0013 8000");
    expect(stores.api.callsTo("deskOrders")[0]?.input).toEqual({ phone: "13800138000" });
    expect(store.search).toEqual({ by: "phone", value: "13800138000" });
    expect(store.results?.map((entry) => entry.order.order_id)).toEqual([5001]);
    expect(store.loading).toBe(false);
  });

  it("finds by merchant number and order number, one field each", async () => {
    const stores = deskStores();
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.find("FO202411260915000005001");
    await store.find("5001");
    expect(stores.api.callsTo("deskOrders").map((call) => call.input)).toEqual([{ merchant_no: "FO202411260915000005001" }, { order_id: 5001 }]);
  });

  it("an empty answer is an empty list, not a failure", async () => {
    const stores = deskStores();
    stores.api.on("deskOrders", { orders: [] });
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.find("13800138000");
    expect(store.results).toEqual([]);
    expect(store.problem).toBeUndefined();
  });

  it("a blank box is refused before any call", () => {
    const stores = deskStores();
    const store = new OrdersStore(stores.ports, stores.i18n);
    store.setTyped("  ");
    expect(store.submitted()).toBeUndefined();
    expect(store.problemText).toBe("enter a phone, an order number or a merchant number");
    store.setTyped(" 5001 ");
    expect(store.submitted()).toBe("5001");
    expect(stores.api.callsTo("deskOrders")).toHaveLength(0);
  });

  it("no network says so and keeps no results; retry searches again", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.fail("deskOrders", new Offline({ path: "/api/desk/orders" }));
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.find("5001");
    expect(store.results).toBeUndefined();
    expect(store.problemText).toBe("网络不可用：未做任何更改。请在网络恢复后重试。");
    stores.api.on("deskOrders", { orders: [exampleOrder] });
    await store.retry();
    expect(store.results).toHaveLength(1);
    expect(stores.api.callsTo("deskOrders")).toHaveLength(2);
  });

  it("the server's refusal is worded from its tag", async () => {
    const stores = deskStores();
    stores.api.fail("deskOrders", new ServerRefused({ message: "bad phone", status: 400, tag: "PhoneInvalid" }));
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.find("13800138000");
    expect(store.problemText).toBe("enter a correct phone number");
  });
});

describe("one order at the desk (issue 26)", () => {
  it("loads the order whole: payments, QR codes, refund", async () => {
    const stores = deskStores();
    const store = new OrderDetailStore(stores.ports, stores.i18n);
    await store.load(5001);
    expect(stores.api.callsTo("deskOrder")[0]?.input).toEqual({ order_id: 5001 });
    expect(store.loaded?.record.payments).toHaveLength(1);
    expect(store.loaded?.record.qr_codes[0]?.redeemed_by).toBe("li.cashier");
  });

  it("an unknown order is the server's 'order not found'; no network keeps nothing and retries", async () => {
    const stores = deskStores();
    stores.api.fail("deskOrder", new ServerRefused({ message: "order not found", status: 404, tag: "OrderNotFound" }));
    const store = new OrderDetailStore(stores.ports, stores.i18n);
    await store.load(9);
    expect(store.problemText).toBe("order not found");
    stores.api.fail("deskOrder", new Offline({ path: "/api/desk/orders/detail" }));
    await store.retry();
    expect(store.loaded).toBeUndefined();
    expect(store.problemText).toBe("No network: nothing was changed. Try again when you are back online.");
    expect(stores.api.callsTo("deskOrder").map((call) => call.input)).toEqual([{ order_id: 9 }, { order_id: 9 }]);
  });
});
