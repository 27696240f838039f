import type { KeyValueStore } from "@fuel/adapters/ports";
import type { Station } from "@fuel/domain/api";
import { isRecord, numbersOk, stringsOk } from "./shape.ts";

/**
 * The last station list the device showed, kept (the `preferences` port) so /stationlist shows
 * it at once on the next visit while the fresh one loads (issue 23). Stations are the public
 * catalogue: nothing of the customer is in it (not the position: the kept order is the one shown
 * last time, nearest first from where the device was). Only the last city shown is kept.
 */
export interface KeptStations {
  readonly city: string;
  /** In the order the list showed them. */
  readonly stations: ReadonlyArray<Station>;
  /** When the list was answered (device clock). */
  readonly savedAt: number;
}

const KEY = "fuel.kept.stations";
/** The format written; an entry of another version reads as nothing kept. */
const VERSION = 1;
/**
 * At most this many stations are kept (about 0.4 KB each, so ~120 KB at most): a bigger city
 * keeps the first ones the list showed, the nearest, which are the ones on the first screen.
 */
export const MAX_KEPT_STATIONS = 300;

const STRINGS = ["city", "title", "address", "shop_image", "sell_type", "code_id", "tel", "business_start_time", "business_end_time"] as const;
const NUMBERS = ["id", "longitude", "latitude", "now_price", "nation_price", "original_price"] as const;

const isStation = (v: unknown): v is Station => isRecord(v) && stringsOk(v, STRINGS) && numbersOk(v, NUMBERS);

/** The kept list, or undefined: none, or anything unreadable (an old format, a hand edit, a full storage's leftovers). */
export const readKeptStations = (store: KeyValueStore): KeptStations | undefined => {
  const raw = store.get(KEY);
  if (raw === null) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    if (!isRecord(v) || v["v"] !== VERSION || typeof v["city"] !== "string" || v["city"] === "") return undefined;
    const { city, savedAt, stations } = v;
    if (typeof savedAt !== "number" || !Number.isFinite(savedAt)) return undefined;
    if (!Array.isArray(stations) || stations.length > MAX_KEPT_STATIONS || !stations.every(isStation)) return undefined;
    return { city, savedAt, stations };
  } catch {
    return undefined;
  }
};

/** Keeps `kept` in place of the city kept before (the first {@link MAX_KEPT_STATIONS} stations). */
export const writeKeptStations = (store: KeyValueStore, kept: KeptStations): void =>
  store.set(KEY, JSON.stringify({ v: VERSION, city: kept.city, savedAt: kept.savedAt, stations: kept.stations.slice(0, MAX_KEPT_STATIONS) }));
