import { exampleDeskStation, type DeskStationSaveRequest } from "@fuel/domain/api";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import StationsScreen from "../../../src/desk/screens/StationsScreen.tsx";
import { deskStores, renderDesk } from "../support/renderDesk.tsx";

const ROUTE = "/desk/stations/*";

describe("the stations screen (issue 26)", () => {
  it("lists the stations with our price in yuan; a search that finds nothing says so", async () => {
    const stores = deskStores();
    stores.api.on("deskStations", { stations: [exampleDeskStation, { ...exampleDeskStation, id: 13, title: "Baiyun North", now_price: 700 }] });
    renderDesk(<StationsScreen />, { stores, path: "/desk/stations", route: ROUTE });
    expect(await screen.findByText("Huangpu East Station")).toBeTruthy();
    expect(screen.getByText("¥6.89/L")).toBeTruthy();
    expect(screen.getByText("2 of 2 stations")).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Find a station"), "zzz");
    expect(screen.getByText("No station matches “zzz”.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/desk/stations/export");
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

  it("a station number that does not exist says so", async () => {
    renderDesk(<StationsScreen />, { path: "/desk/stations/999", route: ROUTE });
    expect((await screen.findByRole("alert")).textContent).toBe("There is no station No. 999.");
  });
});
