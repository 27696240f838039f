import { MemoryTokenStore, ScriptedApi } from "@fuel/adapters/testing";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CardPage from "../../src/pages/CardPage.tsx";
import OrderListPage from "../../src/pages/OrderListPage.tsx";
import PersonalPage from "../../src/pages/PersonalPage.tsx";
import { FakeOrders } from "../support/orders.ts";
import { renderPage, testRoot } from "../support/render.tsx";
import { cardsApp } from "../stores/cards/fixtures.ts";

const LABEL = { en: "Buy diesel", "zh-CN": "加油 · 买柴油" } as const;
const where = () => screen.getByTestId("location").textContent;

/** The entry is a link to the station list, whose go-fuel opens the order form: two taps. */
const tapEntry = async (locale: "en" | "zh-CN") => {
  const link = (await screen.findByText(LABEL[locale])).closest("a");
  expect(link?.getAttribute("href")).toBe("/stationlist");
  fireEvent.click(link as HTMLAnchorElement);
  expect(where()).toBe("/stationlist");
};

describe.each(["en", "zh-CN"] as const)("buying diesel, one tap from where a driver lands (issue 25), in %s", (locale) => {
  it("the home after sign-in, /recharge/2, leads to the stations", async () => {
    renderPage(<CardPage />, { root: cardsApp({ locale }), path: "/recharge/2" });
    await tapEntry(locale);
  });

  it("/personal, where spec §4's sign-in ends, leads to the stations", async () => {
    const root = testRoot({ locale, ports: { tokens: new MemoryTokenStore({ token: "t1", activated: true }) } });
    renderPage(<PersonalPage />, { root, path: "/personal" });
    await tapEntry(locale);
  });

  it("an empty order list says what to do next: buy diesel", async () => {
    const root = testRoot({ locale, ports: { api: new ScriptedApi() } });
    new FakeOrders(root.ports.api, []);
    renderPage(<OrderListPage />, { root, path: "/orderlist?tab=all", route: "/orderlist" });
    await tapEntry(locale);
  });
});
