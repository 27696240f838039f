import { Offline } from "@fuel/adapters/ports";
import { exampleDeskStation, type DeskStation } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { StationsStore } from "../../../src/desk/stores/places/StationsStore.ts";
import { deskStores } from "../support/renderDesk.tsx";

const station = (id: number, title: string, city: string): DeskStation => ({ ...exampleDeskStation, id, title, city });

const listed = (stations: ReadonlyArray<DeskStation>) => {
  const stores = deskStores();
  stores.api.on("deskStations", { stations });
  return { stores, store: new StationsStore(stores.ports) };
};

describe("the admin's station list (issues 26, 34)", () => {
  it("loads every station once and filters by city, by name or address in any case, and by number", async () => {
    const { store } = listed([station(3, "Huangpu East", "Guangzhou"), station(14, "Baiyun North", "Guangzhou"), station(21, "Futian Centre", "Shenzhen")]);
    expect(store.load.kind).toBe("loading");
    await store.fetch();
    expect(store.pageRows.map((s) => s.id)).toEqual([3, 14, 21]);
    expect(store.cities).toEqual(["Guangzhou", "Shenzhen"]);
    store.setText("baiyun");
    expect(store.pageRows.map((s) => s.id)).toEqual([14]);
    store.setText("");
    store.setCity("Shenzhen");
    expect(store.pageRows.map((s) => s.id)).toEqual([21]);
    store.clearFilters();
    store.setText("14");
    expect(store.pageRows.map((s) => s.id)).toEqual([14]);
    store.setText("nowhere");
    expect(store.selected).toEqual([]);
  });

  it("filters open or closed at the desk's now, with the customer's rule (10:00 China time)", async () => {
    const night = { ...station(5, "Night Stop", "Guangzhou"), business_start_time: "20:00", business_end_time: "06:00" };
    const day = { ...station(6, "Day Stop", "Guangzhou"), business_start_time: "06:00", business_end_time: "22:00" };
    const { store } = listed([night, day]);
    await store.fetch();
    store.setOpen("open");
    expect(store.selected.map((s) => s.id)).toEqual([6]);
    store.setOpen("closed");
    expect(store.selected.map((s) => s.id)).toEqual([5]);
    // The export asks the server for exactly these (the same rule at the server's now).
    store.setCity("Guangzhou");
    store.setText(" stop ");
    expect(store.exportHref).toBe("/api/desk/stations/export?city=Guangzhou&open=closed&q=stop");
    store.clearFilters();
    expect(store.exportHref).toBe("/api/desk/stations/export");
  });

  it("sorts by a header, ascending then descending, and pages; a new filter or sort starts at page 1", async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ ...station(i + 1, `Station ${String(i + 1).padStart(2, "0")}`, i % 2 === 0 ? "Guangzhou" : "Shenzhen"), now_price: 600 + ((i * 7) % 45) }));
    const { store } = listed(many);
    await store.fetch();
    expect(store.pageRows).toHaveLength(20);
    store.setPage(3);
    expect(store.pageRows.map((s) => s.id)).toEqual([41, 42, 43, 44, 45]);
    store.sortBy("now_price");
    expect([store.sort, store.currentPage]).toEqual([{ column: "now_price", direction: "asc" }, 1]);
    const prices = store.selected.map((s) => s.now_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    store.sortBy("now_price");
    expect(store.selected.map((s) => s.now_price)).toEqual([...prices].reverse());
    store.setPageSize(50);
    expect(store.pageRows).toHaveLength(45);
    store.setPageSize(10);
    store.setPage(99);
    expect(store.currentPage).toBe(5);
    store.setCity("Shenzhen");
    expect([store.currentPage, store.selected.length]).toEqual([1, 22]);
  });

  it("a saved station replaces its row, a new one is added at the end, without asking again", async () => {
    const { stores, store } = listed([station(3, "Huangpu East", "Guangzhou"), station(14, "Baiyun North", "Guangzhou")]);
    await store.fetch();
    store.keep({ ...station(3, "Huangpu East", "Guangzhou"), now_price: 679 });
    store.keep(station(15, "Tianhe West", "Guangzhou"));
    expect(store.stations.map((s) => [s.id, s.now_price])).toEqual([
      [3, 679],
      [14, exampleDeskStation.now_price],
      [15, exampleDeskStation.now_price],
    ]);
    expect(stores.api.callsTo("deskStations")).toHaveLength(1);
  });

  it("a first load that fails is shown (to retry); a reload that fails keeps the list", async () => {
    const stores = deskStores();
    stores.api.fail("deskStations", new Offline({}));
    const store = new StationsStore(stores.ports);
    await store.fetch();
    expect(store.load.kind).toBe("failed");
    stores.api.on("deskStations", { stations: [exampleDeskStation] });
    await store.fetch();
    expect(store.stations).toHaveLength(1);
    stores.api.fail("deskStations", new Offline({}));
    await store.fetch();
    expect(store.stations).toHaveLength(1);
  });
});
