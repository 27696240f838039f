import { offline, ServerRefused } from "@fuel/adapters/ports";
import { FakePaymentBridge, MemoryKeyValueStore } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import { Money, Pricing, RedeemCode } from "@fuel/domain";
import { examples } from "@fuel/domain/api";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Effect } from "effect";
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import OneKeyGasPage from "../../src/pages/OneKeyGasPage.tsx";
import OrderNewPage from "../../src/pages/OrderNewPage.tsx";
import OrderPage from "../../src/pages/OrderPage.tsx";
import PayCallbackPage from "../../src/pages/PayCallbackPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";
import { guangzhouStations } from "../support/stations.ts";
import { fuelDraftStore } from "../../src/stores/FuelDraftStore.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";

const LOCALES: ReadonlyArray<Messages.Locale> = ["en", "zh-CN"];
const where = () => screen.getByTestId("location").textContent;

/** The texts each test looks for, in both languages. */
const T = {
  en: {
    amount: "Amount (yuan)", amountHint: "Up to 10000 yuan, at most 2 decimals", phone: "Phone", remark: "Remark (optional)", continue: "Continue",
    empty: "amount cannot be empty", over: "cannot exceed 10000 yuan", decimals: "amount can have at most 2 decimal places", quick1000: "1,000 yuan",
    noDiesel: "this station cannot buy diesel for now", payable: "To pay", saving: "You save", litres: "Litres", pay: "Pay", fuelType: "Fuel type",
    noDraft: "No order to confirm", remarkNone: "None", litresTimes: "Litres × our price", pump: "Pump price",
    litresTimesValue: (litres: string) => `${litres} L × ¥6.98/L`, pumpValue: "¥7.45/L, you save ¥0.47/L",
  },
  "zh-CN": {
    amount: "金额（元）", amountHint: "最多10000元，最多两位小数", phone: "手机号", remark: "备注（选填）", continue: "下一步",
    empty: "金额不能为空", over: "不能超过10000元", decimals: "金额最多两位小数", quick1000: "1,000元",
    noDiesel: "该油站暂不能购买柴油", payable: "应付", saving: "节省", litres: "升数", pay: "支付", fuelType: "油品",
    noDraft: "没有待确认的订单", remarkNone: "无", litresTimes: "升数 × 优惠价", pump: "油站挂牌价",
    litresTimesValue: (litres: string) => `${litres}升 × ¥6.98/升`, pumpValue: "¥7.45/升，每升省¥0.47",
  },
} as const;

const appIn = (locale: Messages.Locale, ports: Parameters<typeof testRoot>[0] = {}) => {
  const root = testRoot({ ...ports, locale });
  runInAction(() => {
    for (const s of guangzhouStations) root.use(stationsStore).known.set(s.id, s);
  });
  return root;
};

const amountInput = (locale: Messages.Locale) => screen.getByLabelText(T[locale].amount, { selector: "input" }) as HTMLInputElement;
const describedBy = (input: HTMLElement) => (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);

describe.each(LOCALES)("/oneKeyGas amount entry in %s", (locale) => {
  const t = T[locale];
  const open = async (stationId = 3) => {
    const root = appIn(locale);
    renderPage(<OneKeyGasPage />, { root, path: `/oneKeyGas?station_id=${stationId}`, route: "/oneKeyGas" });
    await screen.findByLabelText(t.amount, { selector: "input" });
    return root;
  };

  it("labels the amount and describes it with its limit", async () => {
    await open();
    expect(describedBy(amountInput(locale))).toEqual([t.amountHint]);
  });

  it("an empty amount on continue reads 'amount cannot be empty', linked to the input", async () => {
    await open();
    await userEvent.click(screen.getByRole("button", { name: t.continue }));
    const input = amountInput(locale);
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(input)).toEqual([t.amountHint, t.empty]);
    expect(screen.getByRole("alert").textContent).toContain(t.empty);
    expect(where()).toBe("/oneKeyGas?station_id=3");
  });

  it("more than 10000 yuan reads 'cannot exceed 10000 yuan' once the field is left", async () => {
    await open();
    const input = amountInput(locale);
    await userEvent.type(input, "10000.01");
    expect(screen.queryByText(t.over)).toBeNull();
    fireEvent.blur(input);
    expect(await screen.findByText(t.over)).toBeTruthy();
  });

  it("more than two decimals says so", async () => {
    await open();
    const input = amountInput(locale);
    await userEvent.type(input, "12.345");
    fireEvent.blur(input);
    expect(await screen.findByText(t.decimals)).toBeTruthy();
  });

  it("typing an amount shows the breakdown of Pricing.quote, the payable in bold", async () => {
    await open();
    await userEvent.type(amountInput(locale), "123.45");
    const quote = Pricing.quote(Money.cents(12_345), 698, 745);
    const breakdown = screen.getByTestId("breakdown");
    expect(breakdown.getAttribute("aria-live")).toBe("polite");
    expect(breakdown.textContent).toContain(quote.litres);
    expect(breakdown.textContent).toContain(Money.formatYuan(quote.saving));
    expect(breakdown.querySelector("strong")?.textContent).toContain(Money.formatYuan(quote.payable));
  });

  it("a quick amount fills the field and the breakdown", async () => {
    await open();
    await userEvent.click(screen.getByRole("button", { name: t.quick1000 }));
    expect(amountInput(locale).value).toBe("1000");
    expect(screen.getByRole("button", { name: t.quick1000 }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("breakdown").querySelector("strong")?.textContent).toContain(Money.formatYuan(Pricing.quote(Money.fromYuan(1000), 698, 745).payable));
  });

  it("offers 0# and shows the gasoline grades disabled", async () => {
    await open();
    const group = screen.getByRole("radiogroup", { name: t.fuelType });
    const radios = Array.from(group.querySelectorAll<HTMLInputElement>("input[type=radio]"));
    expect(radios.map((r) => r.disabled)).toEqual([false, true, true, true]);
  });

  it("a station without 0# says 'this station cannot buy diesel for now' and cannot continue", async () => {
    await open(2);
    expect(screen.getByRole("alert").textContent).toContain(t.noDiesel);
    expect((screen.getByRole("button", { name: t.continue }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a valid amount continues to the checklist", async () => {
    await open();
    await userEvent.type(amountInput(locale), "200");
    await userEvent.click(screen.getByRole("button", { name: t.continue }));
    await waitFor(() => expect(where()).toBe("/order"));
  });
});

describe.each(LOCALES)("the checklist in %s", (locale) => {
  const t = T[locale];
  const ready = async (tab = new MemoryKeyValueStore(), payment = new FakePaymentBridge("ok")) => {
    const root = appIn(locale, { ports: { tabValues: tab, payment } });
    await root.use(fuelDraftStore).open(3);
    root.use(fuelDraftStore).setAmount("200");
    root.use(fuelDraftStore).setRemark("after 6pm");
    root.use(fuelDraftStore).proceed();
    // Already on the checklist: the Continue navigation has been followed.
    const pending = root.navigation.pending;
    if (pending !== undefined) root.navigation.done(pending.id);
    return root;
  };

  it("lists station, address, fuel type, amount, litres, saving, payable, phone and remark", async () => {
    const root = await ready();
    renderPage(<OrderPage />, { root, path: "/order" });
    const quote = Pricing.quote(Money.fromYuan(200), 698, 745);
    for (const text of ["天河北加油站", "天河区天河北路233号", "0#", "¥200.00", quote.litres, Money.formatYuan(quote.saving), "13800138000", "after 6pm"]) {
      expect(await screen.findByText(text, { exact: false })).toBeTruthy();
    }
    expect(screen.getByText(Money.formatYuan(quote.payable), { selector: "strong" })).toBeTruthy();
    expect((screen.getByRole("button", { name: `${t.pay}${locale === "en" ? " " : ""}${Money.formatYuan(quote.payable)}` }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("reads 'litres × our price', then the pump price named with the saving per litre (issue 25)", async () => {
    const root = await ready();
    renderPage(<OrderPage />, { root, path: "/order" });
    const quote = Pricing.quote(Money.fromYuan(200), 698, 745);
    const valueOf = async (label: string) =>
      (await screen.findByText(label, { selector: ".order-checklist-label" })).closest(".adm-list-item")?.querySelector(".order-checklist-value")?.textContent;
    expect(await valueOf(t.litresTimes)).toBe(t.litresTimesValue(quote.litres));
    expect(await valueOf(t.pump)).toBe(t.pumpValue);
  });

  it("without a draft it says there is no order to confirm", async () => {
    renderPage(<OrderPage />, { root: appIn(locale), path: "/order" });
    expect(await screen.findByText(t.noDraft)).toBeTruthy();
  });

  it("pay creates one order through the JSAPI channel and opens the order's detail, its QR code (issue 25)", async () => {
    const root = await ready();
    renderPage(<OrderPage />, { root, path: "/order" });
    const button = await screen.findByRole("button", { name: new RegExp(`^${t.pay}`) });
    await userEvent.click(button);
    await waitFor(() => expect(where()).toMatch(/^\/orderDetail\/\d+$/));
    expect(root.ports.api.callsTo("orderCreate").map((c) => (c.input as { paytype: string }).paytype)).toEqual(["wechat"]);
  });

  it("/orderNew pays through the FY channel and opens the order's detail", async () => {
    const root = await ready();
    root.ports.api.on("orderCreate", examples.paymentFyQuery.response);
    renderPage(<OrderNewPage />, { root, path: "/orderNew" });
    await userEvent.click(await screen.findByRole("button", { name: new RegExp(`^${t.pay}`) }));
    await waitFor(() => expect(where()).toBe(`/orderDetail/${examples.paymentFyQuery.response.order_id}`));
    expect(root.ports.api.callsTo("orderCreate").map((c) => (c.input as { paytype: string }).paytype)).toEqual(["fy"]);
  });
});

const PAY_T = {
  en: { notConfirmed: "This redemption code could not be confirmed for your orders", orders: "View my orders", retry: "Retry", offline: "network unavailable, check your connection", used: "this QR code has already been used", noCode: "No redemption code in this link" },
  "zh-CN": { notConfirmed: "无法确认该核销码属于您的订单", orders: "查看我的订单", retry: "重试", offline: "网络不可用，请检查网络连接", used: "该二维码已被使用", noCode: "链接中没有核销码" },
} as const;

/** The link the channel sends the customer to, with a code written into it (anyone can write one). */
const CALLBACK = "/paycallback?sub_mch_id=1900000109&out_trade_no=FO202411260915000005001&check_code=FORGED-CODE-81726354";
const SERVER_CODE = examples.kepaiQrCode.response.qrcode;
/** The server's code as the page shows it (issue 34): in groups of four, as its QR encodes it. */
const SHOWN_CODE = RedeemCode.shownText(SERVER_CODE);
/** What the page shows (the test's location probe, which prints the URL, left out). */
const shownText = () => (document.body.textContent ?? "").replace(where() ?? "", "");

describe.each(LOCALES)("/paycallback in %s (issue 22: the code shown is the server's)", (locale) => {
  const t = PAY_T[locale];
  const open = (root = appIn(locale), path = CALLBACK) => renderPage(<PayCallbackPage />, { root, path, route: "/paycallback" });

  it("shows the code the server holds for the customer's order, never the link's check_code", async () => {
    const root = appIn(locale);
    open(root);
    expect((await screen.findByTestId("redemption-code")).textContent).toBe(SHOWN_CODE);
    expect(shownText()).not.toContain("FORGED-CODE-81726354");
    expect(root.ports.api.callsTo("kepaiQrCode").map((c) => c.input)).toEqual([{ orderNumber: "FO202411260915000005001" }]);
    expect(screen.getByRole("link", { name: t.orders }).getAttribute("href")).toBe("/orderlist");
  });

  it("while the server is asked, a skeleton and no code", async () => {
    const root = appIn(locale);
    root.ports.api.on("kepaiQrCode", () => Effect.never);
    open(root);
    expect(screen.getByTestId("code-checking").getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByTestId("redemption-code")).toBeNull();
  });

  it("someone else's order or an unknown one (404): says the code could not be confirmed, shows no code, offers the orders", async () => {
    const root = appIn(locale);
    root.ports.api.fail("kepaiQrCode", new ServerRefused({ message: "order not found", status: 404, tag: "OrderNotFound" }));
    open(root);
    expect(await screen.findByText(t.notConfirmed)).toBeTruthy();
    expect(screen.queryByTestId("redemption-code")).toBeNull();
    expect(shownText()).not.toContain("FORGED-CODE-81726354");
    await userEvent.click(screen.getByRole("button", { name: t.orders }));
    await waitFor(() => expect(where()).toBe("/orderlist"));
  });

  it("the customer's order whose code is used: the server's reason, no code", async () => {
    const root = appIn(locale);
    root.ports.api.fail("kepaiQrCode", new ServerRefused({ message: "this QR code has already been used", status: 409, tag: "QrAlreadyUsed" }));
    open(root);
    expect(await screen.findByText(t.used)).toBeTruthy();
    expect(screen.queryByTestId("redemption-code")).toBeNull();
  });

  it("no network: the reason and a retry, never the unconfirmed code; the retry shows the server's code", async () => {
    const root = appIn(locale);
    let failing = true;
    root.ports.api.on("kepaiQrCode", () => (failing ? Effect.fail(offline(locale)) : Effect.succeed(examples.kepaiQrCode.response)));
    open(root);
    expect(await screen.findByText(t.offline)).toBeTruthy();
    expect(shownText()).not.toContain("FORGED-CODE-81726354");
    failing = false;
    await userEvent.click(screen.getByRole("button", { name: t.retry }));
    expect((await screen.findByTestId("redemption-code")).textContent).toBe(SHOWN_CODE);
    expect(root.ports.api.callsTo("kepaiQrCode")).toHaveLength(2);
  });

  it("a link without an order number asks nothing and says there is no code", async () => {
    const root = appIn(locale);
    open(root, "/paycallback?check_code=FORGED-CODE-81726354");
    expect(await screen.findByText(t.noCode)).toBeTruthy();
    expect(root.ports.api.callsTo("kepaiQrCode")).toHaveLength(0);
  });
});
