import { offline } from "@fuel/adapters/ports";
import type { Messages } from "@fuel/domain";
import { examples } from "@fuel/domain/api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Dialog from "antd-mobile/es/components/dialog";
import { afterEach, describe, expect, it } from "vitest";
import CardPage from "../../src/pages/CardPage.tsx";
import { renderPage } from "../support/render.tsx";
import { cardsApp, VIRTUAL } from "../stores/cards/fixtures.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";

afterEach(() => Dialog.clear());

const where = () => screen.getByTestId("location").textContent;

const T = {
  en: {
    virtualCards: "Virtual cards", entityCards: "Entity cards", all: "All", cardTabs: "Card types", entity: "Entity", virtual: "Virtual", cardA: /Card ending 1234567/, cardB: /Card ending 2345678/,
    details: "Card details", virtualType: "Virtual card", amount: "Recharge amount (yuan)", topUp: "Top up this card", ok: "OK",
    distributor: "amounts over 10000 yuan: please contact your distributor", follow: "follow our official account first to top up this card",
    upgrading: "the official account is upgrading, please try again later", cardId: "card id is missing", noCards: "You have no fuel cards yet",
    buy: "Buy a diesel card", recharge2: "Recharge an entity card", orders: "My orders", notFound: "Card 9999999999999 is not among your cards.",
    offline: "network unavailable, check your connection", retry: "Retry", frozen: "frozen", normal: "active", frozenRefusal: "this card is frozen and cannot be recharged",
  },
  "zh-CN": {
    virtualCards: "虚拟卡", entityCards: "实体卡", all: "全部", cardTabs: "油卡类型", entity: "实体卡", virtual: "虚拟卡", cardA: /尾号1234567/, cardB: /尾号2345678/,
    details: "油卡详情", virtualType: "虚拟卡", amount: "充值金额（元）", topUp: "为此卡充值", ok: "确定",
    distributor: "金额超过10000元，请联系经销商", follow: "请先关注公众号再为此卡充值",
    upgrading: "公众号升级中，请稍后再试", cardId: "缺少卡号", noCards: "您还没有油卡",
    buy: "购买柴油卡", recharge2: "实体卡充值", orders: "我的订单", notFound: "您的油卡中没有卡号 9999999999999。",
    offline: "网络不可用，请检查网络连接", retry: "重试", frozen: "已冻结", normal: "正常", frozenRefusal: "该卡已冻结，不能充值",
  },
} as const;

const ROUTE_OF: Record<string, string> = { "/recharge": "/recharge", "/recharge/2": "/recharge/2" };

describe.each(["en", "zh-CN"] as const satisfies ReadonlyArray<Messages.Locale>)("the card page in %s", (locale) => {
  const t = T[locale];
  const open = async (path: string, user: Partial<typeof examples.userInfo.response> = {}) => {
    const root = cardsApp({ locale });
    root.ports.api.on("userInfo", { ...examples.userInfo.response, ...user });
    renderPage(<CardPage />, { root, path, route: ROUTE_OF[path] ?? "/recharge/1/:card_num" });
    await screen.findAllByRole("radiogroup");
    return root;
  };
  const details = () => screen.getByRole("heading", { name: t.details }).closest(".adm-card") as HTMLElement;
  const amountInput = () => screen.getByLabelText(t.amount, { selector: "input" }) as HTMLInputElement;

  it("/recharge shows both types of cards", async () => {
    await open("/recharge");
    expect(screen.getByRole("radiogroup", { name: t.virtualCards })).toBeTruthy();
    expect(within(screen.getByRole("radiogroup", { name: t.entityCards })).getAllByRole("radio")).toHaveLength(2);
  });

  it("/recharge/2 shows the entity cards; choosing one shows its details with the distributor's status", async () => {
    await open("/recharge/2");
    expect(screen.queryByRole("radiogroup", { name: t.virtualCards })).toBeNull();
    fireEvent.click(screen.getByText(t.cardB));
    await waitFor(() => expect(within(details()).getByText("1000112345678")).toBeTruthy());
    expect(within(details()).getByText(t.frozen)).toBeTruthy();
  });

  it("a frozen card chosen on the card page is said at once not to take a top-up (issue 25)", async () => {
    await open("/recharge/2");
    fireEvent.click(screen.getByText(t.cardB));
    expect((await screen.findByText(t.frozenRefusal)).getAttribute("role")).toBe("alert");
  });

  it("/recharge/1/:card_num chooses that card: number, team, type, status", async () => {
    await open(`/recharge/1/${VIRTUAL.card_num}`);
    await waitFor(() => expect(within(details()).getByText(VIRTUAL.card_num)).toBeTruthy());
    expect(within(details()).getByText("珠江物流车队")).toBeTruthy();
    expect(within(details()).getByText(t.virtualType)).toBeTruthy();
    await waitFor(() => expect(within(details()).getByText(t.normal)).toBeTruthy());
  });

  it("a card number that is not the customer's says so", async () => {
    await open("/recharge/1/9999999999999");
    expect(await screen.findByText(t.notFound)).toBeTruthy();
  });

  it("the tabs are the addresses: links, the current one marked", async () => {
    await open("/recharge");
    const tabs = screen.getByRole("navigation", { name: t.cardTabs });
    expect(within(tabs).getByRole("link", { name: t.all }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(tabs).getByRole("link", { name: t.entity }));
    await waitFor(() => expect(where()).toBe("/recharge/2"));
  });

  it("over 10000 yuan: the message to contact the distributor, and no checklist", async () => {
    await open(`/recharge/1/${VIRTUAL.card_num}`);
    await userEvent.type(amountInput(), "10000.01");
    await userEvent.click(screen.getByRole("button", { name: t.topUp }));
    expect(await screen.findByText(t.distributor)).toBeTruthy();
    expect(where()).toBe(`/recharge/1/${VIRTUAL.card_num}`);
  });

  it("not following the official account: an alert, and no checklist", async () => {
    await open(`/recharge/1/${VIRTUAL.card_num}`, { follows_official_account: false });
    await userEvent.type(amountInput(), "800");
    await userEvent.click(screen.getByRole("button", { name: t.topUp }));
    const dialog = (await screen.findByText(t.follow)).closest(".adm-dialog") as HTMLElement;
    fireEvent.click(within(dialog).getByRole("button", { name: t.ok }));
    expect(where()).toBe(`/recharge/1/${VIRTUAL.card_num}`);
  });

  it("without an oauth id: the alert says the official account is upgrading", async () => {
    await open(`/recharge/1/${VIRTUAL.card_num}`, { oauth_id: null });
    await userEvent.type(amountInput(), "800");
    await userEvent.click(screen.getByRole("button", { name: t.topUp }));
    expect((await screen.findByText(t.upgrading)).closest(".adm-dialog")).not.toBeNull();
  });

  it("without a card: 'card id is missing' under the cards", async () => {
    const root = await open("/recharge");
    await userEvent.type(amountInput(), "800");
    await userEvent.click(screen.getByRole("button", { name: t.topUp }));
    expect((await screen.findByText(t.cardId)).getAttribute("role")).toBe("alert");
    expect(root.draft.alert).toBeUndefined();
  });

  it("a card, an amount up to 10000 yuan and a station go to the checklist, the draft marked as from the card page", async () => {
    const root = await open(`/recharge/1/${VIRTUAL.card_num}`);
    await userEvent.type(amountInput(), "10000");
    await userEvent.click(screen.getByRole("button", { name: t.topUp }));
    // Issue 25: the station is asked on the form, where the top-up stays until one is chosen.
    expect(await screen.findByText(locale === "en" ? "select a station first" : "请先选择油站")).toBeTruthy();
    expect(screen.getByRole("link", { name: locale === "en" ? "Choose a station" : "选择油站" }).getAttribute("href")).toBe("/rechargeStationList");
    root.draft.chooseStation(root.use(stationsStore).station(3)!);
    await waitFor(() => expect(where()).toBe(`/recharge/1/${VIRTUAL.card_num}`));
    await userEvent.click(screen.getByRole("button", { name: t.topUp }));
    await waitFor(() => expect(where()).toBe("/rechargeordernew"));
    expect(root.draft.page).toBe("cardPage");
  });

  it("links to buying a card and to the orders", async () => {
    await open("/recharge");
    expect(screen.getByRole("link", { name: t.buy }).getAttribute("href")).toBe("/heartcard");
    expect(screen.getByRole("link", { name: t.orders }).getAttribute("href")).toBe("/orderlist");
  });

  it("no cards: says so, with ways to buy one or recharge an entity card", async () => {
    const root = cardsApp({ locale });
    root.ports.api.on("rechargeCardList", { entity_list: [], virtual_list: [] });
    renderPage(<CardPage />, { root, path: "/recharge/2" });
    // The illustrated empty state loads its chunk first (a plain line until then).
    const empty = (await waitFor(() => {
      const block = screen.getByText(t.noCards).closest(".adm-error-block");
      if (block === null) throw new Error("the empty state has not loaded yet");
      return block;
    })) as HTMLElement;
    fireEvent.click(within(empty).getByRole("button", { name: t.recharge2 }));
    await waitFor(() => expect(where()).toBe("/recharge2"));
  });

  it("the cards cannot be read: says why, with a retry that loads them", async () => {
    const root = cardsApp({ locale });
    root.ports.api.fail("rechargeCardList", offline());
    renderPage(<CardPage />, { root, path: "/recharge" });
    expect(await screen.findByText(t.offline)).toBeTruthy();
    root.ports.api.on("rechargeCardList", { entity_list: [], virtual_list: [VIRTUAL] });
    fireEvent.click(screen.getByRole("button", { name: t.retry }));
    expect(await screen.findByRole("radiogroup", { name: t.virtualCards })).toBeTruthy();
  });

  it("a failed refresh keeps the cards on screen and says why", async () => {
    const root = await open("/recharge");
    root.ports.api.fail("rechargeCardList", offline());
    await root.cards.refresh();
    expect(await screen.findByText(t.offline)).toBeTruthy();
    expect(screen.getByRole("radiogroup", { name: t.virtualCards })).toBeTruthy();
  });
});
