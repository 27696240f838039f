import type { Messages } from "@fuel/domain";
import { screen, within } from "@testing-library/react";
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import OneKeyGasPage from "../../src/pages/OneKeyGasPage.tsx";
import { renderPage, testRoot } from "../support/render.tsx";
import { guangzhouStations, station } from "../support/stations.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";

// The fake clock stands at 10:00 China time (fakePorts): a 06:00-07:00 station is closed then.
const T = {
  en: {
    amount: "Amount (yuan)", quick: "Quick amounts", onlyDiesel: "Only diesel 0# can be bought here", vsPump: "Save ¥0.47/L on the pump price",
    closed: "This station is closed now; it opens at 06:00. You can pay now and fuel after it opens.",
  },
  "zh-CN": {
    amount: "金额（元）", quick: "常用金额", onlyDiesel: "本站仅可购买 0# 柴油", vsPump: "比挂牌价每升省 ¥0.47",
    closed: "油站休息中，06:00 开门。现在可以先付款，开门后再去加油。",
  },
} as const satisfies Record<Messages.Locale, Record<string, string>>;

const closedStation = station({ ...guangzhouStations[2]!, id: 9, business_start_time: "06:00", business_end_time: "07:00" });

const open = async (locale: Messages.Locale, stationId: number) => {
  const root = testRoot({ locale });
  runInAction(() => {
    for (const s of [...guangzhouStations, closedStation]) root.use(stationsStore).known.set(s.id, s);
  });
  renderPage(<OneKeyGasPage />, { root, path: `/oneKeyGas?station_id=${stationId}`, route: "/oneKeyGas" });
  await screen.findByLabelText(T[locale].amount, { selector: "input" });
  return root;
};

describe.each(["en", "zh-CN"] as const)("/oneKeyGas's station and form in %s (issue 25)", (locale) => {
  const t = T[locale];

  it("a closed station says when it opens, and the order can still be made", async () => {
    await open(locale, 9);
    expect(screen.getByText(t.closed).getAttribute("role")).toBe("status");
    expect(screen.getByRole("button", { name: /Continue|下一步/ }).hasAttribute("disabled")).toBe(false);
  });

  it("an open station has no closed notice; its discount names the price it is measured from", async () => {
    await open(locale, 3);
    expect(screen.queryByText(t.closed)).toBeNull();
    expect(screen.getByText(t.vsPump)).toBeTruthy();
  });

  it("quick amounts suit a truck: ¥500, ¥1,000, ¥2,000, ¥3,000", async () => {
    await open(locale, 3);
    const quick = screen.getByRole("group", { name: t.quick });
    expect(within(quick).getAllByRole("button").map((b) => b.textContent)).toEqual(["¥500", "¥1,000", "¥2,000", "¥3,000"]);
  });

  it("the grades are one row, with one line saying only diesel 0# can be bought", async () => {
    await open(locale, 3);
    const group = screen.getByRole("radiogroup");
    expect(Array.from(group.querySelectorAll<HTMLInputElement>("input[type=radio]")).map((r) => r.disabled)).toEqual([false, true, true, true]);
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe(t.onlyDiesel);
  });
});
