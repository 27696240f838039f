import { Offline } from "@fuel/adapters/ports";
import { exampleDeskStation, type DeskStation } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { STATIONS_PAGE, StationsStore } from "../../../src/desk/stores/places/StationsStore.ts";
import { deskStores } from "../support/renderDesk.tsx";

const station = (id: number, title: string, city: string): DeskStation => ({ ...exampleDeskStation, id, title, city });

const listed = (stations: ReadonlyArray<DeskStation>) => {
  const stores = deskStores();
  stores.api.on("deskStations", { stations });
  return { stores, store: new StationsStore(stores.ports) };
};

describe("the admin's station list (issue 26)", () => {
  it("loads every station once and finds them by name, city or number, in any case", async () => {
    const { store } = listed([station(3, "Huangpu East", "Guangzhou"), station(14, "Baiyun North", "Guangzhou"), station(21, "Futian Centre", "Shenzhen")]);
    expect(store.load.kind).toBe("loading");
    await store.fetch();
    expect(store.shown.map((s) => s.id)).toEqual([3, 14, 21]);
    store.setQuery("baiyun");
    expect(store.shown.map((s) => s.id)).toEqual([14]);
    store.setQuery(" SHENZHEN ");
    expect(store.shown.map((s) => s.id)).toEqual([21]);
    store.setQuery("14");
    expect(store.shown.map((s) => s.id)).toEqual([14]);
    store.setQuery("nowhere");
    expect(store.matching).toEqual([]);
  });

  it("shows a long list a page at a time; a new search starts at the first page", async () => {
    const many = Array.from({ length: STATIONS_PAGE * 2 + 5 }, (_, i) => station(i + 1, `Station ${i + 1}`, "Guangzhou"));
    const { store } = listed(many);
    await store.fetch();
    expect(store.shown).toHaveLength(STATIONS_PAGE);
    expect(store.hiddenCount).toBe(STATIONS_PAGE + 5);
    store.showMore();
    store.showMore();
    expect(store.shown).toHaveLength(many.length);
    expect(store.hiddenCount).toBe(0);
    store.setQuery("Station");
    expect(store.shown).toHaveLength(STATIONS_PAGE);
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
