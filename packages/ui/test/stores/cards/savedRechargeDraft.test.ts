import { MemoryKeyValueStore } from "@fuel/adapters/testing";
import { describe, expect, it } from "vitest";
import { RECHARGE_DRAFT_KEY, readRechargeDraft, writeRechargeDraft, type RechargeDraftFields } from "../../../src/stores/cards/savedRechargeDraft.ts";
import { cardsApp } from "./fixtures.ts";

const DRAFT: RechargeDraftFields = {
  page: "entityRecharge",
  source: "phone",
  picked: { lastNumber: "1234567", team: "珠江物流车队", cardType: "entity", cardNum: "******4567", cardRef: "c-1", status: "normal" },
  typedLastNumber: "",
  typedTeam: "",
  typedType: "entity",
  amountText: "321.5",
  stationId: 3,
  phone: "13800138000",
  secondPhone: "13900139000",
  remark: "after 6pm",
};

/** The kept JSON of DRAFT as an object, to be changed by a case. */
const keptJson = (): Record<string, unknown> => JSON.parse(writeRechargeDraft(DRAFT)) as Record<string, unknown>;

describe("savedRechargeDraft: the card top-up kept in tabValues", () => {
  it("a draft written is read back the same", () => {
    expect(readRechargeDraft(writeRechargeDraft(DRAFT))).toEqual(DRAFT);
  });

  it("no card and no station are kept as null and read back as none", () => {
    const none = { ...DRAFT, picked: undefined, stationId: undefined };
    expect(keptJson()).toMatchObject({ picked: expect.any(Object), stationId: 3 });
    expect(JSON.parse(writeRechargeDraft(none))).toMatchObject({ picked: null, stationId: null });
    expect(readRechargeDraft(writeRechargeDraft(none))).toEqual(none);
  });

  it("a picked card without its optional fields reads without them", () => {
    const bare = { ...DRAFT, picked: { lastNumber: "1234567", team: "珠江物流车队", cardType: "virtual" as const } };
    expect(readRechargeDraft(writeRechargeDraft(bare))?.picked).toEqual(bare.picked);
  });

  it("keys it does not know are dropped, in the card too", () => {
    const kept = { ...keptJson(), legacy: 1, picked: { ...DRAFT.picked, old: "x" } };
    expect(readRechargeDraft(JSON.stringify(kept))).toEqual(DRAFT);
  });

  it.each([
    ["corrupt JSON", '{"page":"entityRecharge",'],
    ["JSON that is no object", '"draft"'],
    ["an unknown page", JSON.stringify({ ...keptJson(), page: "recharge2" })],
    ["an unknown card source", JSON.stringify({ ...keptJson(), source: "qr" })],
    ["a card type outside entity and virtual", JSON.stringify({ ...keptJson(), typedType: "payAsYouGo" })],
    ["a station id as text", JSON.stringify({ ...keptJson(), stationId: "3" })],
    ["a picked card without its team", JSON.stringify({ ...keptJson(), picked: { lastNumber: "1234567", cardType: "entity" } })],
    ["a picked card's status as a number", JSON.stringify({ ...keptJson(), picked: { ...DRAFT.picked, status: 1 } })],
    ["an older shape without the page (before issue 13)", JSON.stringify({ ...keptJson(), page: undefined })],
  ])("%s is no draft, without an error", (_, raw) => {
    expect(readRechargeDraft(raw)).toBeUndefined();
  });

  it("the store opens a fresh draft over a kept draft it cannot read", async () => {
    const root = cardsApp({ ports: { tabValues: new MemoryKeyValueStore({ [RECHARGE_DRAFT_KEY]: JSON.stringify({ ...keptJson(), amountText: 321.5 }) }) } });
    await root.draft.open("entityRecharge");
    expect({ amountText: root.draft.amountText, card: root.draft.card, stationId: root.draft.stationId }).toEqual({ amountText: "", card: undefined, stationId: undefined });
  });
});
