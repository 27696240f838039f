import { ScriptedApi, type ManualClock } from "@fuel/adapters/testing";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import { afterEach, describe, expect, it } from "vitest";
import OrderDetailPage from "../../src/pages/OrderDetailPage.tsx";
import OrderListPage from "../../src/pages/OrderListPage.tsx";
import RechargeOrderDetailPage from "../../src/pages/RechargeOrderDetailPage.tsx";
import { FakeOrders, paidOrder, paidRecharge, rechargeOrder, wireOrder } from "../support/orders.ts";
import { renderPage, testRoot } from "../support/render.tsx";
import { Route, Routes } from "../../src/router/index.tsx";
import type { Order as WireOrder } from "@fuel/domain/api";
import { Money, Pricing } from "@fuel/domain";
import { codeText } from "../support/codeText.ts";

afterEach(() => Dialog.clear());

const rootWith = (orders: ReadonlyArray<WireOrder>, locale: "en" | "zh-CN" = "en") => {
  const root = testRoot({ locale, ports: { api: new ScriptedApi() } });
  const fake = new FakeOrders(root.ports.api, orders);
  return { root, fake };
};

describe("/orderlist", () => {
  it("opens on the tab named in ?tab= and lists its orders (en)", async () => {
    const { root } = rootWith([wireOrder({ order_id: 1 }), paidOrder({ order_id: 2 })]);
    renderPage(<OrderListPage />, { root, path: "/orderlist?tab=unused" });
    expect(await screen.findByLabelText("Status: Unused")).toBeTruthy();
    expect(screen.queryByLabelText("Status: Unpaid")).toBeNull();
    expect(screen.getByRole("tab", { name: "Unused" }).getAttribute("aria-selected")).toBe("true");
  });

  it("a card names its amount by what happened to it: payable while unpaid, paid once paid, refunded as such (issue 25)", async () => {
    for (const locale of ["en", "zh-CN"] as const) {
      const { root } = rootWith([wireOrder({ order_id: 1 }), paidOrder({ order_id: 2 }), paidOrder({ order_id: 3, order_status: 7, refund_status: 3 })], locale);
      const view = renderPage(<OrderListPage />, { root, path: "/orderlist?tab=all", route: "/orderlist" });
      const en = locale === "en";
      const unpaid = (await screen.findByLabelText(en ? "Status: Unpaid" : "状态：待支付")).closest(".order-card") as HTMLElement;
      expect(within(unpaid).getByText(en ? "Payable" : "应付金额")).toBeTruthy();
      const paid = screen.getByLabelText(en ? "Status: Unused" : "状态：待使用").closest(".order-card") as HTMLElement;
      expect(within(paid).getByText(en ? "Paid amount" : "实付金额")).toBeTruthy();
      expect(within(paid).queryByText(en ? "Payable" : "应付金额")).toBeNull();
      const refunded = screen.getByLabelText(en ? "Status: Refunded" : "状态：已退款").closest(".order-card") as HTMLElement;
      expect(within(refunded).getByText(en ? "Paid amount" : "实付金额")).toBeTruthy();
      view.unmount();
    }
  });

  it("each tab has its own empty state (zh-CN)", async () => {
    const { root } = rootWith([], "zh-CN");
    renderPage(<OrderListPage />, { root, path: "/orderlist?tab=expired" });
    expect(await screen.findByText("暂无已过期订单")).toBeTruthy();
  });

  it("choosing a tab puts it in the address and lists its orders", async () => {
    const { root } = rootWith([wireOrder({ order_id: 1 }), paidOrder({ order_id: 2 })]);
    renderPage(<OrderListPage />, { root, path: "/orderlist?tab=all", route: "/orderlist" });
    await screen.findAllByRole("link", { name: /Order details/ });
    fireEvent.click(screen.getByRole("tab", { name: "Unpaid" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/orderlist?tab=unpaid"));
    await waitFor(() => expect(screen.queryByLabelText("Status: Unused")).toBeNull());
    expect(screen.getByLabelText("Status: Unpaid")).toBeTruthy();
  });

  it("the tabs are reachable by keyboard and Enter chooses one", async () => {
    const { root } = rootWith([wireOrder({ order_id: 1 })]);
    renderPage(<OrderListPage />, { root, path: "/orderlist?tab=all", route: "/orderlist" });
    const expired = screen.getByRole("tab", { name: "Expired" });
    expect(expired.tabIndex).toBe(0);
    fireEvent.keyDown(expired, { key: "Enter" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/orderlist?tab=expired"));
    expect(await screen.findByText("No expired orders")).toBeTruthy();
  });

  it("cancel with the dialog cancels the order and the list shows it cancelled", async () => {
    const { root } = rootWith([wireOrder({ order_id: 1 })]);
    renderPage(<OrderListPage />, { root, path: "/orderlist?tab=all", route: "/orderlist" });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    fireEvent.click(within(await screen.findByRole("dialog", {}, { timeout: 10_000 })).getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByLabelText("Status: Cancelled")).toBeTruthy();
    expect(root.ports.api.callsTo("orderCancel")).toHaveLength(1);
  });
});

describe("/orderlist: recharge orders beside fuel orders", () => {
  const mixed = () => [
    paidOrder({ order_id: 1 }),
    paidRecharge({ order_id: 2 }),
    rechargeOrder({ order_id: 3, card_type: 2, card_num: null, last_number: null }),
  ];

  it("lists both kinds, each titled by what it is and linking to its own detail (en)", async () => {
    const { root } = rootWith(mixed());
    renderPage(<OrderListPage />, { root, path: "/orderlist?tab=all", route: "/orderlist" });
    const fuel = await screen.findByRole("link", { name: /^Futian.*, Order details$/ });
    expect(fuel.getAttribute("href")).toBe("/orderDetail/1");
    expect(screen.getByRole("link", { name: "Fuel card 1000111234567, Order details" }).getAttribute("href")).toBe("/orderDetail/2/2");
    expect(screen.getByRole("link", { name: "New virtual card, Order details" }).getAttribute("href")).toBe("/orderDetail/2/3");
    // A recharge reads 'paid' for code 2 on the list too (Order.statusLabel), a fuel order 'unused'.
    expect(screen.getByLabelText("Status: Paid")).toBeTruthy();
    expect(screen.getByLabelText("Status: Unused")).toBeTruthy();
    expect(screen.getAllByText("Recharge amount")).toHaveLength(2);
  });

  it("the same in Chinese (zh-CN)", async () => {
    const { root } = rootWith(mixed(), "zh-CN");
    renderPage(<OrderListPage />, { root, path: "/orderlist?tab=all", route: "/orderlist" });
    expect(await screen.findByRole("link", { name: "加油卡 1000111234567, 订单详情" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "新办虚拟卡, 订单详情" })).toBeTruthy();
    expect(screen.getAllByText("充值金额")).toHaveLength(2);
  });

  it("tapping a recharge order opens the recharge order's detail", async () => {
    const { root } = rootWith(mixed());
    renderPage(
      <Routes>
        <Route path="/orderlist" element={<OrderListPage />} />
        <Route path="/orderDetail/2/:id" element={<RechargeOrderDetailPage />} />
      </Routes>,
      { root, path: "/orderlist?tab=all", route: "*" },
    );
    fireEvent.click(await screen.findByRole("link", { name: "Fuel card 1000111234567, Order details" }));
    expect(await screen.findByRole("heading", { name: "Recharge QR code" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/orderDetail/2/2");
    expect(screen.getByText("Status: Paid")).toBeTruthy();
  });

  it("paying an unpaid recharge from the list leads to its recharge detail (spec §4, the FY variant)", async () => {
    const { root } = rootWith([rechargeOrder({ order_id: 3 })]);
    renderPage(<OrderListPage />, { root, path: "/orderlist?tab=all", route: "/orderlist" });
    fireEvent.click(await screen.findByRole("button", { name: "Pay" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/orderDetail/2/3"));
  });
});

describe("/orderDetail/:id", () => {
  it("a paid order shows 'Paid', its code and the e-receipt (en)", async () => {
    const { root } = rootWith([paidOrder({ order_id: 5 })]);
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/5", route: "/orderDetail/:id" });
    expect(await screen.findByText("Status: Paid")).toBeTruthy();
    expect(await screen.findByText(codeText("KPCODE5"))).toBeTruthy();
    expect(screen.getByRole("heading", { name: "E-receipt" })).toBeTruthy();
    expect(screen.getByText("WeChat Pay")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Request a refund" })).toBeTruthy();
  });

  it("a paid order's code comes first, above the order's facts (issue 25)", async () => {
    const { root } = rootWith([paidOrder({ order_id: 5 })]);
    const { container } = renderPage(<OrderDetailPage />, { root, path: "/orderDetail/5", route: "/orderDetail/:id" });
    await screen.findByText(codeText("KPCODE5"));
    const code = container.querySelector(".order-qr");
    const facts = container.querySelector(".order-summary");
    expect(code !== null && facts !== null && code.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("the e-receipt's litres, saving and payable are Pricing.quote's, filled in once the code shows (en)", async () => {
    const order = paidOrder({ order_id: 5 });
    const { root } = rootWith([order]);
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/5", route: "/orderDetail/:id" });
    expect(await screen.findByText(codeText("KPCODE5"))).toBeTruthy();
    const receipt = screen.getByRole("region", { name: "E-receipt" });
    const valueOf = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    const quote = Pricing.quote(order.order_amount, order.gas_now_price!, order.gas_original_price!);
    // The quote's module (Pricing, decimal.js) is fetched after the code: same rows meanwhile.
    await waitFor(() => expect(valueOf("Litres × our price")).toBe(`${quote.litres} L × ${Money.formatYuan(order.gas_now_price!)}/L`), { timeout: 10_000 });
    expect(valueOf("Saving")).toBe(Money.formatYuan(quote.saving));
    // A receipt is of a paid order: the money reads 'paid', never 'payable' (issue 25).
    expect(valueOf("Paid amount")).toBe(Money.formatYuan(order.amount));
    expect(within(receipt).queryByText("Payable")).toBeNull();
  });

  it("a paid order's amount reads 'paid', an unpaid one's 'payable' (issue 25, en and zh-CN)", async () => {
    const paid = rootWith([paidOrder({ order_id: 5 })]);
    const { unmount } = renderPage(<OrderDetailPage />, { root: paid.root, path: "/orderDetail/5", route: "/orderDetail/:id" });
    const summary = () => screen.getByText(/^Status: |^状态：/).closest(".order-summary") as HTMLElement;
    await screen.findByText("Status: Paid");
    expect(within(summary()).getByText("Paid amount")).toBeTruthy();
    expect(within(summary()).queryByText("Payable")).toBeNull();
    unmount();
    const unpaid = rootWith([wireOrder({ order_id: 6, count: 61 })], "zh-CN");
    renderPage(<OrderDetailPage />, { root: unpaid.root, path: "/orderDetail/6", route: "/orderDetail/:id" });
    await screen.findByText("状态：待支付");
    expect(within(summary()).getByText("应付金额")).toBeTruthy();
    expect(within(summary()).queryByText("实付金额")).toBeNull();
  });

  it("a refunded order shows the refund's amount, route and state, and the receipt its refund line and net paid (issue 25, en)", async () => {
    const order = paidOrder({ order_id: 5, order_status: 7, refund_status: 3 });
    const { root } = rootWith([order]);
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/5", route: "/orderDetail/:id" });
    expect(await screen.findByText("Refund: Refunded")).toBeTruthy();
    expect(screen.getByText("Status: Refunded")).toBeTruthy();
    const refund = screen.getByRole("region", { name: "Refund" });
    const refundValue = (label: string) => within(refund).getByText(label).nextElementSibling?.textContent;
    expect(refundValue("Amount refunded")).toBe(Money.formatYuan(order.amount));
    expect(refundValue("Refunded to")).toBe("WeChat Pay, the way you paid");
    const receipt = screen.getByRole("region", { name: "E-receipt" });
    const valueOf = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(valueOf("Refunded")).toBe(`−${Money.formatYuan(order.amount)}`);
    expect(valueOf("Net paid")).toBe("¥0.00");
  });

  it("a refund under way says how long it usually takes, and the receipt has no net line yet (zh-CN)", async () => {
    const order = paidOrder({ order_id: 5, refund_status: 1 });
    const { root } = rootWith([order], "zh-CN");
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/5", route: "/orderDetail/:id" });
    expect(await screen.findByText("退款：已申请退款")).toBeTruthy();
    expect(screen.getByText("状态：退款中")).toBeTruthy();
    const refund = screen.getByRole("region", { name: "退款" });
    const refundValue = (label: string) => within(refund).getByText(label).nextElementSibling?.textContent;
    expect(refundValue("退回至")).toBe("微信支付（原路退回）");
    expect(refundValue("到账时间")).toBe("通常3个工作日内到账");
    const receipt = screen.getByRole("region", { name: "电子小票" });
    expect(within(receipt).getByText("退款（处理中）").nextElementSibling?.textContent).toBe(`−${Money.formatYuan(order.amount)}`);
    expect(within(receipt).queryByText("退款后实付")).toBeNull();
  });

  it("the refund form asks for a reason with its limit, refuses a blank one, then sends after confirmation (zh-CN)", async () => {
    const { root } = rootWith([paidOrder({ order_id: 5 })], "zh-CN");
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/5", route: "/orderDetail/:id" });
    fireEvent.click(await screen.findByRole("button", { name: "申请退款" }));
    // The form is its own chunk, fetched on that tap (RefundSection's lazy boundary).
    const reason = await screen.findByLabelText("退款原因", {}, { timeout: 10_000 });
    expect(reason.getAttribute("aria-describedby")).toContain("reason-hint");
    expect(screen.getByText("必填，最多256个字")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "提交退款申请" }));
    expect(await screen.findByText("请填写退款原因")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    // What typing sends (an input event): a lone change event is not typing, and Preact's onChange does not take it.
    fireEvent.input(reason, { target: { value: "油站关门了" } });
    fireEvent.click(screen.getByRole("button", { name: "提交退款申请" }));
    // The confirmation's own button (a dialog of an earlier test may still be closing).
    const inDialog = await waitFor(() => {
      const found = screen.getAllByRole("button", { name: "提交退款申请" }).find((b) => b.closest(".adm-dialog") !== null);
      if (found === undefined) throw new Error("no confirmation yet");
      return found;
    }, { timeout: 10_000 }); // the dialog's code is fetched on first use (components/orders/confirm.ts)
    fireEvent.click(inDialog);
    expect(await screen.findByText("退款：已申请退款")).toBeTruthy();
    expect(screen.getByText("状态：退款中")).toBeTruthy();
    expect(root.ports.api.callsTo("orderRefund").map((c) => c.input)).toEqual([{ order_id: 5, reason: "油站关门了" }]);
  });

  it("an unpaid order shows its countdown, cancel and pay, and no receipt", async () => {
    const { root } = rootWith([wireOrder({ order_id: 5, count: 61 })]);
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/5", route: "/orderDetail/:id" });
    expect((await screen.findByRole("timer")).textContent).toBe("1 min 1 s left");
    expect(screen.getByRole("button", { name: "Pay" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "E-receipt" })).toBeNull();
  });

  it("the countdown ticks with the app's clock (Clock.every), a second a second", async () => {
    const { root } = rootWith([wireOrder({ order_id: 5, count: 61 })]);
    renderPage(<OrderDetailPage />, { root, path: "/orderDetail/5", route: "/orderDetail/:id" });
    expect((await screen.findByRole("timer")).textContent).toBe("1 min 1 s left");
    act(() => (root.ports.clock as ManualClock).advance(2_000));
    expect(screen.getByRole("timer").textContent).toBe("59 s left");
  });
});
