import { MemoryTokenStore } from "@fuel/adapters/testing";
import { offline, SessionEnded } from "@fuel/adapters/ports";
import type { CardListResponse } from "@fuel/domain/api";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { cardsStore } from "../../../src/stores/cards/CardsStore.ts";
import { readKeptCards, writeKeptCards } from "../../../src/stores/kept/keptCards.ts";
import { ownerOf } from "../../../src/stores/kept/owner.ts";
import { testRoot } from "../../support/render.tsx";
import { ENTITY_A, ENTITY_B, VIRTUAL } from "./fixtures.ts";

const YESTERDAY = Date.parse("2026-11-22T06:05:00Z");
const KEPT: CardListResponse = { entity_list: [ENTITY_A], virtual_list: [] };
const FRESH: CardListResponse = { entity_list: [ENTITY_A, ENTITY_B], virtual_list: [VIRTUAL] };

/** A signed-in customer (token `token`) whose card list answers only when the test says so. */
const signedIn = (token = "token-of-a") => {
  let answer: ((list: CardListResponse) => void) | undefined;
  const root = testRoot({ ports: { tokens: new MemoryTokenStore({ token, activated: true }) } });
  root.ports.api.on("rechargeCardList", () => Effect.promise(() => new Promise<CardListResponse>((resolve) => (answer = resolve))));
  return { root, answer: (list: CardListResponse = FRESH) => answer?.(list) };
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("CardsStore: the list kept on the device for the signed-in customer (issue 23)", () => {
  it("shows the customer's kept list at once, with its date, until the fresh one replaces it", async () => {
    const { root, answer } = signedIn();
    writeKeptCards(root.ports.preferences, { owner: ownerOf("token-of-a"), cards: KEPT, savedAt: YESTERDAY });
    const cards = root.use(cardsStore);
    const loading = cards.load();
    await tick();
    expect(cards.all).toEqual([ENTITY_A]);
    expect(cards.keptAt).toBe(YESTERDAY);
    answer();
    await loading;
    expect(cards.all).toHaveLength(3);
    expect(cards.keptAt).toBeUndefined();
  });

  it("keeps the fresh list under the session's fingerprint, with the time it was answered", async () => {
    const { root, answer } = signedIn();
    const loading = root.use(cardsStore).load();
    await tick();
    answer();
    await loading;
    expect(readKeptCards(root.ports.preferences, ownerOf("token-of-a"))).toEqual({ owner: ownerOf("token-of-a"), cards: FRESH, savedAt: root.ports.clock.now() });
    expect(root.ports.preferences.get("fuel.kept.cards")).not.toContain("token-of-a");
  });

  it("another customer's kept cards are not shown", async () => {
    const { root } = signedIn("token-of-b");
    writeKeptCards(root.ports.preferences, { owner: ownerOf("token-of-a"), cards: KEPT, savedAt: YESTERDAY });
    const cards = root.use(cardsStore);
    void cards.load();
    await tick();
    expect(cards.all).toEqual([]);
    expect(cards.keptAt).toBeUndefined();
    expect(cards.list._tag).toBe("Loading");
  });

  it("signed out, nothing is kept or shown", async () => {
    const root = testRoot();
    root.ports.api.on("rechargeCardList", FRESH);
    await root.use(cardsStore).load();
    expect(root.ports.preferences.get("fuel.kept.cards")).toBeNull();
  });

  it("a failed refresh keeps the kept list on screen with its date", async () => {
    const { root } = signedIn();
    writeKeptCards(root.ports.preferences, { owner: ownerOf("token-of-a"), cards: KEPT, savedAt: YESTERDAY });
    root.ports.api.fail("rechargeCardList", offline());
    const cards = root.use(cardsStore);
    await cards.load();
    expect(cards.list._tag).toBe("Failed");
    expect(cards.all).toEqual([ENTITY_A]);
    expect(cards.keptAt).toBe(YESTERDAY);
  });

  it("logout forgets the kept cards and what is on screen", async () => {
    const { root, answer } = signedIn();
    const cards = root.use(cardsStore);
    const loading = cards.load();
    await tick();
    answer();
    await loading;
    await root.session.logout();
    expect(root.ports.preferences.get("fuel.kept.cards")).toBeNull();
    expect(cards.list._tag).toBe("Idle");
    expect(cards.all).toEqual([]);
  });

  it("the session ending (401) forgets the kept cards", async () => {
    const { root } = signedIn();
    writeKeptCards(root.ports.preferences, { owner: ownerOf("token-of-a"), cards: KEPT, savedAt: YESTERDAY });
    root.session.ended(new SessionEnded({ message: "please sign in again", status: 401 }));
    expect(root.ports.preferences.get("fuel.kept.cards")).toBeNull();
  });

  it("another sign-in in the same tab starts from nothing, not the last customer's cards", async () => {
    const { root, answer } = signedIn();
    const cards = root.use(cardsStore);
    const first = cards.load();
    await tick();
    answer();
    await first;
    await root.session.signedInWith("token-of-b", true);
    expect(cards.all).toEqual([]);
    void cards.load();
    await tick();
    expect(root.ports.api.callsTo("rechargeCardList")).toHaveLength(2);
    expect(cards.all).toEqual([]);
  });

  it("an unreadable kept entry counts as none", async () => {
    const owner = ownerOf("token-of-a");
    const good = { v: 1, owner, savedAt: YESTERDAY, cards: KEPT };
    for (const raw of ["{oops", "null", JSON.stringify({ ...good, v: 7 }), JSON.stringify({ ...good, cards: { entity_list: [{ ...ENTITY_A, card_type: 9 }], virtual_list: [] } }), JSON.stringify({ ...good, cards: { entity_list: "x" } })]) {
      const { root } = signedIn();
      root.ports.preferences.set("fuel.kept.cards", raw);
      const cards = root.use(cardsStore);
      void cards.load();
      await tick();
      expect(cards.all).toEqual([]);
      expect(cards.keptAt).toBeUndefined();
    }
  });
});
