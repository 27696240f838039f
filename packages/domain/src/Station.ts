import { DIESEL_0 } from "./Constants.ts";
import { distanceMetres, distanceText, sortByDistance, type LngLat } from "./Distance.ts";
import { discountPerLitre, drop, savingPerLitreAgainstNational } from "./pricing/perLitre.ts";
import { chinaMinuteOfDay, parseClockTime, type EpochMs } from "./Time.ts";

/**
 * A gas station's computed fields (spec §3): drop, discount, distance, what it sells, whether it
 * is open. Prices are integer cents per litre; coordinates GCJ-02.
 * @module
 */

/** The stored fields these rules read (a subset of the wire `Station`). */
export interface StationFacts extends LngLat {
  readonly now_price: number;
  readonly nation_price: number;
  readonly original_price: number;
  readonly sell_type: string;
  readonly business_start_time: string;
  readonly business_end_time: string;
}

/** What a station row shows besides its stored fields. */
export interface StationComputed {
  /** national - original, cents per litre. */
  readonly drop: number;
  /** original - now, cents per litre. */
  readonly discount: number;
  /** national - now: what buying from us saves per litre against national (`Pricing.savingPerLitreAgainstNational`). */
  readonly saving: number;
  /** metres from the customer, or undefined when either position is unknown. */
  readonly distance: number | undefined;
  /** "850m", "12.3km" or the unknown-distance text. */
  readonly distanceText: string;
}

/** Spec §3: "0#;92#" -> ["0#", "92#"]; blanks and duplicates dropped, order kept. */
export const sellTypes = (sellType: string): string[] => {
  const seen = new Set<string>();
  for (const part of sellType.split(/[;；]/)) {
    const t = part.trim();
    if (t !== "") seen.add(t);
  }
  return [...seen];
};

/** Spec §1/§5: only diesel 0# can be bought, so a station must list it. */
export const sellsDiesel = (station: Pick<StationFacts, "sell_type">): boolean =>
  sellTypes(station.sell_type).includes(DIESEL_0);

/**
 * Open around the clock: "00:00"-"24:00", equal start and end, or hours missing or unreadable
 * (which {@link isOpenAt} counts as open), so the card says 'open 24 hours' rather than odd times.
 */
export const isOpenAllDay = (station: Pick<StationFacts, "business_start_time" | "business_end_time">): boolean => {
  const start = parseClockTime(station.business_start_time);
  const end = parseClockTime(station.business_end_time);
  return start === undefined || end === undefined || start % 1440 === end % 1440;
};

/**
 * Whether the station is open at `now` (China time). Hours past midnight ("22:00"-"06:00") wrap;
 * equal start and end mean open all day. Unreadable hours count as open: we would rather let a
 * customer see a station than hide one because of a typo in the catalogue.
 */
export const isOpenAt = (station: Pick<StationFacts, "business_start_time" | "business_end_time">, now: EpochMs): boolean => {
  if (isOpenAllDay(station)) return true;
  const start = parseClockTime(station.business_start_time) as number;
  const end = parseClockTime(station.business_end_time) as number;
  const t = chinaMinuteOfDay(now);
  return start < end ? t >= start && t < end : t >= start || t < end;
};

/** All computed fields at once, for the station list and the one-key page. */
export const computeStation = (station: StationFacts, from: LngLat | null | undefined, unknownDistanceText: string): StationComputed => {
  const distance = distanceMetres(from, station);
  return {
    drop: drop(station.nation_price, station.original_price),
    discount: discountPerLitre(station.original_price, station.now_price),
    saving: savingPerLitreAgainstNational(station),
    distance,
    distanceText: distanceText(distance, unknownDistanceText),
  };
};

const clockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * When a station that is closed at `now` opens again, as "HH:mm" China time (its opening time, so
 * "7:00" reads "07:00"); `undefined` when it is open ({@link isOpenAt}). The card's 'closed · opens
 * 07:00' and the order form's notice both read this, so they never disagree with the open tag.
 */
export const opensAt = (station: Pick<StationFacts, "business_start_time" | "business_end_time">, now: EpochMs): string | undefined => {
  if (isOpenAt(station, now)) return undefined;
  // Closed implies both times were readable (unreadable hours count as open).
  return clockText(parseClockTime(station.business_start_time) as number);
};

/** How the station list is ordered: nearest first (spec §9), or cheapest of our prices first. */
export type StationSort = "distance" | "price";

/** The list's choices: the order, and whether to show only the stations open at `now`. */
export interface StationListChoice {
  readonly sort: StationSort;
  readonly openNowOnly: boolean;
}

/**
 * The station list as shown (issue 25): stations that sell diesel first (only diesel can be
 * bought, spec §1), then the others; within each group nearest first (spec §9) or, sorted by
 * price, cheapest of our prices first with equal prices nearest first; with `openNowOnly`, only the
 * stations open at `now`. With no known position the distance order is the input's order (the
 * caller's fallback, e.g. by name). Stable: equal stations keep their input order.
 */
export const arrangeStations = <T extends StationFacts>(
  stations: ReadonlyArray<T>,
  choice: StationListChoice,
  from: LngLat | null | undefined,
  now: EpochMs,
): T[] => {
  const nearest = from == null ? [...stations] : sortByDistance(stations, from);
  const shown = choice.openNowOnly ? nearest.filter((s) => isOpenAt(s, now)) : nearest;
  // Array.prototype.sort is stable (ES2019): ties keep the nearest-first order.
  const ordered = choice.sort === "price" ? [...shown].sort((a, b) => a.now_price - b.now_price) : shown;
  return [...ordered.filter((s) => sellsDiesel(s)), ...ordered.filter((s) => !sellsDiesel(s))];
};
