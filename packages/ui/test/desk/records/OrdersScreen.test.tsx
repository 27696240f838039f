import { Offline } from "@fuel/adapters/ports";
import { Money } from "@fuel/domain";
import { exampleDeskStation, exampleOrder } from "@fuel/domain/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import OrdersScreen from "../../../src/desk/screens/OrdersScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";

/** An hour after the examples' payment (2024-11-26 09:16:02 Beijing time): their fuel code is still valid. */
const SOON_AFTER_PAYMENT = Date.UTC(2024, 10, 26, 2, 16, 2);

const LIST = { sort: "created_at", dir: "desc", page: 1, page_size: 20 } as const;

describe("/desk/orders (issues 26, 34)", () => {
  it("finds a customer's orders by a pasted phone and links each to its detail, keeping the list", async () => {
    const stores = deskStores();
    renderDesk(<OrdersScreen />, { stores, path: "/desk/orders", route: "/desk/orders" });
    await userEvent.type(screen.getByLabelText("Phone, order number or merchant number"), "+86 138 0013 8000");
    await userEvent.click(screen.getByRole("button", { name: "Find" }));
    expect(await screen.findByText("Orders of phone 13800138000")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/desk/orders?q=%2B86+138+0013+8000");
    const link = screen.getByRole("link", { name: /Futian Energy Station/ });
    expect(link.getAttribute("href")).toBe("/desk/orders/5001?q=%2B86+138+0013+8000");
    expect(link.textContent).toContain("Unpaid");
    expect(link.textContent).toContain("¥91.62");
    expect(link.textContent).toContain("FO202411260915000005001");
    expect(stores.api.callsTo("deskOrders").at(-1)?.input).toEqual({ phone: "13800138000", ...LIST });
  });

  it("a blank search is refused in words, with no further call", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    renderDesk(<OrdersScreen />, { stores, path: "/desk/orders", route: "/desk/orders" });
    await screen.findByText("FO202411260915000005001");
    await userEvent.click(screen.getByRole("button", { name: "查询" }));
    expect(screen.getByRole("alert").textContent).toBe("请输入手机号、订单号或商户订单号");
    expect(stores.api.callsTo("deskOrders")).toHaveLength(1);
  });

  it("says when nothing matches", async () => {
    const stores = deskStores();
    stores.api.on("deskOrders", { orders: [], total: 0, page: 1, page_size: 20 });
    renderDesk(<OrdersScreen />, { stores, path: "/desk/orders?q=FO1", route: "/desk/orders" });
    expect(await screen.findByText("No order matches this search.")).toBeTruthy();
    expect(stores.api.callsTo("deskOrders")[0]?.input).toEqual({ merchant_no: "FO1", ...LIST });
  });

  it("no network says so, with a retry that asks again", async () => {
    const stores = deskStores();
    stores.api.fail("deskOrders", new Offline({ path: "/api/desk/orders" }));
    renderDesk(<OrdersScreen />, { stores, path: "/desk/orders?q=5001", route: "/desk/orders" });
    expect((await screen.findByRole("alert")).textContent).toBe("No network: nothing was changed. Try again when you are back online.");
    stores.api.on("deskOrders", { orders: [exampleOrder], total: 1, page: 1, page_size: 20 });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Order number 5001")).toBeTruthy();
  });

  it("filters by status, type, station and days from the filter bar, from the first page, in zh-CN", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.on("deskStations", { stations: [exampleDeskStation] });
    renderDesk(<OrdersScreen />, { stores, path: "/desk/orders?page=2", route: "/desk/orders" });
    await screen.findByText("FO202411260915000005001");
    await userEvent.selectOptions(screen.getByLabelText("状态"), "已驳回");
    await userEvent.selectOptions(screen.getByLabelText("类型"), "虚拟卡充值");
    await userEvent.selectOptions(await screen.findByLabelText("油站"), exampleDeskStation.title);
    fireEvent.input(screen.getByLabelText("开始日期"), { target: { value: "2024-11-24" } });
    fireEvent.input(screen.getByLabelText("结束日期"), { target: { value: "2024-11-26" } });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/desk/orders?status=6&type=virtualRecharge&station=${exampleDeskStation.id}&from=2024-11-24&to=2024-11-26`));
    await waitFor(() =>
      expect(stores.api.callsTo("deskOrders").at(-1)?.input).toEqual({ status: 6, type: "virtualRecharge", station_id: exampleDeskStation.id, from: "2024-11-24", to: "2024-11-26", ...LIST }),
    );
    expect(screen.getByRole("link", { name: "导出 CSV" }).getAttribute("href")).toBe(
      `/api/desk/orders/export?status=6&type=virtualRecharge&station_id=${exampleDeskStation.id}&from=2024-11-24&to=2024-11-26&sort=created_at&dir=desc&lang=zh-CN`,
    );
  });

  it("at 768 px and over, a table sorted on the server: a header asks ascending, then descending", async () => {
    const stores = deskStores();
    stores.api.on("deskOrders", { orders: [exampleOrder], total: 45, page: 1, page_size: 20 });
    renderDesk(<OrdersScreen />, { stores, path: "/desk/orders", route: "/desk/orders", wide: true });
    const table = await screen.findByRole("table", { name: "Orders" });
    expect(within(table).getByRole("columnheader", { name: /Ordered/ }).getAttribute("aria-sort")).toBe("descending");
    const amount = within(table).getByRole("columnheader", { name: /Amount/ });
    expect(amount.getAttribute("aria-sort")).toBe("none");
    expect(within(table).getAllByRole("row")[1]?.textContent).toContain("¥91.62");
    await userEvent.click(within(amount).getByRole("button"));
    await waitFor(() => expect(stores.api.callsTo("deskOrders").at(-1)?.input).toEqual({ ...LIST, sort: "amount", dir: "asc" }));
    await userEvent.click(within(await screen.findByRole("columnheader", { name: /Amount/ })).getByRole("button"));
    await waitFor(() => expect(stores.api.callsTo("deskOrders").at(-1)?.input).toEqual({ ...LIST, sort: "amount", dir: "desc" }));
    expect((await screen.findByRole("columnheader", { name: /Amount/ })).getAttribute("aria-sort")).toBe("descending");
    expect(screen.getByText("1–20 of 45")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(stores.api.callsTo("deskOrders").at(-1)?.input).toEqual({ ...LIST, sort: "amount", dir: "desc", page: 2 }));
  });

  it("the detail shows the order, its payment and who redeemed its code, in zh-CN", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    renderDesk(<OrdersScreen />, { stores, path: "/desk/orders/5001?q=13800138000", route: "/desk/orders/*" });
    expect(await screen.findByText("微信支付")).toBeTruthy();
    expect(screen.getByText("4200002024112609160212345678")).toBeTruthy();
    expect(screen.getByText("已于 2024-11-26 10:02:40 由 li.cashier 核销")).toBeTruthy();
    expect(screen.getByText("已使用")).toBeTruthy();
    expect(screen.getByText("未申请退款。")).toBeTruthy();
    expect(screen.getAllByText("¥91.62").length).toBeGreaterThan(0);
    expect(stores.api.callsTo("deskOrder")[0]?.input).toEqual({ order_id: 5001 });
    await userEvent.click(screen.getByText("返回"));
    expect(screen.getByTestId("location").textContent).toBe("/desk/orders?q=13800138000");
  });

  it("a live code of a paid fuel order shows until when it is valid", async () => {
    const stores = deskStores({ now: () => SOON_AFTER_PAYMENT });
    stores.api.on("deskOrder", {
      order: { ...exampleOrder, order_status: 2, payment_time: "2024-11-26T09:16:02+08:00", count: 0 },
      refund_reason: null,
      refund_requested_at: null,
      refunded_at: null,
      payments: [{ channel: "fy", transaction_id: "FY1", amount: Money.cents(9162), paid_at: "2024-11-26T09:16:02+08:00", refund_required: false, refunded_at: null, refund_no: null }],
      qr_codes: [{ code: "KP1", issued_at: "2024-11-26T09:16:02+08:00", voided_at: null, redeemed_at: null, redeemed_by: null }],
    });
    renderDesk(<OrdersScreen />, { stores, path: "/desk/orders/5001", route: "/desk/orders/*" });
    expect(await screen.findByText("live")).toBeTruthy();
    expect(screen.getAllByText("2024-11-28 09:16:02").length).toBe(2);
    expect(screen.getByText("Paid")).toBeTruthy();
  });
});
