import { offline, ServerRefused } from "@fuel/adapters/ports";
import { examples } from "@fuel/domain/api";
import { describe, expect, it } from "vitest";
import { cardKeyOf, cardsStore, lastDigitsOf } from "../../../src/stores/cards/CardsStore.ts";
import { testRoot } from "../../support/render.tsx";
import { shownFor } from "../../support/failures.ts";

const entity = { card_num: "90001001234567", last_number: "1234567", team: "珠江物流车队", card_type: 1 } as const;
const virtual = { card_num: "90002007654321", last_number: "7654321", team: "珠江物流车队", card_type: 2 } as const;

describe("CardsStore", () => {
  it("is built on first use, once per root", () => {
    const root = testRoot();
    expect(root.use(cardsStore)).toBe(root.use(cardsStore));
    expect(testRoot().use(cardsStore)).not.toBe(root.use(cardsStore));
  });

  it("loads the customer's cards once, entity first, and finds one by its whole number", async () => {
    const root = testRoot();
    root.ports.api.on("rechargeCardList", { entity_list: [entity], virtual_list: [virtual] });
    const cards = root.use(cardsStore);
    await Promise.all([cards.load(), cards.load()]);
    await cards.load();
    expect(root.ports.api.callsTo("rechargeCardList")).toHaveLength(1);
    expect(cards.all.map((c) => c.last_number)).toEqual(["1234567", "7654321"]);
    expect(cards.byNumber("90002007654321")).toEqual(virtual);
    expect(cards.byNumber("7654321")).toBeUndefined();
  });

  it("tells apart two cards of others whose masked numbers are alike by their references (issue 22)", async () => {
    const root = testRoot();
    const a = { card_num: "**********4321", last_number: "4321", team: "珠江物流车队", card_type: 1, card_ref: "41.a" } as const;
    const b = { ...a, card_ref: "42.b" } as const;
    root.ports.api.on("rechargeCardList", { entity_list: [entity, a, b], virtual_list: [] });
    const cards = root.use(cardsStore);
    await cards.load();
    expect(cards.all.map((c) => cardKeyOf(c.card_num, c.card_ref))).toEqual([entity.card_num, "41.a", "42.b"]);
    expect(cards.byKey("42.b")).toEqual(b);
    expect(cards.byKey(entity.card_num)).toEqual(entity);
    expect([lastDigitsOf(a.card_num), lastDigitsOf(entity.card_num)]).toEqual(["4321", "1234567"]);
  });

  it("refresh reads the list again (a bought card appears)", async () => {
    const root = testRoot();
    root.ports.api.on("rechargeCardList", { entity_list: [entity], virtual_list: [] });
    const cards = root.use(cardsStore);
    await cards.load();
    root.ports.api.on("rechargeCardList", { entity_list: [entity], virtual_list: [virtual] });
    await cards.refresh();
    expect(cards.all).toHaveLength(2);
  });

  it("a failed refresh keeps the cards on screen and says why (zh-CN)", async () => {
    const root = testRoot({ locale: "zh-CN" });
    root.ports.api.on("rechargeCardList", examples.rechargeCardList.response);
    const cards = root.use(cardsStore);
    await cards.load();
    root.ports.api.fail("rechargeCardList", offline());
    await cards.refresh();
    expect(cards.list._tag).toBe("Failed");
    expect(shownFor(cards.list, root.i18n)).toBe("网络不可用，请检查网络连接");
    expect(cards.all.length).toBeGreaterThan(0);
  });

  it("markStale makes the next load read the list again (a bought card appears)", async () => {
    const root = testRoot();
    const cards = root.use(cardsStore);
    await cards.load();
    cards.markStale();
    await cards.load();
    expect(root.ports.api.callsTo("rechargeCardList")).toHaveLength(2);
  });
});

describe("CardsStore: the distributor's status of the customer's own cards", () => {
  it("asks once for the cards of the profile's phone and answers a card's status", async () => {
    const root = testRoot();
    root.ports.api.on("rechargeCardsByPhone", [{ cardnum: entity.card_num, phonenum: "13800138000", team: entity.team, status: "frozen" }]);
    const cards = root.use(cardsStore);
    await Promise.all([cards.loadOwnStatus(), cards.loadOwnStatus()]);
    await cards.loadOwnStatus();
    expect(root.ports.api.callsTo("rechargeCardsByPhone").map((c) => c.input)).toEqual([{ phone: "13800138000" }]);
    expect(cards.statusOf(entity.card_num)).toBe("frozen");
    expect(cards.statusOf(virtual.card_num)).toBeUndefined();
  });

  it("waits for the profile another page is loading rather than reading no phone (and asks for it once)", async () => {
    const root = testRoot();
    const cards = root.use(cardsStore);
    const profile = root.session.loadUser();
    await cards.loadOwnStatus();
    await profile;
    expect(root.ports.api.callsTo("userInfo")).toHaveLength(1);
    expect(root.ports.api.callsTo("rechargeCardsByPhone").map((c) => c.input)).toEqual([{ phone: "13800138000" }]);
  });

  it("without a bound phone there is nothing to ask", async () => {
    const root = testRoot();
    root.ports.api.on("userInfo", { ...examples.userInfo.response, phone: null });
    const cards = root.use(cardsStore);
    await cards.loadOwnStatus();
    expect(root.ports.api.callsTo("rechargeCardsByPhone")).toHaveLength(0);
    expect(cards.own).toEqual({ _tag: "Loaded", value: [] });
  });
});

describe("CardsStore: finding cards by phone or team (spec §7)", () => {
  it("by phone asks getRechargeCardByPhone with the phone", async () => {
    const root = testRoot();
    const cards = root.use(cardsStore);
    await cards.find("phone", " 13800138000 ");
    expect(root.ports.api.callsTo("rechargeCardsByPhone").map((c) => c.input)).toEqual([{ phone: "13800138000" }]);
    expect(cards.lookup).toMatchObject({ _tag: "Loaded", value: { by: "phone", query: "13800138000", cards: examples.rechargeCardsByPhone.response } });
  });

  it("by team asks getcardnumbyteam with the team", async () => {
    const root = testRoot();
    const cards = root.use(cardsStore);
    await cards.find("team", "Pearl River Logistics");
    expect(root.ports.api.callsTo("rechargeCardsByTeam").map((c) => c.input)).toEqual([{ team: "Pearl River Logistics" }]);
    expect(cards.lookup).toMatchObject({ _tag: "Loaded", value: { by: "team", cards: examples.rechargeCardsByTeam.response } });
  });

  it("a phone that is not one is refused with 'enter a correct phone number', without asking", async () => {
    const root = testRoot();
    const cards = root.use(cardsStore);
    await cards.find("phone", "1380013");
    expect(root.ports.api.callsTo("rechargeCardsByPhone")).toHaveLength(0);
    expect(cards.lookup._tag).toBe("Failed");
    expect(shownFor(cards.lookup, root.i18n)).toBe("enter a correct phone number");
  });

  it("a failed look-up keeps the earlier answer and says why (the server's words)", async () => {
    const root = testRoot();
    const cards = root.use(cardsStore);
    await cards.find("team", "Pearl River Logistics");
    root.ports.api.fail("rechargeCardsByTeam", new ServerRefused({ message: "too many card look-ups, try again in a minute", status: 429, tag: undefined }));
    await cards.find("team", "Other team");
    expect(cards.lookup).toMatchObject({ _tag: "Failed", previous: { query: "Pearl River Logistics" } });
    expect(shownFor(cards.lookup, root.i18n)).toBe("too many card look-ups, try again in a minute");
  });
});
