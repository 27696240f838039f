import { Offline, ServerRefused } from "@fuel/adapters/ports";
import { exampleDeskStation, type DeskStation } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { describeDeskError } from "../../../src/desk/stores/deskMessages.ts";
import { StationFormStore } from "../../../src/desk/stores/places/StationFormStore.ts";
import { deskStores } from "../support/renderDesk.tsx";

const form = (station: DeskStation | undefined, locale: "en" | "zh-CN" = "en") => {
  const stores = deskStores({ locale });
  return { stores, store: new StationFormStore(stores.ports, stores.i18n, stores.notices, station) };
};

describe("a station's form at the desk (issue 26)", () => {
  it("shows the prices in yuan and sends the changed price in cents, with the station's id", async () => {
    const { stores, store } = form(exampleDeskStation);
    expect(store.fields.now_price).toBe("6.89");
    expect(store.fields.nation_price).toBe("7.45");
    store.set("now_price", "6.79");
    stores.api.on("deskStationSave", { ...exampleDeskStation, now_price: 679 });
    const saved = await store.save();
    expect(saved?.now_price).toBe(679);
    expect(stores.api.callsTo("deskStationSave")[0]?.input).toEqual({ ...exampleDeskStation, shop_image: undefined, now_price: 679 });
    expect(stores.notices.latest).toMatchObject({ text: "Station No. 12 saved.", kind: "success" });
  });

  it("a price that is not yuan, or a coordinate that is not a number, is refused at its field before anything is sent", async () => {
    const { stores, store } = form(exampleDeskStation);
    store.set("now_price", "6.789");
    store.set("original_price", "");
    store.set("longitude", "east");
    expect(await store.save()).toBeUndefined();
    expect(Object.keys(store.errors).sort()).toEqual(["longitude", "now_price", "original_price"]);
    expect(describeDeskError(store.errors.original_price!, stores.i18n)).toBe("enter the price in yuan, e.g. 7.45");
    expect(describeDeskError(store.errors.longitude!, stores.i18n)).toBe("enter a number, e.g. 113.4521");
    expect(describeDeskError(store.problem!, stores.i18n)).toBe("Fix the marked fields first.");
    expect(stores.api.callsTo("deskStationSave")).toHaveLength(0);
    store.set("now_price", "6.8");
    expect(store.errors.now_price).toBeUndefined();
  });

  it("a new station is sent without an id; its empty fields are left out", async () => {
    const { stores, store } = form(undefined);
    expect(store.id).toBeUndefined();
    expect(store.fields.sell_type).toBe("0#");
    for (const [field, value] of [
      ["city", "Foshan"],
      ["title", "Chancheng"],
      ["now_price", "7"],
      ["original_price", "7.5"],
      ["nation_price", "7.6"],
      ["longitude", "113.1"],
      ["latitude", "23.0"],
      ["business_start_time", "00:00"],
      ["business_end_time", "24:00"],
    ] as const)
      store.set(field, value);
    await store.save();
    expect(stores.api.callsTo("deskStationSave")[0]?.input).toEqual({
      city: "Foshan",
      title: "Chancheng",
      now_price: 700,
      original_price: 750,
      nation_price: 760,
      longitude: 113.1,
      latitude: 23,
      sell_type: "0#",
      business_start_time: "00:00",
      business_end_time: "24:00",
      invoice_policy: "station",
    });
  });

  it("sends who issues the station's invoices, as chosen (issue 35)", async () => {
    const { stores, store } = form(exampleDeskStation);
    expect(store.invoicePolicy).toBe(exampleDeskStation.invoice_policy);
    store.setInvoicePolicy("none");
    await store.save();
    expect(stores.api.callsTo("deskStationSave")[0]?.input).toMatchObject({ id: 12, invoice_policy: "none" });
  });

  it("the server's refusal lists each problem of its row rules", async () => {
    const { stores, store } = form(exampleDeskStation, "zh-CN");
    stores.api.fail(
      "deskStationSave",
      new ServerRefused({ message: "", status: 400, tag: "StationInvalid", params: { problems: "city is empty; business_end_time must be HH:mm (or 24:00), got '25:00'" } }),
    );
    expect(await store.save()).toBeUndefined();
    expect(store.refusal).toEqual([
      { line: undefined, text: "city is empty" },
      { line: undefined, text: "business_end_time must be HH:mm (or 24:00), got '25:00'" },
    ]);
    expect(store.busy).toBe(false);
  });

  it("no network says nothing was changed, and the form keeps what was typed", async () => {
    const { stores, store } = form(exampleDeskStation);
    store.set("now_price", "6.50");
    stores.api.fail("deskStationSave", new Offline({}));
    expect(await store.save()).toBeUndefined();
    expect(describeDeskError(store.problem!, stores.i18n)).toBe("No network: nothing was changed. Try again when you are back online.");
    expect(store.fields.now_price).toBe("6.50");
  });
});
