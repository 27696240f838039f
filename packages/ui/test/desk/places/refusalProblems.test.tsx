import { ServerRefused } from "@fuel/adapters/ports";
import { StationRow } from "@fuel/domain";
import { exampleDeskStation } from "@fuel/domain/api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import StationsScreen from "../../../src/desk/screens/StationsScreen.tsx";
import { refusalProblemText, refusalProblems } from "../../../src/desk/stores/places/refusalProblems.ts";
import { StationFormStore } from "../../../src/desk/stores/places/StationFormStore.ts";
import { StationsImportStore } from "../../../src/desk/stores/places/StationsImportStore.ts";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";
import { textFile } from "./files.ts";

/**
 * A refusal's problems in the admin's language (issue 26): the server tags each one
 * (`problem_list`, StationRow.problemsParams) besides its English sentences (`problems`); the desk
 * words the tagged ones, fields by the form's names, and shows the English of a server that does
 * not tag them.
 */

const HEADER = StationRow.STATION_COLUMNS.join(",");
const CSV = `${HEADER}\nFoshan,A,,113.1,23.0,,abc,760,750,0#;93#,,,06:00,22:00\n`;

/** A refusal as the server answers it: both params, made by the domain as the server makes them. */
const refusedWith = (tag: string, problems: ReadonlyArray<StationRow.StationProblem>, drop?: "problem_list") => {
  const params: Record<string, string> = { ...StationRow.problemsParams(problems) };
  if (drop !== undefined) delete params[drop];
  return new ServerRefused({ message: "", status: 400, tag, params });
};

const IMPORT_PROBLEMS: StationRow.StationProblem[] = [
  { key: "StationPriceNotPositiveCents", params: { field: "now_price", value: "abc" }, line: 2 },
  { key: "StationUnknownGrades", params: { field: "sell_type", grades: "'93#'", known: "0#;92#;95#;98#" }, line: 2 },
  { key: "StationsCsvDuplicateLine", params: { earlier: 2 }, line: 3 },
];

const importer = async (locale: "en" | "zh-CN") => {
  const stores = deskStores({ locale });
  const store = new StationsImportStore(stores.ports, stores.i18n, stores.notices, vi.fn(() => Promise.resolve()));
  await store.choose(textFile("bad.csv", CSV));
  return { stores, store };
};

describe("a refusal's problems at the desk, in the admin's language", () => {
  it("an import's problems in Chinese, each at its line, fields named as the form names them", async () => {
    const { stores, store } = await importer("zh-CN");
    stores.api.fail("deskStationsImport", refusedWith("StationsImportRefused", IMPORT_PROBLEMS));
    expect(await store.send()).toBe(false);
    const refusal = store.refusal ?? [];
    expect(refusal.map((p) => [p.line, refusalProblemText(p, stores.i18n)])).toEqual([
      [2, "我们的价格的单位是分/升，须为大于 0 的整数（¥7.45/升 写作 745），当前为“abc”"],
      [2, "油品含有未知油品 '93#'（可选：0#;92#;95#;98#）"],
      [3, "城市和名称与第 2 行相同"],
    ]);
  });

  it("the same problems in English read as the CLI prints them; a language switch re-words them", async () => {
    const { stores, store } = await importer("en");
    stores.api.fail("deskStationsImport", refusedWith("StationsImportRefused", IMPORT_PROBLEMS));
    await store.send();
    const words = () => (store.refusal ?? []).map((p) => refusalProblemText(p, stores.i18n));
    expect(words()).toEqual([
      "now_price is in whole cents per litre, above 0 (¥7.45/L is 745), got 'abc'",
      "sell_type has unknown grades '93#' (known: 0#;92#;95#;98#)",
      "the same city and title as line 2",
    ]);
    stores.i18n.setLocale("zh-CN");
    expect(words()[2]).toBe("城市和名称与第 2 行相同");
  });

  it("without problem_list (an older server) or with one it cannot read, the English sentences are listed by line", async () => {
    const { stores, store } = await importer("zh-CN");
    stores.api.fail("deskStationsImport", refusedWith("StationsImportRefused", IMPORT_PROBLEMS, "problem_list"));
    await store.send();
    expect(store.refusal).toEqual([
      { line: 2, text: "now_price is in whole cents per litre, above 0 (¥7.45/L is 745), got 'abc'" },
      { line: 2, text: "sell_type has unknown grades '93#' (known: 0#;92#;95#;98#)" },
      { line: 3, text: "the same city and title as line 2" },
    ]);
    for (const unreadable of ["not json", '[{"key":"NoSuchKey","params":{}}]', "[]"]) {
      const error = new ServerRefused({ message: "", status: 400, tag: "StationInvalid", params: { problems: "city is empty", problem_list: unreadable } });
      expect(refusalProblems(error, "StationInvalid")).toEqual([{ line: undefined, text: "city is empty" }]);
    }
  });

  it("many problems end with how many more there are", () => {
    const many = Array.from({ length: 80 }, (_, i): StationRow.StationProblem => ({ key: "StationFieldEmpty", params: { field: "title" }, line: i + 2 }));
    const stores = deskStores({ locale: "zh-CN" });
    const refusal = refusalProblems(refusedWith("StationsImportRefused", many), "StationsImportRefused") ?? [];
    expect(refusal).toHaveLength(StationRow.MAX_LISTED_PROBLEMS + 1);
    expect(refusalProblemText(refusal[0]!, stores.i18n)).toBe("油站名称不能为空");
    expect(refusalProblemText(refusal.at(-1)!, stores.i18n)).toBe("另有 30 个问题");
  });

  it("a station form's refusal (another station has its city and title) in Chinese", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    const form = new StationFormStore(stores.ports, stores.i18n, stores.notices, exampleDeskStation);
    stores.api.fail("deskStationSave", refusedWith("StationInvalid", [StationRow.twinProblem(7, "广州市", "黄埔东站")]));
    expect(await form.save()).toBeUndefined();
    expect((form.refusal ?? []).map((p) => refusalProblemText(p, stores.i18n))).toEqual(["7 号油站已使用城市“广州市”和名称“黄埔东站”"]);
  });

  it("a settings refusal names the settings form's fields in Chinese", () => {
    const stores = deskStores({ locale: "zh-CN" });
    const error = refusedWith("SettingsInvalid", [
      { key: "SettingsFirstSaveMissing", params: { fields: "price_0_now, price_0_xuni" } },
      { key: "SettingsCardPrefixInvalid", params: { field: "entity_common_num", value: "12a" } },
    ]);
    const refusal = refusalProblems(error, "SettingsInvalid") ?? [];
    expect(refusal.map((p) => refusalProblemText(p, stores.i18n))).toEqual([
      "还没有任何设置：第一次保存须填写我们的价格、虚拟卡价格",
      "实体卡号前缀必须是卡号开头的数字，当前为“12a”",
    ]);
  });

  it("the stations screen shows an import's refusal in Chinese, line by line, as an alert", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.fail("deskStationsImport", refusedWith("StationsImportRefused", IMPORT_PROBLEMS));
    renderDesk(<StationsScreen />, { stores, path: "/desk/stations", route: "/desk/stations/*" });
    await screen.findByText("Huangpu East Station");
    const input = document.querySelector<HTMLInputElement>("#places-import-file");
    if (input === null) throw new Error("no file input");
    // antd-mobile's dialog takes no pointer events while it slides in: the test taps as soon as it is there.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.upload(input, new File([CSV], "bad.csv", { type: "text/csv" }));
    await user.click(await screen.findByRole("button", { name: "导入" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "导入" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("第 2 行");
    expect(alert.textContent).toContain("我们的价格的单位是分/升，须为大于 0 的整数（¥7.45/升 写作 745），当前为“abc”");
    expect(alert.textContent).toContain("城市和名称与第 2 行相同");
  });
});
