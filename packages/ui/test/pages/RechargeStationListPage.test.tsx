import { FakeGeocoder, FakeGeolocation } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import RechargeStationListPage from "../../src/pages/RechargeStationListPage.tsx";
import { renderPage } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations } from "../support/stations.ts";
import { cardsApp, VIRTUAL } from "../stores/cards/fixtures.ts";

const where = () => screen.getByTestId("location").textContent;

const T = {
  en: { city: "Stations in 广州市", here: "Recharge here", at: (name: string) => `Recharge here: ${name}`, noDiesel: "this station cannot buy diesel for now", chosen: "Chosen" },
  "zh-CN": { city: "广州市的油站", here: "在此充值", at: (name: string) => `在此充值：${name}`, noDiesel: "该油站暂不能购买柴油", chosen: "已选" },
} as const;

const listAt = (locale: Messages.Locale, path = "/rechargeStationList") => {
  const root = cardsApp({ locale, ports: { geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES) } });
  root.ports.api.on("cityList", [{ city: "广州市", count: 3 }]);
  root.ports.api.on("cityStations", (input) => Effect.succeed(input.city === "广州市" ? guangzhouStations : []));
  renderPage(<RechargeStationListPage />, { root, path, route: "/rechargeStationList" });
  return root;
};

const cards = () => screen.getAllByRole("listitem");

describe.each(["en", "zh-CN"] as const)("/rechargeStationList in %s", (locale) => {
  const t = T[locale];

  it("lists the stations of the customer's city nearest first", async () => {
    listAt(locale);
    expect(await screen.findByText(t.city)).toBeTruthy();
    await screen.findAllByRole("listitem");
    expect(cards().map((li) => within(li).getByRole("heading").textContent)).toEqual(["越秀东风路加油站", "天河北加油站", "白云机场高速加油站"]);
  });

  it("a station without 0# cannot take a recharge, and says why", async () => {
    listAt(locale);
    await screen.findAllByRole("listitem");
    const button = within(cards()[0]!).getByRole("button", { name: t.at("越秀东风路加油站") }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent).toBe(t.noDiesel);
  });

  it("'Recharge here' puts the station in the draft and goes back to /recharge2", async () => {
    const root = listAt(locale);
    await screen.findAllByRole("listitem");
    fireEvent.click(within(cards()[1]!).getByRole("button", { name: t.at("天河北加油站") }));
    await waitFor(() => expect(where()).toBe("/recharge2"));
    expect(root.draft.stationId).toBe(3);
  });

  it("a draft from the card page goes back to the card page, its form, where the top-up is confirmed (issue 25)", async () => {
    const root = listAt(locale);
    await root.draft.open("cardPage");
    root.draft.pickListed(VIRTUAL);
    await screen.findAllByRole("listitem");
    fireEvent.click(within(cards()[2]!).getByRole("button", { name: t.at("白云机场高速加油站") }));
    await waitFor(() => expect(where()).toBe("/recharge/2"));
  });

  it("opened from the checklist, it goes back to the checklist", async () => {
    listAt(locale, "/rechargeStationList?then=checklist");
    await screen.findAllByRole("listitem");
    fireEvent.click(within(cards()[1]!).getByRole("button", { name: t.at("天河北加油站") }));
    await waitFor(() => expect(where()).toBe("/rechargeordernew"));
  });

  it("marks the draft's station as chosen", async () => {
    const root = listAt(locale);
    root.draft.chooseStation(guangzhouStations[2]!);
    root.navigation.done(root.navigation.pending!.id);
    await screen.findAllByRole("listitem");
    expect(within(cards()[1]!).getByText(t.chosen)).toBeTruthy();
  });
});
