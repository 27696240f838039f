import { ManualClock } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import { Money, Pricing, Time } from "@fuel/domain";
import { examples, type RechargeOrderCreated } from "@fuel/domain/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import HeartCardPage from "../../src/pages/HeartCardPage.tsx";
import { renderPage } from "../support/render.tsx";
import { cardsApp } from "../stores/cards/fixtures.ts";

const where = () => screen.getByTestId("location").textContent;
const BOUGHT = examples.cardPurchaseCreate.response as RechargeOrderCreated;

const T = {
  en: {
    amount: "Card amount (yuan)", hint: "Up to 5000 yuan, at most 4 digits before the decimal point", price: "¥4.61/L", discount: "¥0.50/L below the list price ¥5.11/L", base: "List price", baseValue: "¥5.11/L, you save ¥0.50/L", litres: "195.695 L × ¥4.61/L", litresTerm: "Litres × card price",
    over: "single amount cannot exceed 5000 yuan", empty: "amount cannot be empty", pay: "Pay", buy: "Buy a diesel card", phone: "Phone", paused: "card service paused for system upgrade",
    digits: "the amount has more than 4 digits before the decimal point", zero: "amount must be more than 0",
  },
  "zh-CN": {
    amount: "购卡金额（元）", hint: "最多5000元，整数部分最多4位", price: "¥4.61/升", discount: "比标价 ¥5.11/升 低 ¥0.50/升", base: "标价", baseValue: "¥5.11/升，每升省¥0.50", litres: "195.695升 × ¥4.61/升", litresTerm: "升数 × 油卡价格",
    over: "单笔金额不能超过5000元", empty: "金额不能为空", pay: "支付", buy: "购买柴油卡", phone: "手机号", paused: "系统升级，卡业务暂停",
    digits: "金额整数部分超过4位", zero: "金额必须大于0",
  },
} as const;

const describedBy = (input: HTMLElement) => (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);

describe.each(["en", "zh-CN"] as const satisfies ReadonlyArray<Messages.Locale>)("/heartcard in %s", (locale) => {
  const t = T[locale];
  const open = async (clock?: ManualClock) => {
    const root = cardsApp({ locale, ...(clock === undefined ? {} : { ports: { clock } }) });
    renderPage(<HeartCardPage />, { root, path: "/heartcard" });
    await waitFor(() => expect((screen.getByLabelText(t.phone, { selector: "input" }) as HTMLInputElement).value).toBe("13800138000"));
    return root;
  };
  const amountInput = () => screen.getByLabelText(t.amount, { selector: "input" }) as HTMLInputElement;

  it("shows the fixed price 4.61 a litre and 0.5 off, naming the list price 5.11 it is off (issue 25)", async () => {
    await open();
    expect(screen.getByText(t.price)).toBeTruthy();
    expect(screen.getByText(t.discount)).toBeTruthy();
  });

  it("the breakdown reads 'litres x 4.61' and measures the saving from the same named list price (issue 25)", async () => {
    await open();
    await userEvent.type(amountInput(), "1000");
    const breakdown = within(screen.getByTestId("breakdown"));
    expect((await breakdown.findByText(t.litresTerm)).nextElementSibling?.textContent).toBe(t.litres);
    expect(breakdown.getByText(t.base).nextElementSibling?.textContent).toBe(t.baseValue);
  });

  it("labels the amount with its limits", async () => {
    await open();
    expect(describedBy(amountInput())).toEqual([t.hint]);
  });

  it("12345 stays 12345, says 'at most 4 digits' at once and the pay button is disabled (issue 25)", async () => {
    await open();
    await userEvent.type(amountInput(), "12345");
    expect(amountInput().value).toBe("12345");
    expect(await screen.findByText(t.digits)).toBeTruthy();
    expect((screen.getByRole("button", { name: t.buy }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("'0' says the amount must be more than 0", async () => {
    await open();
    await userEvent.type(amountInput(), "0");
    fireEvent.blur(amountInput());
    expect(await screen.findByText(t.zero)).toBeTruthy();
  });

  it("a pasted '+86 138 0013 8000' is kept whole in the phone field", async () => {
    await open();
    const phone = screen.getByLabelText(t.phone, { selector: "input" }) as HTMLInputElement;
    await userEvent.clear(phone);
    await userEvent.click(phone);
    await userEvent.paste("+86 138 0013 8000");
    expect(phone.value).toBe("+86 138 0013 8000");
  });

  it("5000.01 reads 'single amount cannot exceed 5000 yuan' once the field is left", async () => {
    await open();
    await userEvent.type(amountInput(), "5000.01");
    expect(screen.queryByText(t.over)).toBeNull();
    fireEvent.blur(amountInput());
    expect(await screen.findByText(t.over)).toBeTruthy();
  });

  it("paying with no amount says 'amount cannot be empty' and buys nothing", async () => {
    const root = await open();
    await userEvent.click(screen.getByRole("button", { name: t.buy }));
    expect(await screen.findByText(t.empty)).toBeTruthy();
    expect(root.ports.api.callsTo("cardPurchaseCreate")).toHaveLength(0);
  });

  it("the payable is Pricing.cardPurchaseQuote, live, and on the pay button", async () => {
    await open();
    await userEvent.type(amountInput(), "1000");
    const payable = Money.formatYuan(Pricing.cardPurchaseQuote(Money.fromYuan(1000)).payable);
    expect(screen.getByTestId("breakdown").querySelector("strong")?.textContent).toBe(payable);
    expect(screen.getByRole("button", { name: new RegExp(`^${t.pay}`) }).textContent).toContain(payable);
  });

  it("pays once through the FY channel and opens the order", async () => {
    const root = await open();
    await userEvent.type(amountInput(), "1000");
    await userEvent.click(screen.getByRole("button", { name: new RegExp(`^${t.pay}`) }));
    await waitFor(() => expect(where()).toBe(`/orderDetail/2/${BOUGHT.order_id}`));
    expect(root.ports.api.callsTo("cardPurchaseCreate")).toHaveLength(1);
  });

  it("during the maintenance window the pay button is off and says why", async () => {
    await open(new ManualClock(Time.chinaInstant(2024, 11, 25, 1, 30)));
    expect(screen.getByRole("alert").textContent).toContain(t.paused);
    expect((screen.getByRole("button", { name: t.buy }) as HTMLButtonElement).disabled).toBe(true);
  });
});
