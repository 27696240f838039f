import { Offline, ServerRefused } from "@fuel/adapters/ports";
import { exampleOrder } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { OrderDetailStore } from "../../../src/desk/stores/records/OrderDetailStore.ts";
import { OrdersStore } from "../../../src/desk/stores/records/OrdersStore.ts";
import { ordersQueryOf, readOrderSearch } from "../../../src/desk/stores/records/orderSearch.ts";
import { NO_ORDER_PARAMS, ordersListQueryOf, readOrderParams, writeOrderParams } from "../../../src/desk/stores/records/orderListParams.ts";
import { DESK_NOW, deskStores } from "../support/renderDesk.tsx";

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

const LIST = { sort: "created_at", dir: "desc", page: 1, page_size: 20 } as const;
const paramsOf = (query: string) => readOrderParams(new URLSearchParams(query));

describe("the order list's address (issue 34)", () => {
  it("reads the search, filters, sort and page, and writes them back with the defaults left out", () => {
    const params = paramsOf("q=13800138000&status=2&type=fuel&station=12&from=2024-11-24&to=2024-11-26&sort=amount&dir=desc&page=3&size=50");
    expect(params).toEqual({ q: "13800138000", status: 2, type: "fuel", station: 12, from: "2024-11-24", to: "2024-11-26", sort: { column: "amount", direction: "desc" }, page: 3, size: 50 });
    expect(writeOrderParams(params)).toEqual({ q: "13800138000", status: "2", type: "fuel", station: "12", from: "2024-11-24", to: "2024-11-26", sort: "amount", dir: "desc", page: "3", size: "50" });
    expect(writeOrderParams(paramsOf(""))).toEqual({});
    expect(ordersListQueryOf(params)).toEqual({ phone: "13800138000", status: 2, type: "fuel", station_id: 12, from: "2024-11-24", to: "2024-11-26", sort: "amount", dir: "desc", page: 3, page_size: 50 });
  });

  it("drops what a hand-edited address gets wrong", () => {
    expect(paramsOf("status=4&type=gold&station=-1&from=2024-02-30&to=x&sort=phone&page=0&size=7")).toEqual(NO_ORDER_PARAMS);
  });
});

describe("the admin's order list (issues 26, 34)", () => {
  it("lists every order at first, a page with the total, each kept with the time it was loaded", async () => {
    const stores = deskStores();
    stores.api.on("deskOrders", { orders: [exampleOrder], total: 41, page: 1, page_size: 20 });
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.show(paramsOf(""));
    expect(stores.api.callsTo("deskOrders")[0]?.input).toEqual(LIST);
    expect(store.load).toMatchObject({ kind: "loaded", page: { total: 41, page: 1, pageSize: 20 } });
    expect(store.load.kind === "loaded" ? store.load.page.entries.map((e) => [e.order.order_id, e.loadedAt]) : []).toEqual([[5001, DESK_NOW]]);
  });

  it("sends a pasted phone normalized with the filters; a merchant or order number as its own field", async () => {
    const stores = deskStores();
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.show(paramsOf(`q=${encodeURIComponent("+86 138 0013 8000")}&status=3`));
    expect(store.search).toEqual({ by: "phone", value: "13800138000" });
    await store.show(paramsOf("q=FO202411260915000005001"));
    await store.show(paramsOf("q=5001&type=cardPurchase"));
    expect(stores.api.callsTo("deskOrders").map((call) => call.input)).toEqual([
      { phone: "13800138000", status: 3, ...LIST },
      { merchant_no: "FO202411260915000005001", ...LIST },
      { order_id: 5001, type: "cardPurchase", ...LIST },
    ]);
  });

  it("refuses a reversed day range in words before any call", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.show(paramsOf("from=2024-11-26&to=2024-11-25"));
    expect(store.formProblemText).toBe("开始日期晚于结束日期");
    expect(stores.api.callsTo("deskOrders")).toHaveLength(0);
  });

  it("exports exactly the filters and sort, every page, in the admin's language", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.show(paramsOf("status=2&from=2024-11-24&to=2024-11-26&sort=amount&dir=asc&page=2"));
    expect(store.exportHref).toBe("/api/desk/orders/export?status=2&from=2024-11-24&to=2024-11-26&sort=amount&dir=asc&lang=zh-CN");
  });

  it("a blank box is refused before any call", () => {
    const stores = deskStores();
    const store = new OrdersStore(stores.ports, stores.i18n);
    store.setTyped("  ");
    expect(store.submitted()).toBeUndefined();
    expect(store.formProblemText).toBe("enter a phone, an order number or a merchant number");
    store.setTyped(" 5001 ");
    expect(store.submitted()).toBe("5001");
    expect(stores.api.callsTo("deskOrders")).toHaveLength(0);
  });

  it("no network says so and keeps no rows; retry asks again", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.fail("deskOrders", new Offline({ path: "/api/desk/orders" }));
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.show(paramsOf("q=5001"));
    expect(store.load.kind).toBe("failed");
    expect(store.problemText).toBe("网络不可用：未做任何更改。请在网络恢复后重试。");
    stores.api.on("deskOrders", { orders: [exampleOrder], total: 1, page: 1, page_size: 20 });
    await store.retry();
    expect(store.load.kind).toBe("loaded");
    expect(stores.api.callsTo("deskOrders")).toHaveLength(2);
  });

  it("the server's refusal is worded from its tag", async () => {
    const stores = deskStores();
    stores.api.fail("deskOrders", new ServerRefused({ message: "bad phone", status: 400, tag: "PhoneInvalid" }));
    const store = new OrdersStore(stores.ports, stores.i18n);
    await store.show(paramsOf("q=13800138000"));
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
