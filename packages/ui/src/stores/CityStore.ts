import type { AppPorts } from "@fuel/adapters/ports";
import { locationFailed, type Position } from "@fuel/adapters/ports";
import { Constants } from "@fuel/domain";
import type { CityEntry } from "@fuel/domain/api";
import { Effect } from "effect";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { failing, idle, loaded, reloading, valueOf, type Load } from "./Load.ts";
import { describeError } from "./messages.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run } from "./run.ts";
import { storeKind } from "./storeKind.ts";
import { CITY_KEY } from "./cityKey.ts";

export { CITY_KEY };

/** Where the device is: its position, and the city there when the geocoder could name it. */
export interface Located {
  readonly position: Position;
  readonly city: string | undefined;
}

const STATION_LIST = "/stationlist";
const CITY_LIST = "/citylist";

/**
 * Which city the station list shows (spec §2 /stationlist, /citylist): the one picked in /citylist
 * (remembered on the device), else the city the device is in (the `geolocation` and `geocoder`
 * ports, given up after spec §9's 8-10 s), else the catalogue's first city, so a refused location
 * still shows a list. Also the customer's position, from which distances are measured.
 */
export class CityStore {
  location: Load<Located> = idle;
  cities: Load<ReadonlyArray<CityEntry>> = idle;
  picked: string | undefined;
  /** The lookup under way: a second caller waits for it rather than asking the device twice. */
  #locating: Promise<void> | undefined;

  constructor(
    private readonly ports: Pick<AppPorts, "geolocation" | "geocoder" | "stations" | "preferences">,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    this.picked = ports.preferences.get(CITY_KEY) ?? undefined;
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The device's position, when it was found. */
  get position(): Position | undefined {
    return valueOf(this.location)?.position;
  }

  /** The city the device is in, when it is known. */
  get locatedCity(): string | undefined {
    return valueOf(this.location)?.city;
  }

  /** The city whose stations are listed. */
  get city(): string | undefined {
    return this.picked ?? this.locatedCity ?? valueOf(this.cities)?.[0]?.city;
  }

  /** Locating is over, found or not: distances and the order of the list will not change by themselves any more. */
  get settled(): boolean {
    return this.location._tag === "Loaded" || this.location._tag === "Failed";
  }

  get locating(): boolean {
    return this.location._tag === "Loading";
  }

  /**
   * Finds the device's position and its city. Spec §8/§9: a refusal, a failure or no answer within
   * {@link Constants.LOCATION_TIMEOUT_MS} is 'failed to get location', shown as a notice and as text
   * on the page; the list then shows without distances.
   */
  locate(): Promise<void> {
    this.#locating ??= this.#locate().finally(() => (this.#locating = undefined));
    return this.#locating;
  }

  async #locate(): Promise<void> {
    this.location = reloading(this.location);
    const { geolocation, geocoder } = this.ports;
    const found = await run(
      Effect.gen(function* () {
        const position = yield* geolocation.current();
        // A position without a city still gives distances: the city falls back to the picked or first one.
        const city = yield* geocoder.cityOf(position).pipe(Effect.orElseSucceed(() => undefined));
        return { position, city };
      }).pipe(
        Effect.timeoutOrElse({ duration: Constants.LOCATION_TIMEOUT_MS, orElse: () => Effect.fail(locationFailed("timeout")) }),
      ),
    );
    runInAction(() => {
      if (found.ok) {
        this.location = loaded(found.value);
        return;
      }
      // Every reason is worded as the catalogue's LocationFailed (see describeError).
      this.location = failing(this.location, found.error);
      this.notices.show(describeError(found.error, this.i18n), "fail");
    });
  }

  /** Locates once per visit (the kept-alive pages come back to what they found). */
  async ensureLocated(): Promise<void> {
    if (this.location._tag === "Idle" || this.#locating !== undefined) await this.locate();
  }

  /** Makes sure some city is known: the picked one, the located one, or the catalogue's first. */
  async ensureCity(): Promise<void> {
    await this.ensureLocated();
    if (this.city === undefined && this.cities._tag !== "Loading") await this.loadCities();
  }

  /** /citylist opened: the cities once per visit (the kept-alive page shows them again), and the device's city. */
  async openPicker(): Promise<void> {
    await Promise.all([this.cities._tag === "Idle" ? this.loadCities() : undefined, this.ensureLocated()]);
  }

  /** The cities of /citylist with their station counts. */
  async loadCities(): Promise<void> {
    this.cities = reloading(this.cities);
    const answer = await run(this.ports.stations.cities());
    runInAction(() => {
      if (answer.ok) {
        this.cities = loaded(answer.value);
        return;
      }
      this.cities = failing(this.cities, answer.error);
      this.notices.show(describeError(answer.error, this.i18n), "fail");
    });
  }

  /** /citylist: list this city's stations from now on (remembered) and go back to the list. */
  pick(city: string): void {
    this.picked = city;
    this.ports.preferences.set(CITY_KEY, city);
    this.navigation.go(STATION_LIST);
  }

  /**
   * /citylist 'current location': forget the picked city and locate again; back to the list when
   * the device's city is found (otherwise the page says 'failed to get location' and stays).
   */
  async useCurrentLocation(): Promise<void> {
    this.picked = undefined;
    this.ports.preferences.set(CITY_KEY, null);
    await this.locate();
    if (this.locatedCity !== undefined) this.navigation.go(STATION_LIST);
  }

  /** The city header was tapped: to /citylist. */
  changeCity(): void {
    this.navigation.go(CITY_LIST);
  }
}

/** Built the first time a page with stations or the city list opens; kept for the root's life, so the kept-alive /stationlist and /citylist find their city again (./storeKind.ts). */
export const cityStore = storeKind((root) => new CityStore(root.ports, root.i18n, root.notices, root.navigation));
