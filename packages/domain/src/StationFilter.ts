import { directed, type Sort } from "./DeskList.ts";
import { isOpenAt, type StationFacts } from "./Station.ts";
import type { EpochMs } from "./Time.ts";

/**
 * The desk's station filters and sorts (issue 34): by city, open or closed now (the customer's
 * own rule, `Station.isOpenAt`, at the time the caller passes), and text in the name or address.
 * The desk filters the loaded list with it and the server filters the CSV export with it, so the
 * file holds exactly the stations the screen shows.
 * @module
 */

/** Whether to keep stations open now, closed now, or both. */
export type OpenFilter = "any" | "open" | "closed";

/** Every {@link OpenFilter}, as the desk lists them. */
export const OPEN_FILTERS: ReadonlyArray<OpenFilter> = ["any", "open", "closed"];

/** The filters; an empty city or text filters nothing. */
export interface StationFilter {
  readonly city: string;
  readonly open: OpenFilter;
  readonly text: string;
}

/** No filter: every station. */
export const NO_STATION_FILTER: StationFilter = { city: "", open: "any", text: "" };

/** What the filters read of a station. */
export interface FilteredStation extends Pick<StationFacts, "business_start_time" | "business_end_time"> {
  readonly id: number;
  readonly city: string;
  readonly title: string;
  readonly address: string;
}

/** Text as the filter compares it: trimmed, lower case (Chinese has no case and stays as it is). */
const folded = (s: string): string => s.trim().toLowerCase();

/**
 * Whether `station` passes `filter` at `now`: its city is the city (exactly, as stations name
 * cities), it is open or closed now as asked, and the text is in its name or address (any case)
 * or is its number.
 */
export const matchesStationFilter = (station: FilteredStation, filter: StationFilter, now: EpochMs): boolean => {
  if (filter.city.trim() !== "" && station.city !== filter.city.trim()) return false;
  if (filter.open !== "any" && isOpenAt(station, now) !== (filter.open === "open")) return false;
  const text = folded(filter.text);
  return text === "" || folded(station.title).includes(text) || folded(station.address).includes(text) || String(station.id) === text;
};

/** The columns the desk's station table sorts by. */
export type StationColumn = "id" | "city" | "title" | "now_price";

/** The station table's columns that sort. */
export const STATION_COLUMNS: ReadonlyArray<StationColumn> = ["id", "city", "title", "now_price"];

/** The list opens in id order, as it always has. */
export const DEFAULT_STATION_SORT: Sort<StationColumn> = { column: "id", direction: "asc" };

/** What the sorts read of a station. */
export interface SortedStation {
  readonly id: number;
  readonly city: string;
  readonly title: string;
  readonly now_price: number;
}

// Text in the desk's language order (Chinese by pinyin in zh, as a person looks for it); ties by id.
const byColumn: { readonly [C in StationColumn]: (a: SortedStation, b: SortedStation) => number } = {
  id: (a, b) => a.id - b.id,
  city: (a, b) => a.city.localeCompare(b.city, "zh-CN") || a.id - b.id,
  title: (a, b) => a.title.localeCompare(b.title, "zh-CN") || a.id - b.id,
  now_price: (a, b) => a.now_price - b.now_price || a.id - b.id,
};

/** The stations in `sort`'s order (a new array). */
export const sortStations = <T extends SortedStation>(stations: ReadonlyArray<T>, sort: Sort<StationColumn>): T[] => [...stations].sort(directed(byColumn[sort.column], sort.direction));

/** The stations passing `filter` at `now`, in `sort`'s order. */
export const selectStations = <T extends SortedStation & FilteredStation>(stations: ReadonlyArray<T>, filter: StationFilter, sort: Sort<StationColumn>, now: EpochMs): T[] =>
  sortStations(
    stations.filter((s) => matchesStationFilter(s, filter, now)),
    sort,
  );
