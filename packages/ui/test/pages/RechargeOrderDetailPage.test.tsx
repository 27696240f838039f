import { offline } from "@fuel/adapters/ports";
import { FakeBrowser, ScriptedApi } from "@fuel/adapters/testing";
import { Constants } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import { afterEach, describe, expect, it } from "vitest";
import RechargeOrderDetailPage from "../../src/pages/RechargeOrderDetailPage.tsx";
import { FakeOrders, paidRecharge, rechargeOrder } from "../support/orders.ts";
import { renderPage, testRoot } from "../support/render.tsx";
import { openDialogs } from "../support/dialogs.ts";

afterEach(() => Dialog.clear());

const SECOND = 1_000;

const show = (order: WireOrder, locale: "en" | "zh-CN" = "en") => {
  const browser = new FakeBrowser();
  const root = testRoot({ locale, ports: { api: new ScriptedApi(), browser } });
  const fake = new FakeOrders(root.ports.api, [order]);
  const result = renderPage(<RechargeOrderDetailPage />, { root, path: `/orderDetail/2/${order.order_id}`, route: "/orderDetail/2/:id" });
  return { ...result, root, fake, browser, api: root.ports.api };
};

/** Presses `button`, then `name` in the confirmation it opens (not in one of an earlier test, still closing). */
const pressAndConfirm = async (button: HTMLElement, name: string) => {
  const stale = new Set(screen.queryAllByRole("dialog"));
  fireEvent.click(button);
  const dialog = await waitFor(() => {
    const fresh = screen.getAllByRole("dialog").find((d) => !stale.has(d));
    if (fresh === undefined) throw new Error("no confirmation yet");
    return fresh;
  });
  fireEvent.click(within(dialog).getByRole("button", { name }));
};

/** The value shown beside a label of the order's facts. */
const fact = (label: string): string | null => {
  const term = screen.getAllByText(label).find((el) => el.tagName === "DT");
  if (term === undefined) throw new Error(`no fact ${label}`);
  return term.nextElementSibling?.textContent ?? null;
};

describe("/orderDetail/2/:id: a paid recharge order", () => {
  it("shows the card, its team, the amounts, phone, station, times in China time and 'Paid' (en)", async () => {
    show(paidRecharge({ order_id: 5, remark: "for the night shift" }));
    expect(await screen.findByText("Status: Paid")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Fuel card 1000111234567" })).toBeTruthy();
    expect(fact("Card type")).toBe("Entity card");
    expect(fact("Card (last 7 digits)")).toBe("1234567");
    await waitFor(() => expect(fact("Team")).toBe("Pearl River Logistics"));
    expect(fact("Recharge amount")).toBe("¥100.40");
    expect(fact("Paid amount")).toBe("¥91.62");
    expect(() => fact("Payable")).toThrow();
    expect(fact("Phone")).toBe("13800138000");
    expect(fact("Station")).toContain("Futian");
    expect(fact("Ordered")).toBe("2026-11-23 09:59");
    expect(fact("Paid")).toBe("2026-11-23 10:00");
    expect(fact("Order number")).toBe("5");
    expect(fact("Remark")).toBe("for the night shift");
  });

  it("the same in Chinese (zh-CN)", async () => {
    show(paidRecharge({ order_id: 5 }), "zh-CN");
    expect(await screen.findByText("状态：已支付")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "加油卡 1000111234567" })).toBeTruthy();
    expect(fact("卡类型")).toBe("实体卡");
    expect(fact("卡号后7位")).toBe("1234567");
    expect(fact("充值金额")).toBe("¥100.40");
    expect(fact("实付金额")).toBe("¥91.62");
    expect(() => fact("应付金额")).toThrow();
    expect(screen.getByRole("heading", { name: "充值二维码" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "重新生成二维码" })).toBeTruthy();
  });

  it("the code comes first, above the order's facts (issue 25: it sat below the fold)", async () => {
    const { container } = show(paidRecharge({ order_id: 5 }), "zh-CN");
    await screen.findByText("状态：已支付");
    const code = container.querySelector(".recharge-qr");
    const facts = container.querySelector(".recharge-summary");
    expect(code !== null && facts !== null && code.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("draws the server's code and offers 'Regenerate QR' within 8 minutes of payment", async () => {
    show(paidRecharge({ order_id: 5 }));
    expect(await screen.findByRole("img", { name: "QR code of redemption code RCCODE5" }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Regenerate QR" })).toBeTruthy();
  });

  it("no 'Regenerate QR' more than 8 minutes after payment; the code still shows", async () => {
    show(paidRecharge({ order_id: 5 }, Constants.RECHARGE_QR_REGENERATE_HIDDEN_AFTER_MS + SECOND));
    expect(await screen.findByTestId("redemption-code")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Regenerate QR" })).toBeNull();
  });

  it("reads 'expired/used' more than 24 h after payment", async () => {
    show(paidRecharge({ order_id: 5 }, Constants.RECHARGE_QR_EXPIRED_AFTER_MS + SECOND));
    expect(await screen.findByText("expired/used")).toBeTruthy();
    expect(screen.queryByTestId("redemption-code")).toBeNull();
  });

  it("a used (done) order reads 'Done' and 'expired/used' (zh-CN)", async () => {
    show(paidRecharge({ order_id: 5, order_status: 3, pay_qrcode: null }), "zh-CN");
    expect(await screen.findByText("状态：已完成")).toBeTruthy();
    expect(screen.getByText("已过期/已使用")).toBeTruthy();
  });

  it("regenerating in a plain browser: resetQr, the window cannot close, so to the order list", async () => {
    const { api, browser } = show(paidRecharge({ order_id: 5 }));
    await pressAndConfirm(await screen.findByRole("button", { name: "Regenerate QR" }), "Regenerate QR");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/orderlist?tab=all"));
    expect(api.callsTo("orderResetQr").map((c) => c.input)).toEqual([{ order_id: 5 }]);
    expect(browser.closeWindowCalls).toBe(1);
    await waitFor(() => expect(openDialogs()).toEqual([]));
  });

  it("regenerating inside the messaging app closes the window and stays", async () => {
    const { api, browser } = show(paidRecharge({ order_id: 5 }));
    browser.closesWindow = true;
    await pressAndConfirm(await screen.findByRole("button", { name: "Regenerate QR" }), "Regenerate QR");
    await waitFor(() => expect(browser.closeWindowCalls).toBe(1));
    expect(api.callsTo("orderResetQr")).toHaveLength(1);
    expect(screen.getByTestId("location").textContent).toBe("/orderDetail/2/5");
  });

  it("keeps the screen on while the code shows and lets go on leaving", async () => {
    const { browser, unmount } = show(paidRecharge({ order_id: 5 }));
    await screen.findByTestId("redemption-code");
    await waitFor(() => expect(browser.screenOnHolds).toBe(1));
    unmount();
    expect(browser.screenOnHolds).toBe(0);
  });
});

describe("/orderDetail/2/:id: other states", () => {
  it("a rejected order shows the server's reason and no QR area", async () => {
    show(paidRecharge({ order_id: 5, order_status: 6, reason: "card frozen by the distributor", pay_qrcode: null }));
    expect(await screen.findByText("Status: Rejected")).toBeTruthy();
    expect(screen.getByText("Reason for rejection: card frozen by the distributor")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Recharge QR code" })).toBeNull();
  });

  it("a rejected order's reason in Chinese (zh-CN)", async () => {
    show(paidRecharge({ order_id: 5, order_status: 6, reason: "卡片已冻结", pay_qrcode: null }), "zh-CN");
    expect(await screen.findByText("状态：已驳回")).toBeTruthy();
    expect(screen.getByText("驳回原因：卡片已冻结")).toBeTruthy();
  });

  it("a voided order says so", async () => {
    show(paidRecharge({ order_id: 5, order_status: 7, pay_qrcode: null }));
    expect(await screen.findByText("Status: Voided")).toBeTruthy();
    expect(screen.getByText("This order was voided and cannot be used.")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Recharge QR code" })).toBeNull();
  });

  it("an unpaid order counts down with cancel and pay, and no QR area", async () => {
    show(rechargeOrder({ order_id: 5, count: 61 }));
    expect((await screen.findByRole("timer")).textContent).toBe("1 min 1 s left");
    expect(screen.getByRole("button", { name: "Cancel order" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Recharge QR code" })).toBeNull();
  });

  it("cancel asks first, then the order reads cancelled", async () => {
    const { api } = show(rechargeOrder({ order_id: 5 }));
    await pressAndConfirm(await screen.findByRole("button", { name: "Cancel order" }), "Cancel order");
    expect(await screen.findByText("Status: Cancelled")).toBeTruthy();
    expect(api.callsTo("orderCancel")).toHaveLength(1);
  });

  it("a card purchase not yet settled is a new virtual card (en)", async () => {
    show(rechargeOrder({ order_id: 5, card_type: 2, card_num: null, last_number: null }));
    expect(await screen.findByRole("heading", { name: "New virtual card" })).toBeTruthy();
    expect(fact("Card type")).toBe("Virtual card");
    expect(fact("Card number")).toBe("Issued once the distributor settles the order");
  });

  it("a settled card purchase the server marks issues_card shows the new card's number", async () => {
    show(Object.assign(paidRecharge({ order_id: 5, order_status: 3, card_type: 2, card_num: "9000117654321", last_number: "7654321", pay_qrcode: null }), { issues_card: true }));
    expect(await screen.findByRole("heading", { name: "New virtual card" })).toBeTruthy();
    expect(fact("Card number")).toBe("9000117654321");
  });

  it("a card purchase not yet settled in Chinese (zh-CN)", async () => {
    show(rechargeOrder({ order_id: 5, card_type: 2, card_num: null, last_number: null }), "zh-CN");
    expect(await screen.findByRole("heading", { name: "新办虚拟卡" })).toBeTruthy();
  });

  it("a top-up replacement card shows its type and never offers to regenerate", async () => {
    show(paidRecharge({ order_id: 5, card_type: 3 }));
    expect(await screen.findByText("Top-up replacement card")).toBeTruthy();
    expect(await screen.findByTestId("redemption-code")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Regenerate QR" })).toBeNull();
  });

  it("a refunded order shows its refund and no regenerate", async () => {
    show(paidRecharge({ order_id: 5, refund_status: 3, pay_qrcode: null }));
    expect(await screen.findByText("Refund: Refunded")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Regenerate QR" })).toBeNull();
  });

  it("a refund shows its amount, where the money goes and, while under way, how long it takes (issue 25, en)", async () => {
    show(paidRecharge({ order_id: 5, refund_status: 2, pay_qrcode: null, paytype: "fy" }));
    expect(await screen.findByText("Refund: Refunding")).toBeTruthy();
    expect(fact("Amount refunded")).toBe("¥91.62");
    expect(fact("Refunded to")).toBe("FY Pay, the way you paid");
    expect(fact("Arrives")).toBe("Usually within 3 working days");
  });

  it("the same in Chinese; once refunded no waiting time is said (zh-CN)", async () => {
    show(paidRecharge({ order_id: 5, refund_status: 3, pay_qrcode: null, paytype: "fy" }), "zh-CN");
    expect(await screen.findByText("退款：已退款")).toBeTruthy();
    expect(fact("退款金额")).toBe("¥91.62");
    expect(fact("退回至")).toBe("富友支付（原路退回）");
    expect(() => fact("到账时间")).toThrow();
  });

  it("a first load without network says why, with a retry that loads it", async () => {
    const browser = new FakeBrowser();
    const root = testRoot({ ports: { api: new ScriptedApi(), browser } });
    root.ports.api.fail("orderDetail", offline());
    renderPage(<RechargeOrderDetailPage />, { root, path: "/orderDetail/2/5", route: "/orderDetail/2/:id" });
    expect(await screen.findByText("network unavailable, check your connection")).toBeTruthy();
    new FakeOrders(root.ports.api, [paidRecharge({ order_id: 5 })]);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Status: Paid")).toBeTruthy();
  });
});
