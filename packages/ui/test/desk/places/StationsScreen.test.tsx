import { exampleDeskStation, type DeskStationSaveRequest } from "@fuel/domain/api";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import StationsScreen from "../../../src/desk/screens/StationsScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";

const ROUTE = "/desk/stations/*";

describe("the stations screen (issues 26, 34)", () => {

  it("lists the stations with our price in yuan; a search that finds nothing says so", async () => {
    const stores = deskStores();
    stores.api.on("deskStations", { stations: [exampleDeskStation, { ...exampleDeskStation, id: 13, title: "Baiyun North", now_price: 700 }] });
    renderDesk(<StationsScreen />, { stores, path: "/desk/stations", route: ROUTE });
    expect(await screen.findByText("Huangpu East Station")).toBeTruthy();
    expect(screen.getByText("¥6.89/L")).toBeTruthy();
    expect(screen.getByText("2 of 2 stations")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Name or address"), "zzz");
    expect(screen.getByText("No station matches these filters.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/desk/stations/export?q=zzz");
  });

  it("edits a station's price in yuan, saves it in cents, and goes back to the list showing it", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.on("deskStationSave", (input) => Effect.succeed({ ...exampleDeskStation, now_price: (input as DeskStationSaveRequest).now_price ?? 0 }));
    renderDesk(<StationsScreen />, { stores, path: "/desk/stations", route: ROUTE });
    await userEvent.click(await screen.findByText("Huangpu East Station"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/desk/stations/12"));
    const price = screen.getByLabelText("我们的价格（元/升）");
    expect((price as HTMLInputElement).value).toBe("6.89");
    await userEvent.clear(price);
    await userEvent.type(price, "6.5");
    await userEvent.click(screen.getByRole("button", { name: "保存油站" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/desk/stations"));
    expect(stores.api.callsTo("deskStationSave")[0]?.input).toMatchObject({ id: 12, now_price: 650 });
    expect(await screen.findByText("¥6.50/升")).toBeTruthy();
    expect(stores.notices.latest?.text).toBe("12 号油站已保存。");
  });

  it("at 768 px and over, a table: sortable headers with aria-sort and an arrow, the page's rows, a pager with the total", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    const many = Array.from({ length: 25 }, (_, i) => ({ ...exampleDeskStation, id: i + 1, title: `油站 ${i + 1}`, now_price: 700 - i }));
    stores.api.on("deskStations", { stations: many });
    renderDesk(<StationsScreen />, { stores, path: "/desk/stations", route: ROUTE, wide: true });
    const table = await screen.findByRole("table", { name: "油站" });
    expect(within(table).getAllByRole("row")).toHaveLength(21);
    const price = within(table).getByRole("columnheader", { name: /我们的价格/ });
    expect(price.getAttribute("aria-sort")).toBe("none");
    expect(within(table).getByRole("columnheader", { name: /编号/ }).getAttribute("aria-sort")).toBe("ascending");
    await userEvent.click(within(price).getByRole("button"));
    expect(price.getAttribute("aria-sort")).toBe("ascending");
    expect(price.textContent).toContain("▲");
    expect(within(table).getAllByRole("row")[1]?.textContent).toContain("¥6.76");
    await userEvent.click(within(price).getByRole("button"));
    expect(price.getAttribute("aria-sort")).toBe("descending");
    expect(within(table).getAllByRole("row")[1]?.textContent).toContain("¥7.00");
    expect(screen.getByText("第 1–20 条，共 25 条")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "下一页" }));
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(6);
    expect(screen.getByText("第 2 / 2 页")).toBeTruthy();
  });

  it("on a phone, the same page of stations as cards, no table", async () => {
    const stores = deskStores();
    stores.api.on("deskStations", { stations: Array.from({ length: 25 }, (_, i) => ({ ...exampleDeskStation, id: i + 1, title: `Station ${i + 1}` })) });
    renderDesk(<StationsScreen />, { stores, path: "/desk/stations", route: ROUTE });
    expect(await screen.findByText("Station 20")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByText("Station 21")).toBeNull();
    expect(screen.getByText("1–20 of 25")).toBeTruthy();
  });

  it("shows who invoices each station, and the form changes it in words (issue 35)", async () => {
    const stores = deskStores({ locale: "zh-CN" });
    stores.api.on("deskStations", { stations: [exampleDeskStation] });
    stores.api.on("deskStationSave", (input) => Effect.succeed({ ...exampleDeskStation, invoice_policy: (input as DeskStationSaveRequest).invoice_policy ?? "station" }));
    renderDesk(<StationsScreen />, { stores, path: "/desk/stations", route: ROUTE, wide: true });
    const table = await screen.findByRole("table", { name: "油站" });
    expect(within(table).getAllByRole("row")[1]?.textContent).toContain("平台电子发票服务开具");
    await userEvent.click(within(table).getByRole("link", { name: "Huangpu East Station" }));
    const policy = await screen.findByRole("group", { name: "开票方式" });
    expect((within(policy).getByRole("radio", { name: "平台电子发票服务开具" }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(policy).getByText("不开发票"));
    await userEvent.click(screen.getByRole("button", { name: "保存油站" }));
    await waitFor(() => expect(stores.api.callsTo("deskStationSave")[0]?.input).toMatchObject({ id: 12, invoice_policy: "none" }));
    expect(within(await screen.findByRole("table", { name: "油站" })).getAllByRole("row")[1]?.textContent).toContain("不开发票");
  });

  it("a station number that does not exist says so", async () => {
    renderDesk(<StationsScreen />, { path: "/desk/stations/999", route: ROUTE });
    expect((await screen.findByRole("alert")).textContent).toBe("There is no station No. 999.");
  });
});
