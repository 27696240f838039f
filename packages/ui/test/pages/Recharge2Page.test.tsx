import { offline } from "@fuel/adapters/ports";
import type { Messages } from "@fuel/domain";
import { Money, Pricing } from "@fuel/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import Recharge2Page from "../../src/pages/Recharge2Page.tsx";
import { renderPage } from "../support/render.tsx";
import { cardsApp, WEB_INFO } from "../stores/cards/fixtures.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";

const LOCALES: ReadonlyArray<Messages.Locale> = ["en", "zh-CN"];
const where = () => screen.getByTestId("location").textContent;

const T = {
  en: {
    amount: "Recharge amount (yuan)", amountHint: "Up to 5000 yuan, at most 2 decimals", over: "single amount cannot exceed 5000 yuan",
    noCard: "card number cannot be empty", noAmount: "recharge amount cannot be empty", continue: "Continue", cardA: /Card ending 1234567/,
    noStation: "No station chosen", choose: "Choose a station", change: "Change station", secondPhone: "Second phone (optional)", badPhone: "enter a correct phone number",
    payable: "To pay", tips: "Tips", offline: "network unavailable, check your connection", retry: "Retry",
    cardPrice: "Litres × card price", cardPriceValue: (litres: string) => `${litres} L × ¥7.11/L`, pump: "Pump price", pumpValue: "¥8.00/L, you save ¥0.89/L",
  },
  "zh-CN": {
    amount: "充值金额（元）", amountHint: "最多5000元，最多两位小数", over: "单笔金额不能超过5000元",
    noCard: "卡号不能为空", noAmount: "充值金额不能为空", continue: "下一步", cardA: /尾号1234567/,
    noStation: "未选择油站", choose: "选择油站", change: "更换油站", secondPhone: "备用手机号（选填）", badPhone: "请输入正确的手机号",
    payable: "应付", tips: "温馨提示", offline: "网络不可用，请检查网络连接", retry: "重试",
    cardPrice: "升数 × 油卡价格", cardPriceValue: (litres: string) => `${litres}升 × ¥7.11/升`, pump: "油站挂牌价", pumpValue: "¥8.00/升，每升省¥0.89",
  },
} as const;

const describedBy = (input: HTMLElement) => (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);

describe.each(LOCALES)("/recharge2 in %s", (locale) => {
  const t = T[locale];
  const open = async () => {
    const root = cardsApp({ locale });
    renderPage(<Recharge2Page />, { root, path: "/recharge2" });
    await screen.findByText(t.cardA);
    return root;
  };
  const amountInput = () => screen.getByLabelText(t.amount, { selector: "input" }) as HTMLInputElement;

  it("shows the site's recharge tips", async () => {
    await open();
    const tips = screen.getByRole("region", { name: t.tips });
    expect(within(tips).getByText(WEB_INFO.recharge_tip)).toBeTruthy();
    expect(within(tips).getByText(WEB_INFO.recharge_shiti_tip)).toBeTruthy();
  });

  it("labels the amount and describes it with its limit", async () => {
    await open();
    expect(describedBy(amountInput())).toEqual([t.amountHint]);
  });

  it("Continue with nothing says 'card number cannot be empty' and 'recharge amount cannot be empty', and stays", async () => {
    await open();
    await userEvent.click(screen.getByRole("button", { name: t.continue }));
    expect(await screen.findByText(t.noCard)).toBeTruthy();
    expect(screen.getByText(t.noAmount)).toBeTruthy();
    await waitFor(() => expect(amountInput().getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(amountInput())).toEqual([t.amountHint, t.noAmount]);
    expect(where()).toBe("/recharge2");
  });

  it("5000 yuan is fine; 5000.01 reads 'single amount cannot exceed 5000 yuan' once the field is left", async () => {
    await open();
    await userEvent.type(amountInput(), "5000");
    fireEvent.blur(amountInput());
    expect(screen.queryByText(t.over)).toBeNull();
    await userEvent.type(amountInput(), ".01");
    expect(await screen.findByText(t.over)).toBeTruthy();
  });

  it("the payable is Pricing.quote at the entity card price, in bold, live", async () => {
    await open();
    fireEvent.click(screen.getByText(t.cardA));
    await userEvent.type(amountInput(), "500");
    const quote = Pricing.quote(Money.fromYuan(500), WEB_INFO.price_0_shiti, WEB_INFO.price_0_original);
    const breakdown = screen.getByTestId("breakdown");
    expect(breakdown.getAttribute("aria-live")).toBe("polite");
    expect(breakdown.querySelector("strong")?.textContent).toBe(Money.formatYuan(quote.payable));
    expect(breakdown.textContent).toContain(quote.litres);
  });

  it("reads 'litres x card price', and the saving is measured from the pump price its payable is computed at, by name (issue 25)", async () => {
    await open();
    fireEvent.click(screen.getByText(t.cardA));
    await userEvent.type(amountInput(), "500");
    const breakdown = within(screen.getByTestId("breakdown"));
    const valueOf = (term: string) => breakdown.getByText(term).nextElementSibling?.textContent;
    expect(Pricing.cardRechargeSaving(WEB_INFO.price_0_shiti, WEB_INFO.price_0_original)).toMatchObject({ base: "pump", perLitre: 89 });
    const quote = Pricing.quote(Money.fromYuan(500), WEB_INFO.price_0_shiti, WEB_INFO.price_0_original);
    expect(valueOf(t.cardPrice)).toBe(t.cardPriceValue(quote.litres));
    expect(valueOf(t.pump)).toBe(t.pumpValue);
  });

  it("the station: none chosen, with a link to the recharge station list", async () => {
    await open();
    expect(screen.getByText(t.noStation)).toBeTruthy();
    expect(screen.getByRole("link", { name: t.choose }).getAttribute("href")).toBe("/rechargeStationList");
  });

  it("the chosen station shows with a way to change it", async () => {
    const root = cardsApp({ locale });
    root.draft.chooseStation(root.use(stationsStore).station(3)!);
    renderPage(<Recharge2Page />, { root, path: "/recharge2" });
    expect(await screen.findByText("天河北加油站")).toBeTruthy();
    expect(screen.getByRole("link", { name: t.change })).toBeTruthy();
  });

  it("a wrong second phone says so", async () => {
    await open();
    const input = screen.getByLabelText(t.secondPhone, { selector: "input" });
    await userEvent.type(input, "139");
    fireEvent.blur(input);
    expect(await screen.findByText(t.badPhone)).toBeTruthy();
  });

  it("a card, a valid amount and a station continue to the checklist", async () => {
    const root = await open();
    fireEvent.click(screen.getByText(t.cardA));
    await userEvent.type(amountInput(), "500");
    root.draft.chooseStation(root.use(stationsStore).station(3)!);
    await userEvent.click(screen.getByRole("button", { name: t.continue }));
    await waitFor(() => expect(where()).toBe("/rechargeordernew"));
  });

  it("without a station, Continue stays and says 'select a station first' under the station field (issue 25)", async () => {
    await open();
    fireEvent.click(screen.getByText(t.cardA));
    await userEvent.type(amountInput(), "500");
    await userEvent.click(screen.getByRole("button", { name: t.continue }));
    const said = await screen.findByText(locale === "en" ? "select a station first" : "请先选择油站");
    expect(said.getAttribute("role")).toBe("alert");
    expect(screen.getByRole("group", { name: locale === "en" ? "Station" : "油站" })).toBeTruthy();
    expect(where()).toBe("/recharge2");
    // The field may be below the fold: the customer is taken to its 'choose a station'.
    expect(document.activeElement?.textContent).toBe(locale === "en" ? "Choose a station" : "选择油站");
  });

  it("the site settings cannot be read: says why with a retry, and the payable waits for them", async () => {
    const root = cardsApp({ locale });
    root.ports.api.fail("webInfo", offline());
    renderPage(<Recharge2Page />, { root, path: "/recharge2" });
    expect(await screen.findByText(t.offline)).toBeTruthy();
    fireEvent.click(await screen.findByText(t.cardA));
    await userEvent.type(amountInput(), "500");
    expect(screen.getByTestId("breakdown").querySelector("strong")).toBeNull();
    root.ports.api.on("webInfo", WEB_INFO);
    fireEvent.click(screen.getByRole("button", { name: t.retry }));
    expect(await screen.findByRole("region", { name: t.tips })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("breakdown").querySelector("strong")).not.toBeNull());
  });
});
