import { FakeBrowser, fakePorts, ScriptedApi } from "@fuel/adapters/testing";
import type { Order as WireOrder } from "@fuel/domain/api";
import { screen, waitFor } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import { afterEach, describe, expect, it } from "vitest";
import RechargeOrderDetailPage from "../../src/pages/RechargeOrderDetailPage.tsx";
import { RootStore } from "../../src/stores/RootStore.ts";
import { rechargeDetailStore } from "../../src/stores/orders/RechargeDetailStore.ts";
import { FakeOrders, paidRecharge, rechargeOrder } from "../support/orders.ts";
import { renderPage } from "../support/render.tsx";

/**
 * Sandbox only (DESIGN.md §4): a paid recharge order's detail links to the sandbox card
 * distributor's page, where it is settled, when the server runs its sandbox stand-ins (the mode
 * main.tsx reads, handed to the root store); against a production server, or when the mode is not
 * known, and for any other status, the line is absent.
 */

afterEach(() => Dialog.clear());

type Mode = "sandbox" | "production" | "unknown" | "unreadable";

const rootIn = (mode: Mode, orders: ReadonlyArray<WireOrder>, locale: "en" | "zh-CN" = "en") => {
  const ports = fakePorts({ api: new ScriptedApi(), browser: new FakeBrowser() });
  const serverMode =
    mode === "unknown" ? undefined : mode === "unreadable" ? Promise.reject(new Error("GET /api/version: no answer")) : Promise.resolve(mode);
  const root = new RootStore(ports, { browserLanguages: [locale === "zh-CN" ? "zh-CN" : "en-US"], ...(serverMode === undefined ? {} : { serverMode }) });
  const fake = new FakeOrders(ports.api, orders);
  return { root, fake, api: ports.api };
};

const LINK_TEXT = "Sandbox: settle this order as the card distributor";
const URL_OF_5 = "/sandbox/distributor?order_id=5&back=/orderDetail/2/5";

/** The detail of `order` (id 5) in `mode`. */
const show = (mode: Mode, order: WireOrder, locale: "en" | "zh-CN" = "en") => {
  const world = rootIn(mode, [order], locale);
  renderPage(<RechargeOrderDetailPage />, { root: world.root, path: `/orderDetail/2/${order.order_id}`, route: "/orderDetail/2/:id" });
  return world;
};

describe("RechargeDetailStore.sandboxSettleUrl", () => {
  const opened = async (mode: Mode, order: WireOrder) => {
    const world = rootIn(mode, [order]);
    const store = world.root.use(rechargeDetailStore);
    await store.open(order.order_id);
    await world.root.serverMode;
    return { ...world, store };
  };

  it("sandbox, a paid recharge (2): the distributor's page on this order, back to this detail", async () => {
    const { store } = await opened("sandbox", paidRecharge({ order_id: 5 }));
    await waitFor(() => expect(store.sandbox).toBe(true));
    expect(store.sandboxSettleUrl).toBe(URL_OF_5);
  });

  it("sandbox, a paid card purchase (2) waiting for its card: the same", async () => {
    const { store } = await opened("sandbox", Object.assign(paidRecharge({ order_id: 5, card_type: 2, card_num: null, last_number: null, pay_qrcode: null }), { issues_card: true }));
    await waitFor(() => expect(store.sandboxSettleUrl).toBe(URL_OF_5));
  });

  it.each(["production", "unknown", "unreadable"] as const)("%s server: none, paid or not", async (mode) => {
    const { store } = await opened(mode, paidRecharge({ order_id: 5 }));
    await Promise.resolve();
    expect(store.sandbox).toBe(false);
    expect(store.sandboxSettleUrl).toBeUndefined();
  });

  it.each([
    ["unpaid (1)", rechargeOrder({ order_id: 5 })],
    ["done (3)", paidRecharge({ order_id: 5, order_status: 3, pay_qrcode: null })],
    ["rejected (6)", paidRecharge({ order_id: 5, order_status: 6, pay_qrcode: null, reason: "card frozen" } as Partial<WireOrder>)],
    ["cancelled (9)", rechargeOrder({ order_id: 5, order_status: 9, count: 0 })],
    ["paid with a refund asked for", paidRecharge({ order_id: 5, refund_status: 1, pay_qrcode: null })],
  ])("sandbox, %s: none", async (_name, order) => {
    const { store } = await opened("sandbox", order);
    await waitFor(() => expect(store.sandbox).toBe(true));
    expect(store.entry?.order.order_id).toBe(5);
    expect(store.sandboxSettleUrl).toBeUndefined();
  });

  it("goes once the order is settled (reloaded as done)", async () => {
    const { store, fake } = await opened("sandbox", paidRecharge({ order_id: 5 }));
    await waitFor(() => expect(store.sandboxSettleUrl).toBe(URL_OF_5));
    fake.update(5, { order_status: 3, pay_qrcode: null });
    await store.load();
    expect(store.sandboxSettleUrl).toBeUndefined();
  });
});

describe("/orderDetail/2/:id: the sandbox line", () => {
  it("sandbox, a paid recharge: a marked link to the distributor's page, a full page load (a plain href)", async () => {
    show("sandbox", paidRecharge({ order_id: 5 }));
    const link = await screen.findByRole("link", { name: LINK_TEXT });
    expect(link.getAttribute("href")).toBe(URL_OF_5);
    expect(link.getAttribute("data-testid")).toBe("sandbox-distributor-link");
  });

  it("the same in Chinese (zh-CN)", async () => {
    show("sandbox", paidRecharge({ order_id: 5 }), "zh-CN");
    const link = await screen.findByRole("link", { name: "沙箱：以加油卡经销商身份处理此订单" });
    expect(link.getAttribute("href")).toBe(URL_OF_5);
  });

  it("production server: absent", async () => {
    show("production", paidRecharge({ order_id: 5 }));
    expect(await screen.findByText("Status: Paid")).toBeTruthy();
    await screen.findByTestId("redemption-code", {}, { timeout: 10_000 });
    expect(screen.queryByTestId("sandbox-distributor-link")).toBeNull();
    expect(screen.queryByText(LINK_TEXT)).toBeNull();
  });

  it("mode unknown (no answer from the server): absent", async () => {
    show("unreadable", paidRecharge({ order_id: 5 }));
    expect(await screen.findByText("Status: Paid")).toBeTruthy();
    expect(screen.queryByTestId("sandbox-distributor-link")).toBeNull();
  });

  it.each([
    ["unpaid", rechargeOrder({ order_id: 5 }), "Status: Unpaid"],
    ["done", paidRecharge({ order_id: 5, order_status: 3, pay_qrcode: null }), "Status: Done"],
    ["rejected", paidRecharge({ order_id: 5, order_status: 6, pay_qrcode: null, reason: "card frozen" } as Partial<WireOrder>), "Status: Rejected"],
  ])("sandbox, %s: absent", async (_name, order, status) => {
    show("sandbox", order);
    expect(await screen.findByText(status)).toBeTruthy();
    // The mode is known by the time the order shows: the line would be there by now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId("sandbox-distributor-link")).toBeNull();
  });
});
