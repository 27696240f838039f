import { CityEntry, Station, type CityListResponse, type StationListResponse } from "@fuel/domain/api";
import { Schema } from "effect";
import type { Database } from "../db/client.ts";
import { TtlCache } from "./cache.ts";
import { findStation, listCities, readSiteSettings, stationsOfCity, stationToWire, type SiteSettingsRow, type StationRow } from "./stations.ts";

/** How long an operator's catalogue change may take to reach customers (and new orders). */
export const CATALOGUE_TTL_MS = 5_000;

/**
 * The catalogue as the server reads it, through short-lived caches: the lists customers browse and
 * the rows order creation prices from. A new order is priced from the same (at most 5 s old)
 * station row the customer was shown, so on PGlite creating an order costs no catalogue query.
 * Caches run on wall-clock time: moving the sandbox clock must not freeze or flush them.
 *
 * A row the customers' answers cannot carry (written around the import's rules: a hand-made SQL
 * change, an older version with looser limits) is left out of the lists rather than failing the
 * whole answer with a 500 (issue 34); the desk still lists it, and saving it asks for a fix.
 */
const servableCity = Schema.is(CityEntry);
const servableStation = Schema.is(Station);

export class Catalogue {
  readonly #cities = new TtlCache<CityListResponse>(CATALOGUE_TTL_MS, Date.now);
  readonly #cityStations = new TtlCache<StationListResponse>(CATALOGUE_TTL_MS, Date.now);
  readonly #stations = new TtlCache<StationRow | undefined>(CATALOGUE_TTL_MS, Date.now);
  readonly #settings = new TtlCache<SiteSettingsRow | undefined>(CATALOGUE_TTL_MS, Date.now);

  constructor(private readonly db: Database) {}

  cities(): Promise<CityListResponse> {
    return this.#cities.get("", async () => (await listCities(this.db)).filter(servableCity));
  }

  stationsOfCity(city: string): Promise<StationListResponse> {
    return this.#cityStations.get(city, async () => (await stationsOfCity(this.db, city)).map(stationToWire).filter(servableStation));
  }

  station(id: number): Promise<StationRow | undefined> {
    return this.#stations.get(String(id), () => findStation(this.db, id));
  }

  settings(): Promise<SiteSettingsRow | undefined> {
    return this.#settings.get("", () => readSiteSettings(this.db));
  }

  /** Forgets everything (tests; an operator's write in this process). */
  clear(): void {
    this.#cities.clear();
    this.#cityStations.clear();
    this.#stations.clear();
    this.#settings.clear();
  }
}
