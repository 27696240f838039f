import { FakeGeocoder, FakeGeolocation, MemoryKeyValueStore } from "@fuel/adapters/testing";
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { FUEL_DRAFT_KEY, fuelDraftStore } from "../../src/stores/FuelDraftStore.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";
import { testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations } from "../support/stations.ts";

/** The app as it starts in a tab whose storage is `tab` (a first load, or a reload of the same tab). */
const appIn = (tab: MemoryKeyValueStore) => {
  const root = testRoot({ ports: { tabValues: tab, geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES) } });
  runInAction(() => {
    for (const s of guangzhouStations) root.use(stationsStore).known.set(s.id, s);
  });
  return root;
};

describe("the fuel draft is kept as it is typed (issue 25)", () => {
  it("a reload of /oneKeyGas before Continue keeps the station, amount and remark", async () => {
    const tab = new MemoryKeyValueStore();
    const draft = appIn(tab).use(fuelDraftStore);
    await draft.open(3);
    draft.setAmount("1500");
    draft.setRemark("after 6pm");
    const reloaded = appIn(tab).use(fuelDraftStore);
    expect({ stationId: reloaded.stationId, amountText: reloaded.amountText, remark: reloaded.remark }).toEqual({ stationId: 3, amountText: "1500", remark: "after 6pm" });
  });

  it("a reload of the checklist (/order) shows the same draft, amount and station", async () => {
    const tab = new MemoryKeyValueStore();
    const draft = appIn(tab).use(fuelDraftStore);
    await draft.open(3);
    draft.setAmount("1500");
    draft.proceed();
    const reloaded = appIn(tab).use(fuelDraftStore);
    await reloaded.openChecklist("wechat");
    expect(reloaded.confirmed).toMatchObject({ amount: 150_000, station: { id: 3 } });
  });

  it("a settled order leaves nothing kept: the next load starts afresh", async () => {
    const tab = new MemoryKeyValueStore();
    const draft = appIn(tab).use(fuelDraftStore);
    await draft.open(3);
    draft.setAmount("1500");
    draft.clear();
    expect(tab.get(FUEL_DRAFT_KEY)).toBeNull();
    expect(appIn(tab).use(fuelDraftStore).amountText).toBe("");
  });
});
