import { FakeGeocoder, FakeGeolocation, MemoryKeyValueStore } from "@fuel/adapters/testing";
import { Money, Pricing } from "@fuel/domain";
import { amountCents, discountedPrices } from "@fuel/domain/testing";
import { Effect } from "effect";
import fc from "fast-check";
import { runInAction } from "mobx";
import { describe, expect, it } from "vitest";
import { FUEL_DRAFT_KEY, fuelDraftStore } from "../../src/stores/FuelDraftStore.ts";
import { testRoot } from "../support/render.tsx";
import { CITY_CENTRES, GUANGZHOU, guangzhouStations, station } from "../support/stations.ts";
import { stationsStore } from "../../src/stores/StationsStore.ts";
import { shownFor } from "../support/failures.ts";

/** An app whose station list already showed the Guangzhou stations (as after /stationlist). */
const appWithStations = (tabValues = new MemoryKeyValueStore(), locale: "en" | "zh-CN" = "en") => {
  const root = testRoot({ ports: { tabValues, geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES) }, locale });
  root.ports.api.on("cityStations", (input) => Effect.succeed(input.city === "广州市" ? guangzhouStations : []));
  runInAction(() => {
    for (const s of guangzhouStations) root.use(stationsStore).known.set(s.id, s);
  });
  return root;
};

describe("FuelDraftStore: the one-key draft (spec §2 /oneKeyGas, §5)", () => {
  it("the breakdown is Pricing.quote of the typed amount at the station's prices, for any amount and prices", async () => {
    await fc.assert(
      fc.asyncProperty(amountCents(), discountedPrices, async (amount, prices) => {
        const root = testRoot();
        runInAction(() => root.use(stationsStore).known.set(7, station({ id: 7, now_price: prices.now, original_price: prices.original, nation_price: prices.national })));
        await root.use(fuelDraftStore).open(7);
        root.use(fuelDraftStore).setAmount(Money.formatCents(amount));
        const expected = Pricing.quote(amount, prices.now, prices.original);
        expect(root.use(fuelDraftStore).quote).toEqual(expected.payable >= 1 ? expected : undefined);
      }),
      { numRuns: 60 },
    );
  });

  it("shows no breakdown while the amount does not read as one", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(3);
    for (const text of ["", "abc", "1.234", "10000.01"]) {
      root.use(fuelDraftStore).setAmount(text);
      expect(root.use(fuelDraftStore).quote).toBeUndefined();
    }
  });

  it("takes the station the list showed without asking the server", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(3);
    expect(root.use(fuelDraftStore).station).toMatchObject({ _tag: "Loaded", value: { id: 3, title: "天河北加油站" } });
    expect(root.ports.api.callsTo("cityStations")).toHaveLength(0);
  });

  it("loads a station the list never showed from the remembered city's stations", async () => {
    const root = testRoot({ ports: { geolocation: new FakeGeolocation(GUANGZHOU), geocoder: new FakeGeocoder(CITY_CENTRES) } });
    root.ports.api.on("cityStations", (input) => Effect.succeed(input.city === "广州市" ? guangzhouStations : []));
    await root.use(fuelDraftStore).open(1);
    expect(root.use(fuelDraftStore).station).toMatchObject({ _tag: "Loaded", value: { id: 1 } });
  });

  it("an unknown station reads 'station not found'", async () => {
    const root = appWithStations();
    root.ports.api.on("cityList", []);
    await root.use(fuelDraftStore).open(999);
    expect(root.use(fuelDraftStore).station).toMatchObject({ _tag: "Failed", previous: undefined });
    expect(shownFor(root.use(fuelDraftStore).station, root.i18n)).toBe("station not found");
  });

  it("fills the phone from the profile", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(3);
    expect(root.use(fuelDraftStore).phone).toBe("13800138000");
  });

  it("offers 0# and shows 92#, 95#, 98# as not buyable (spec §1)", () => {
    expect(appWithStations().use(fuelDraftStore).fuelTypes).toEqual([
      { gasType: "0#", buyable: true },
      { gasType: "92#", buyable: false },
      { gasType: "95#", buyable: false },
      { gasType: "98#", buyable: false },
    ]);
  });

  it("a quick amount fills the field with whole yuan", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(3);
    root.use(fuelDraftStore).pickQuickAmount(200);
    expect(root.use(fuelDraftStore).amountText).toBe("200");
    expect(root.use(fuelDraftStore).quote).toEqual(Pricing.quote(Money.fromYuan(200), 698, 745));
  });

  it("another station starts with an empty amount", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(3);
    root.use(fuelDraftStore).setAmount("200");
    await root.use(fuelDraftStore).open(1);
    expect(root.use(fuelDraftStore).amountText).toBe("");
  });
});

describe("FuelDraftStore: messages (spec §5)", () => {
  const typed = async (text: string, locale: "en" | "zh-CN" = "en") => {
    const root = appWithStations(new MemoryKeyValueStore(), locale);
    await root.use(fuelDraftStore).open(3);
    root.use(fuelDraftStore).setAmount(text);
    root.use(fuelDraftStore).touch();
    return root;
  };

  it("says nothing before the customer leaves the field or continues", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(3);
    expect(root.use(fuelDraftStore).amountError).toBeUndefined();
  });

  it("an empty amount reads 'amount cannot be empty'", async () => {
    expect((await typed("")).use(fuelDraftStore).amountError).toBe("amount cannot be empty");
  });

  it("more than 10000 yuan reads 'cannot exceed 10000 yuan'", async () => {
    expect((await typed("10000.01")).use(fuelDraftStore).amountError).toBe("cannot exceed 10000 yuan");
  });

  it("exactly 10000 yuan is accepted", async () => {
    expect((await typed("10000")).use(fuelDraftStore).amountError).toBeUndefined();
  });

  it("more than two decimals reads 'amount can have at most 2 decimal places'", async () => {
    expect((await typed("12.345")).use(fuelDraftStore).amountError).toBe("amount can have at most 2 decimal places");
  });

  it("zero reads 'amount must be more than 0'", async () => {
    expect((await typed("0")).use(fuelDraftStore).amountError).toBe("amount must be more than 0");
  });

  it("the messages are in the customer's language", async () => {
    expect((await typed("", "zh-CN")).use(fuelDraftStore).amountError).toBe("金额不能为空");
    expect((await typed("10001", "zh-CN")).use(fuelDraftStore).amountError).toBe("不能超过10000元");
  });

  it("a phone shorter than 11 digits reads 'enter a correct phone number'", async () => {
    const root = await typed("200");
    root.use(fuelDraftStore).setPhone("1380013");
    expect(root.use(fuelDraftStore).phoneError).toBe("enter a correct phone number");
  });
});

describe("FuelDraftStore: continue", () => {
  it("continues to /order with a valid draft", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(3);
    root.use(fuelDraftStore).setAmount("200");
    root.use(fuelDraftStore).proceed();
    expect(root.navigation.pending?.to).toBe("/order");
    expect(root.use(fuelDraftStore).confirmed).toMatchObject({ amount: 20_000, phone: "13800138000", paytype: "wechat", station: { id: 3 } });
  });

  it("continues to /orderNew for the FY channel", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(3, "fy");
    root.use(fuelDraftStore).setAmount("200");
    root.use(fuelDraftStore).proceed();
    expect(root.navigation.pending?.to).toBe("/orderNew");
  });

  it("does not continue with an empty amount, and says why", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(3);
    root.use(fuelDraftStore).proceed();
    expect(root.navigation.pending).toBeUndefined();
    expect(root.use(fuelDraftStore).amountError).toBe("amount cannot be empty");
  });

  it("a station without 0# reads 'this station cannot buy diesel for now' and does not continue", async () => {
    const root = appWithStations();
    await root.use(fuelDraftStore).open(2);
    root.use(fuelDraftStore).setAmount("200");
    root.use(fuelDraftStore).proceed();
    expect(root.use(fuelDraftStore).sellsDiesel).toBe(false);
    expect(root.notices.latest).toMatchObject({ text: "this station cannot buy diesel for now", kind: "fail" });
    expect(root.navigation.pending).toBeUndefined();
  });

  it("the draft survives a reload of the tab (tabValues)", async () => {
    const tab = new MemoryKeyValueStore();
    const first = appWithStations(tab);
    await first.use(fuelDraftStore).open(3);
    first.use(fuelDraftStore).setAmount("123.45");
    first.use(fuelDraftStore).setRemark("after 6pm");
    first.use(fuelDraftStore).proceed();
    const reloaded = appWithStations(tab);
    await reloaded.use(fuelDraftStore).openChecklist("wechat");
    expect(reloaded.use(fuelDraftStore).confirmed).toMatchObject({ amount: 12_345, remark: "after 6pm", station: { id: 3 } });
  });

  it("clearing forgets the kept draft", async () => {
    const tab = new MemoryKeyValueStore();
    const root = appWithStations(tab);
    await root.use(fuelDraftStore).open(3);
    root.use(fuelDraftStore).setAmount("200");
    root.use(fuelDraftStore).proceed();
    root.use(fuelDraftStore).clear();
    expect(tab.get(FUEL_DRAFT_KEY)).toBeNull();
  });
});

describe("FuelDraftStore: the draft kept in tabValues is read back only in its shape", () => {
  const KEPT = { stationId: 3, amountText: "123.45", phone: "13800138000", remark: "after 6pm", paytype: "fy" };
  const reloadedWith = (raw: string) => appWithStations(new MemoryKeyValueStore({ [FUEL_DRAFT_KEY]: raw })).use(fuelDraftStore);
  const fields = (draft: ReturnType<typeof reloadedWith>) => ({ stationId: draft.stationId, amountText: draft.amountText, phone: draft.phone, remark: draft.remark, paytype: draft.paytype });
  const FRESH = { stationId: undefined, amountText: "", phone: "", remark: "", paytype: "wechat" };

  it("a kept draft of the shape is the draft", () => {
    expect(fields(reloadedWith(JSON.stringify(KEPT)))).toEqual(KEPT);
  });

  it("a kept draft with keys it does not know (a newer or older app's) is still the draft", () => {
    expect(fields(reloadedWith(JSON.stringify({ ...KEPT, gasType: "0#" })))).toEqual(KEPT);
  });

  it.each([
    ["corrupt JSON", '{"stationId":3,"amountText":'],
    ["a station id as text", JSON.stringify({ ...KEPT, stationId: "3" })],
    ["an amount as a number", JSON.stringify({ ...KEPT, amountText: 123.45 })],
    ["an unknown channel", JSON.stringify({ ...KEPT, paytype: "alipay" })],
    ["an older shape without the channel", JSON.stringify({ stationId: 3, amountText: "123.45", phone: "13800138000", remark: "" })],
  ])("%s starts a fresh draft, without an error", (_, raw) => {
    expect(fields(reloadedWith(raw))).toEqual(FRESH);
  });
});
