import type { KeyValueStore } from "@fuel/adapters/ports";
import type { CardListEntry, CardListResponse } from "@fuel/domain/api";
import { KEPT_CARDS_KEY } from "./keptCardsKey.ts";
import { isRecord, optionalStringsOk, stringsOk } from "./shape.ts";

/**
 * The customer's card list as last answered, kept on the device (the `preferences` port) so a
 * card page shows it at once on the next visit while the fresh one loads (issue 23). One entry,
 * for one customer: it is written under the session's fingerprint (./owner.ts), read only
 * under the same one, and forgotten on logout and when the session ends (SessionStore).
 */
export interface KeptCards {
  /** `ownerOf(token)` of the session that loaded the list. */
  readonly owner: string;
  readonly cards: CardListResponse;
  /** When the list was answered (device clock). */
  readonly savedAt: number;
}

/** The format written; an entry of another version reads as nothing kept. */
const VERSION = 1;
/** A list longer than this is not kept: the storage stays small (a customer has a handful of cards). */
export const MAX_KEPT_CARDS = 200;

const CARD_TYPES: ReadonlySet<unknown> = new Set([1, 2, 3]);

const isEntry = (v: unknown): v is CardListEntry =>
  isRecord(v) && stringsOk(v, ["card_num", "last_number", "team"]) && CARD_TYPES.has(v["card_type"]) && optionalStringsOk(v, ["card_ref"]);

const isEntries = (v: unknown): v is ReadonlyArray<CardListEntry> => Array.isArray(v) && v.length <= MAX_KEPT_CARDS && v.every(isEntry);

/** The kept list of `owner`, or undefined: none, another customer's, or anything unreadable (an old format, a hand edit). */
export const readKeptCards = (store: KeyValueStore, owner: string): KeptCards | undefined => {
  const raw = store.get(KEPT_CARDS_KEY);
  if (raw === null) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    if (!isRecord(v) || v["v"] !== VERSION || v["owner"] !== owner || typeof v["savedAt"] !== "number" || !Number.isFinite(v["savedAt"])) return undefined;
    const cards = v["cards"];
    if (!isRecord(cards) || !isEntries(cards["entity_list"]) || !isEntries(cards["virtual_list"])) return undefined;
    return { owner, savedAt: v["savedAt"], cards: { entity_list: cards["entity_list"], virtual_list: cards["virtual_list"] } };
  } catch {
    return undefined;
  }
};

/** Keeps `kept` in place of whatever was kept (one customer's list at a time); a list too long to keep is not. */
export const writeKeptCards = (store: KeyValueStore, kept: KeptCards): void => {
  const { entity_list, virtual_list } = kept.cards;
  if (entity_list.length > MAX_KEPT_CARDS || virtual_list.length > MAX_KEPT_CARDS) {
    store.set(KEPT_CARDS_KEY, null);
    return;
  }
  store.set(KEPT_CARDS_KEY, JSON.stringify({ v: VERSION, owner: kept.owner, savedAt: kept.savedAt, cards: { entity_list, virtual_list } }));
};
