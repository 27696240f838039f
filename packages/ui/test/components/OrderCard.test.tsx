import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrderCard } from "../../src/components/orders/OrderCard.tsx";
import { entryOf } from "../../src/stores/orders/OrderEntry.ts";
import { paidOrder, T0, wireOrder } from "../support/orders.ts";
import { renderPage, testRoot } from "../support/render.tsx";
import { openDialogs } from "../support/dialogs.ts";

afterEach(() => Dialog.clear());

const card = (order = wireOrder({ order_id: 5, count: 754 }), locale: "en" | "zh-CN" = "en", now = T0) => {
  const onCancel = vi.fn(async () => undefined);
  const onPay = vi.fn(async () => undefined);
  renderPage(<OrderCard entry={entryOf(order, T0)} now={now} onCancel={onCancel} onPay={onPay} />, { root: testRoot({ locale }), path: "/orderlist" });
  return { onCancel, onPay };
};

describe("OrderCard", () => {
  it("shows station, amount, payable, China time and the status in words (en)", () => {
    card();
    expect(screen.getByRole("link", { name: /Shenzhen|, Order details/ }).getAttribute("href")).toBe("/orderDetail/5");
    expect(screen.getByText("¥100.40")).toBeTruthy();
    expect(screen.getByText("¥91.62")).toBeTruthy();
    expect(screen.getByText("2026-11-23 10:00")).toBeTruthy();
    expect(screen.getByLabelText("Status: Unpaid").textContent).toBe("Unpaid");
  });

  it("shows the same in Chinese (zh-CN)", () => {
    card(undefined, "zh-CN");
    expect(screen.getByText("加油金额")).toBeTruthy();
    expect(screen.getByText("应付金额")).toBeTruthy();
    expect(screen.getByLabelText("状态：待支付").textContent).toBe("待支付");
    expect(screen.getByRole("timer").textContent).toBe("剩余 12分34秒");
    expect(screen.getByRole("button", { name: "取消订单" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "去支付" })).toBeTruthy();
  });

  it("an unpaid order's countdown is a polite live timer reading the seconds left", () => {
    card();
    const timer = screen.getByRole("timer");
    expect(timer.getAttribute("aria-live")).toBe("polite");
    expect(timer.textContent).toBe("12 min 34 s left");
  });

  it("at 0 the countdown and its buttons go and the order reads cancelled", () => {
    card(undefined, "en", T0 + 754_000);
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.queryByRole("button", { name: "Pay" })).toBeNull();
    expect(screen.getByLabelText("Status: Cancelled")).toBeTruthy();
  });

  it("cancel asks first; keeping the order cancels nothing", async () => {
    const { onCancel } = card();
    fireEvent.click(screen.getByRole("button", { name: "Cancel order" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    expect(within(dialog).getByText("Cancel this order? It cannot be paid afterwards.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(openDialogs()).toEqual([]));
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("confirming cancel cancels the order (zh-CN)", async () => {
    const { onCancel } = card(undefined, "zh-CN");
    fireEvent.click(screen.getByRole("button", { name: "取消订单" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole("button", { name: "取消订单" }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledWith(5));
  });

  it("pay pays this order", () => {
    const { onPay } = card();
    fireEvent.click(screen.getByRole("button", { name: "Pay" }));
    expect(onPay).toHaveBeenCalledTimes(1);
  });

  it("a paid order reads 'Unused' on the list and has no countdown or actions", () => {
    card(paidOrder({ order_id: 6 }));
    expect(screen.getByLabelText("Status: Unused")).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.queryByRole("button", { name: "Pay" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
  });
});
