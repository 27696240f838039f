import type { AppPorts } from "@fuel/adapters/ports";
import type { ScriptedApi } from "@fuel/adapters/testing";
import type { Messages } from "@fuel/domain";
import { examples, type CardInfo, type CardListEntry, type WebInfo } from "@fuel/domain/api";
import { runInAction } from "mobx";
import { cardCheckoutStore } from "../../../src/stores/cards/CardCheckoutStore.ts";
import { cardPurchaseStore } from "../../../src/stores/cards/CardPurchaseStore.ts";
import { cardsStore } from "../../../src/stores/cards/CardsStore.ts";
import { rechargeDraftStore } from "../../../src/stores/cards/RechargeDraftStore.ts";
import { testRoot } from "../../support/render.tsx";
import { guangzhouStations } from "../../support/stations.ts";
import { stationsStore } from "../../../src/stores/StationsStore.ts";

/** The customer's cards: two entity cards and a virtual one, of one team. */
export const ENTITY_A: CardListEntry = { card_num: "1000111234567", last_number: "1234567", team: "珠江物流车队", card_type: 1 };
export const ENTITY_B: CardListEntry = { card_num: "1000112345678", last_number: "2345678", team: "珠江物流车队", card_type: 1 };
export const VIRTUAL: CardListEntry = { card_num: "9000117654321", last_number: "7654321", team: "珠江物流车队", card_type: 2 };

/** The distributor's register for the customer's phone (whole numbers: they are the customer's own cards). */
export const OWN_CARDS: ReadonlyArray<CardInfo> = [
  { cardnum: ENTITY_A.card_num, phonenum: "13800138000", team: ENTITY_A.team, status: "normal" },
  { cardnum: ENTITY_B.card_num, phonenum: "13800138000", team: ENTITY_B.team, status: "frozen" },
  { cardnum: VIRTUAL.card_num, phonenum: "13800138000", team: VIRTUAL.team, status: "normal" },
];

/** Site settings whose two card prices differ, so a test sees which one priced the payable. */
export const WEB_INFO: WebInfo = { ...examples.webInfo.response, price_0_original: 800, price_0_shiti: 711, price_0_xuni: 690 };

type RootOptions = { readonly ports?: Partial<Omit<AppPorts, "api">> & { readonly api?: ScriptedApi }; readonly locale?: Messages.Locale };

/** An app with the customer's cards, the site settings and the Guangzhou stations known (as after /stationlist). */
export const cardsApp = (options: RootOptions = {}) => {
  const root = testRoot(options);
  root.ports.api.on("rechargeCardList", { entity_list: [ENTITY_A, ENTITY_B], virtual_list: [VIRTUAL] });
  root.ports.api.on("rechargeCardsByPhone", OWN_CARDS);
  root.ports.api.on("webInfo", WEB_INFO);
  runInAction(() => {
    for (const s of guangzhouStations) root.use(stationsStore).known.set(s.id, s);
  });
  return Object.assign(root, {
    cards: root.use(cardsStore),
    draft: root.use(rechargeDraftStore),
    checkout: root.use(cardCheckoutStore),
    purchase: root.use(cardPurchaseStore),
  });
};

export type CardsApp = ReturnType<typeof cardsApp>;

/** Forgets the navigation a store asked for, as the shell does once it followed it. */
export const followed = (root: CardsApp): string | undefined => {
  const pending = root.navigation.pending;
  if (pending !== undefined) root.navigation.done(pending.id);
  return pending?.to;
};

/** /recharge2 filled in: entity card A, `amount` yuan, station 3 chosen; on the checklist. */
export const entityDraft = async (root: CardsApp, amount = "500"): Promise<void> => {
  await root.draft.open("entityRecharge");
  root.draft.pickListed(ENTITY_A);
  root.draft.setAmount(amount);
  const station = root.use(stationsStore).station(3);
  if (station !== undefined) root.draft.chooseStation(station);
  followed(root);
  root.draft.proceed();
  followed(root);
};
