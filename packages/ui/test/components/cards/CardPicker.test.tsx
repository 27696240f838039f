import type { Messages } from "@fuel/domain";
import { examples } from "@fuel/domain/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Form from "antd-mobile/es/components/form";
import { describe, expect, it } from "vitest";
import { CardPicker } from "../../../src/components/cards/CardPicker.tsx";
import { renderPage } from "../../support/render.tsx";
import { cardsApp } from "../../stores/cards/fixtures.ts";

const LOCALES: ReadonlyArray<Messages.Locale> = ["en", "zh-CN"];

/** The texts each test looks for, in both languages. */
const T = {
  en: {
    how: "How to choose the card", mine: "My cards", phone: "By phone", team: "By team", typed: "Enter number", myCards: "My entity cards",
    cardA: /Card ending 1234567/, cardB: /Card ending 2345678/, chosenA: "Chosen: Card ending 1234567 · 珠江物流车队 · Entity card", normal: "Status: active", frozenMark: "frozen", frozenRefusal: "this card is frozen and cannot be recharged",
    lookupPhone: "Phone the cards are registered to", lookupTeam: "Team name", search: "Search", found2: "2 cards found", none: "No cards found",
    masked: /Card ending 4321/, last7: "Last 7 digits of the card", teamField: "Team", type: "Card type", virtual: "Virtual card",
    badPhone: "enter a correct phone number", badCard: "enter a correct card number",
  },
  "zh-CN": {
    how: "选择油卡的方式", mine: "我的卡", phone: "按手机号", team: "按车队", typed: "输入卡号", myCards: "我的实体卡",
    cardA: /尾号1234567/, cardB: /尾号2345678/, chosenA: "已选：尾号1234567 · 珠江物流车队 · 实体卡", normal: "状态：正常", frozenMark: "已冻结", frozenRefusal: "该卡已冻结，不能充值",
    lookupPhone: "油卡登记的手机号", lookupTeam: "车队名称", search: "查找", found2: "找到2张油卡", none: "没有找到油卡",
    masked: /尾号4321/, last7: "卡号后7位", teamField: "车队", type: "卡类型", virtual: "虚拟卡",
    badPhone: "请输入正确的手机号", badCard: "请输入正确的卡号",
  },
} as const;

const picker = async (locale: Messages.Locale) => {
  const root = cardsApp({ locale });
  await root.draft.open("entityRecharge");
  await root.cards.loadOwnStatus();
  renderPage(
    <Form layout="vertical">
      <CardPicker />
    </Form>,
    { root, path: "/recharge2" },
  );
  return root;
};

describe.each(LOCALES)("the card picker of /recharge2 in %s", (locale) => {
  const t = T[locale];

  it("offers four ways to choose the card as a labelled radio group", async () => {
    await picker(locale);
    const group = screen.getByRole("radiogroup", { name: t.how });
    expect(within(group).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual([t.mine, t.phone, t.team, t.typed]);
  });

  it("lists the customer's entity cards with their status; choosing one says which", async () => {
    const root = await picker(locale);
    const mine = screen.getByRole("radiogroup", { name: t.myCards });
    const radios = within(mine).getAllByRole("radio");
    expect(radios).toHaveLength(2);
    expect(within(mine).getByText(t.normal)).toBeTruthy();
    fireEvent.click(within(mine).getByText(t.cardA));
    expect(await screen.findByText(t.chosenA)).toBeTruthy();
    expect(root.draft.card?.cardNum).toBe("1000111234567");
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
  });

  it("finds cards by phone and picks one of them", async () => {
    const root = await picker(locale);
    root.ports.api.on("rechargeCardsByPhone", examples.rechargeCardsByTeam.response);
    fireEvent.click(screen.getByText(t.phone));
    const input = await screen.findByLabelText(t.lookupPhone, { selector: "input" });
    await userEvent.type(input, "13800138000");
    fireEvent.click(screen.getByRole("button", { name: t.search }));
    expect(await screen.findByText(t.found2)).toBeTruthy();
    fireEvent.click(screen.getByText(t.masked));
    await waitFor(() => expect(root.draft.card).toMatchObject({ lastNumber: "4321", cardRef: examples.rechargeCardsByTeam.response[1]!.card_ref }));
    expect(root.ports.api.callsTo("rechargeCardsByPhone").at(-1)?.input).toEqual({ phone: "13800138000" });
  });

  it("a phone that is not one is refused under the field, linked to it", async () => {
    await picker(locale);
    fireEvent.click(screen.getByText(t.phone));
    const input = await screen.findByLabelText(t.lookupPhone, { selector: "input" });
    await userEvent.type(input, "12345{Enter}");
    expect(await screen.findByText(t.badPhone)).toBeTruthy();
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
  });

  it("finds cards by team; none found says so", async () => {
    const root = await picker(locale);
    root.ports.api.on("rechargeCardsByTeam", []);
    fireEvent.click(screen.getByText(t.team));
    const input = await screen.findByLabelText(t.lookupTeam, { selector: "input" });
    await userEvent.type(input, "No such team");
    fireEvent.click(screen.getByRole("button", { name: t.search }));
    expect(await screen.findByText(t.none)).toBeTruthy();
    expect(root.ports.api.callsTo("rechargeCardsByTeam").map((c) => c.input)).toEqual([{ team: "No such team" }]);
  });

  it("a typed card: the last 7 digits, the team and the type, each labelled", async () => {
    const root = await picker(locale);
    fireEvent.click(screen.getByText(t.typed));
    await userEvent.type(await screen.findByLabelText(t.last7, { selector: "input" }), "7654321");
    await userEvent.type(screen.getByLabelText(t.teamField, { selector: "input" }), "珠江物流车队");
    fireEvent.click(within(screen.getByRole("radiogroup", { name: t.type })).getByText(t.virtual));
    // One of the customer's own cards: its status from the distributor's register comes with it.
    await waitFor(() => expect(root.draft.card).toEqual({ lastNumber: "7654321", team: "珠江物流车队", cardType: "virtual", status: "normal" }));
  });

  it("a typed frozen card is said at once under the field, and Continue does not go on (issue 25)", async () => {
    const root = await picker(locale);
    fireEvent.click(screen.getByText(t.typed));
    await userEvent.type(await screen.findByLabelText(t.last7, { selector: "input" }), "2345678");
    expect(await screen.findByText(t.frozenRefusal)).toBeTruthy();
    root.draft.proceed();
    expect(root.navigation.pending).toBeUndefined();
  });

  it("a frozen card is marked frozen and cannot be chosen (issue 25)", async () => {
    const root = await picker(locale);
    const mine = screen.getByRole("radiogroup", { name: t.myCards });
    const frozen = within(mine).getByText(t.frozenMark).closest("label");
    expect(frozen?.textContent).toMatch(t.cardB);
    const radio = within(frozen as HTMLElement).getByRole("radio") as HTMLInputElement;
    expect(radio.disabled).toBe(true);
    fireEvent.click(within(mine).getByText(t.cardB));
    expect(root.draft.card).toBeUndefined();
  });

  it("a typed number of the wrong length says so once the field is left", async () => {
    await picker(locale);
    fireEvent.click(screen.getByText(t.typed));
    const input = await screen.findByLabelText(t.last7, { selector: "input" });
    await userEvent.type(input, "12345");
    fireEvent.blur(input);
    expect(await screen.findByText(t.badCard)).toBeTruthy();
  });
});
