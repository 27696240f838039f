import { MemoryTokenStore } from "@fuel/adapters/testing";
import { offline } from "@fuel/adapters/ports";
import { Time, type Messages } from "@fuel/domain";
import { examples, type CardListResponse } from "@fuel/domain/api";
import { screen, waitFor, within } from "@testing-library/react";
import Dialog from "antd-mobile/es/components/dialog";
import { Effect } from "effect";
import { afterEach, describe, expect, it } from "vitest";
import CardPage from "../../src/pages/CardPage.tsx";
import Recharge2Page from "../../src/pages/Recharge2Page.tsx";
import { cardsStore } from "../../src/stores/cards/CardsStore.ts";
import { writeKeptCards } from "../../src/stores/kept/keptCards.ts";
import { ownerOf } from "../../src/stores/kept/owner.ts";
import { renderPage } from "../support/render.tsx";
import { cardsApp, ENTITY_A, ENTITY_B, VIRTUAL } from "../stores/cards/fixtures.ts";

afterEach(() => Dialog.clear());

/** The fakes' clock is 2026-11-23 10:00 China time; the cards were kept at 08:30 the same day. */
const TODAY_0830 = Time.chinaInstant(2026, 11, 23, 8, 30);

const T = {
  en: { updating: "Saved 08:30 · updating…", failed: "Saved 08:30 · could not update", entityCards: "Entity cards", cardA: /Card ending 1234567/, cardB: /Card ending 2345678/, offline: "network unavailable, check your connection" },
  "zh-CN": { updating: "08:30 保存的数据 · 正在更新…", failed: "08:30 保存的数据 · 更新失败", entityCards: "实体卡", cardA: /尾号1234567/, cardB: /尾号2345678/, offline: "网络不可用，请检查网络连接" },
} as const satisfies Record<Messages.Locale, Record<string, string | RegExp>>;

/** Customer A signed in on a device that kept `kept` (A's one entity card, unless said otherwise); the list answers when the test says. */
const open = (locale: Messages.Locale, options: { readonly token?: string; readonly kept?: string; readonly page?: "card" | "recharge2" } = {}) => {
  let answer: ((list: CardListResponse) => void) | undefined;
  const root = cardsApp({ locale, ports: { tokens: new MemoryTokenStore({ token: options.token ?? "token-of-a", activated: true }) } });
  root.ports.api.on("userInfo", examples.userInfo.response);
  root.ports.api.on("rechargeCardList", () => Effect.promise(() => new Promise<CardListResponse>((resolve) => (answer = resolve))));
  if (options.kept === undefined) writeKeptCards(root.ports.preferences, { owner: ownerOf("token-of-a"), cards: { entity_list: [ENTITY_A], virtual_list: [] }, savedAt: TODAY_0830 });
  else root.ports.preferences.set("fuel.kept.cards", options.kept);
  if (options.page === "recharge2") renderPage(<Recharge2Page />, { root, path: "/recharge2" });
  else renderPage(<CardPage />, { root, path: "/recharge/2" });
  return { root, answer: () => answer?.({ entity_list: [ENTITY_A, ENTITY_B], virtual_list: [VIRTUAL] }) };
};

describe.each(["en", "zh-CN"] as const)("the card pages with kept cards in %s", (locale) => {
  const t = T[locale];

  it("/recharge/2 shows the customer's kept cards at once with their date, then the fresh ones without it", async () => {
    const { answer } = open(locale);
    expect((await screen.findByText(t.updating)).getAttribute("role")).toBe("status");
    expect(within(screen.getByRole("radiogroup", { name: t.entityCards })).getAllByRole("radio")).toHaveLength(1);
    answer();
    await waitFor(() => expect(screen.getByText(t.cardB)).toBeTruthy());
    expect(screen.queryByText(t.updating)).toBeNull();
  });

  it("another customer's kept cards are not shown", async () => {
    open(locale, { token: "token-of-b" });
    await waitFor(() => expect(screen.getByLabelText(/Loading your cards|正在加载/)).toBeTruthy());
    expect(screen.queryByText(t.cardA)).toBeNull();
    expect(screen.queryByText(t.updating)).toBeNull();
  });

  it("a corrupt kept entry is ignored: the page loads as it did without one", async () => {
    const { answer } = open(locale, { kept: '{"v":1,"owner":"x","cards":' });
    expect(screen.queryByText(t.updating)).toBeNull();
    answer();
    await waitFor(() => expect(screen.getByText(t.cardB)).toBeTruthy());
  });

  it("a failed refresh keeps the kept cards with their date and says why", async () => {
    const { root } = open(locale);
    root.ports.api.fail("rechargeCardList", offline());
    // The first request is on its way; a retry fails.
    await screen.findByText(t.updating);
    await root.use(cardsStore).refresh();
    expect(await screen.findByText(t.failed)).toBeTruthy();
    expect(screen.getByText(t.offline)).toBeTruthy();
    expect(screen.getByText(t.cardA)).toBeTruthy();
  });

  it("/recharge2 marks its kept entity cards too", async () => {
    const { answer } = open(locale, { page: "recharge2" });
    expect(await screen.findByText(t.updating)).toBeTruthy();
    expect(screen.getByText(t.cardA)).toBeTruthy();
    answer();
    await waitFor(() => expect(screen.queryByText(t.updating)).toBeNull());
    expect(screen.getByText(t.cardB)).toBeTruthy();
  });
});
