import type { AppPorts } from "@fuel/adapters/ports";
import { Distance, Station as StationRules } from "@fuel/domain";
import type { Station } from "@fuel/domain/api";
import { Effect } from "effect";
import { makeAutoObservable, observable, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { cityStore, type CityStore } from "./CityStore.ts";
import { readKeptStations, writeKeptStations } from "./kept/keptStations.ts";
import { failed, idle, loaded, loading, valueOf, type Load } from "./Load.ts";
import { describeError } from "./messages.ts";
import type { NavigationStore } from "./NavigationStore.ts";
import type { NoticeStore } from "./NoticeStore.ts";
import { run } from "./run.ts";
import { storeKind } from "./storeKind.ts";

/** One card of the station list: the station and what the domain computes from it. */
export interface StationRow {
  readonly station: Station;
  /** Drop, discount, distance and its text (`Station.computeStation`). */
  readonly computed: StationRules.StationComputed;
  /** Spec §5: only a station that sells 0# can be fuelled at. */
  readonly sellsDiesel: boolean;
  readonly openNow: boolean;
  /** When a closed station opens ("07:00", `Station.opensAt`); undefined when open. */
  readonly opensAt: string | undefined;
}

/** The stations of one city, as last answered. */
export interface CityStations {
  readonly city: string;
  readonly stations: ReadonlyArray<Station>;
  /**
   * Set on the copy kept on the device from an earlier visit (./kept/keptStations.ts): when it was
   * answered. Shown at once, in the order it was shown then, until the fresh answer replaces it.
   */
  readonly savedAt?: number;
}

/** The one-key fuel page of a station (spec §2 /oneKeyGas). */
export const goFuelPath = (id: number): string => `/oneKeyGas?station_id=${id}`;
/** The route map of a station (spec §2 /stationmap). */
export const routeMapPath = (id: number): string => `/stationmap?station_id=${id}`;

// Built on first use: a zh-CN collator's first construction loads collation data (~100 ms on a 4x
// slower CPU, one long task at start), and a located list, the usual case, is ordered by distance.
let collator: Intl.Collator | undefined;
const byName = (): Intl.Collator => (collator ??= new Intl.Collator("zh-CN"));

/**
 * The station list (spec §2 /stationlist): the stations of the city {@link CityStore} chose, each
 * with the domain's computed fields, nearest first (`Distance.sortByDistance`), by name when the
 * position is unknown. Every station ever loaded is kept by id, so /stationmap needs no request
 * for a station the list showed (it works offline once loaded).
 */
export class StationsStore {
  list: Load<CityStations> = idle;
  /**
   * /stationlist's order and 'open now' filter: only the choice; the order itself is the domain's
   * (`Station.arrangeStations`). Kept for the app's life, so it survives a visit to a station.
   */
  choice: StationRules.StationListChoice = { sort: "distance", openNowOnly: false };
  readonly known = observable.map<number, Station>();
  /** The city whose stations are being asked for, and that request's end. */
  #loading: { readonly city: string; readonly done: Promise<void> } | undefined;
  /** When the list on screen was answered, for the copy kept on the device. */
  #answeredAt = 0;
  /** The answer last written to the device: a page coming back does not write it again. */
  #keptAnswer = -1;

  constructor(
    private readonly ports: Pick<AppPorts, "stations" | "clock" | "navigator" | "preferences">,
    private readonly cities: CityStore,
    private readonly i18n: I18nStore,
    private readonly notices: NoticeStore,
    private readonly navigation: NavigationStore,
  ) {
    makeAutoObservable(this, { known: false }, { autoBind: true });
  }

  /**
   * The cards to show, or undefined while there is nothing final to show: the stations are not in
   * yet, or the position may still arrive and reorder them (nothing jumps once fresh cards are
   * shown). The copy kept from an earlier visit is the exception (issue 23: something at once on a
   * weak network): before the position it shows in its kept order with 'unknown distance', then
   * the position orders it and the fresh answer replaces it, both marked by its date on the page.
   */
  get rows(): ReadonlyArray<StationRow> | undefined {
    const value = valueOf(this.list);
    if (value === undefined) return undefined;
    const settled = this.cities.settled;
    if (!settled && value.savedAt === undefined) return undefined;
    const from = settled ? this.cities.position : undefined;
    const unknown = this.i18n.t("UnknownDistance");
    const now = this.ports.clock.now();
    const ordered =
      from !== undefined
        ? Distance.sortByDistance(value.stations, from)
        : settled
          ? [...value.stations].sort((a, b) => byName().compare(a.title, b.title))
          : value.stations;
    return ordered.map((station) => ({
      station,
      computed: StationRules.computeStation(station, from, unknown),
      sellsDiesel: StationRules.sellsDiesel(station),
      openNow: StationRules.isOpenAt(station, now),
      opensAt: StationRules.opensAt(station, now),
    }));
  }

  /**
   * /stationlist's cards: {@link rows} as the customer chose ({@link choice}): diesel sellers
   * first, nearest or cheapest first, all or only those open now (`Station.arrangeStations`; the
   * rows come in nearest first, or by name without a position, which the domain keeps).
   */
  get listRows(): ReadonlyArray<StationRow> | undefined {
    const rows = this.rows;
    if (rows === undefined) return undefined;
    const byStation = new Map(rows.map((r) => [r.station, r]));
    const arranged = StationRules.arrangeStations(rows.map((r) => r.station), this.choice, undefined, this.ports.clock.now());
    return arranged.map((s) => byStation.get(s) as StationRow);
  }

  /** Sort the list by distance or by our price. */
  setSort(sort: StationRules.StationSort): void {
    this.choice = { ...this.choice, sort };
  }

  /** Show only the stations open now, or all. */
  setOpenNowOnly(openNowOnly: boolean): void {
    this.choice = { ...this.choice, openNowOnly };
  }

  /** The city whose stations are (being) shown. */
  get shownCity(): string | undefined {
    return valueOf(this.list)?.city;
  }

  /** When the copy kept on the device that is on screen was answered; undefined when the list on screen is fresh. */
  get keptAt(): number | undefined {
    return valueOf(this.list)?.savedAt;
  }

  get refreshing(): boolean {
    return this.list._tag === "Loading" && this.list.previous !== undefined;
  }

  /**
   * The page opened (or came back): locate once, and list the chosen city unless it is already
   * listed. A city picked before does not depend on the position, so its list is asked while the
   * device is located (issue 23: one round trip less); {@link rows} still waits for `settled`.
   */
  async open(): Promise<void> {
    this.showKept();
    const picked = this.cities.picked;
    const early = picked === undefined ? undefined : this.show(picked);
    await this.cities.ensureCity();
    const city = this.cities.city;
    if (city === undefined) {
      // No city at all: an empty catalogue lists nothing ('no gas station in current city'); an
      // unreadable one fails with the message already shown as a notice, keeping the list kept on
      // the device on screen if there is one (offline, the geocoder and the catalogue both fail).
      const catalogue = this.cities.cities;
      runInAction(() => (this.list = catalogue._tag === "Failed" ? failed(catalogue.error, valueOf(this.list)) : loaded({ city: "", stations: [] })));
      return;
    }
    // The picked city was asked for above (even when that failed: one request, one notice per open).
    await Promise.all([early, city === picked ? undefined : this.show(city)]);
    this.keep();
  }

  /**
   * Nothing on screen yet (the first open since the app started): the list this device showed
   * last, if it is of the picked city (or, with none picked, of the city shown last: most often
   * the one the device is still in; another one found by locating replaces it with skeletons).
   */
  private showKept(): void {
    if (this.list._tag !== "Idle") return;
    const kept = readKeptStations(this.ports.preferences);
    const picked = this.cities.picked;
    if (kept === undefined || (picked !== undefined && picked !== kept.city)) return;
    this.list = loading({ city: kept.city, stations: kept.stations, savedAt: kept.savedAt });
  }

  /**
   * Keeps the fresh list on the device in the order it is shown, once that order is final (the
   * position settled): the next visit shows it at once. The empty list of no city is not kept.
   */
  private keep(): void {
    const value = this.list._tag === "Loaded" ? this.list.value : undefined;
    const rows = this.rows;
    if (value === undefined || value.savedAt !== undefined || value.city === "" || rows === undefined || !this.cities.settled) return;
    if (this.#keptAnswer === this.#answeredAt) return;
    this.#keptAnswer = this.#answeredAt;
    writeKeptStations(this.ports.preferences, { city: value.city, stations: rows.map((r) => r.station), savedAt: this.#answeredAt });
  }

  /** Lists `city` unless it is listed or on its way (then that load is waited for: React runs effects twice in development). */
  private show(city: string): Promise<void> | undefined {
    if (this.#loading?.city === city) return this.#loading.done;
    if (this.shownCity === city && this.list._tag === "Loaded") return undefined;
    return this.load(city);
  }

  /** Pull to refresh: the same city again; a failure keeps the list on screen and says why. */
  async refresh(): Promise<void> {
    const city = this.cities.city ?? this.shownCity;
    if (city !== undefined) await this.load(city);
    this.keep();
  }

  private load(city: string): Promise<void> {
    const done = this.#load(city);
    this.#loading = { city, done };
    return done;
  }

  async #load(city: string): Promise<void> {
    const previous = valueOf(this.list);
    // A refresh keeps the cards; another city starts from skeletons rather than the old city's cards.
    this.list = loading(previous?.city === city ? previous : undefined);
    const answer = await run(this.ports.stations.stationsOfCity(city));
    runInAction(() => {
      if (this.#loading?.city === city) this.#loading = undefined;
      if (this.cities.city !== undefined && this.cities.city !== city) return; // the customer picked another city meanwhile
      if (answer.ok) {
        this.list = loaded({ city, stations: answer.value });
        this.#answeredAt = this.ports.clock.now();
        for (const s of answer.value) this.known.set(s.id, s);
        return;
      }
      this.list = failed(answer.error, previous?.city === city ? previous : undefined);
      this.notices.show(describeError(answer.error, this.i18n), "fail");
    });
  }

  /** A station the app has seen. */
  station(id: number): Station | undefined {
    return this.known.get(id);
  }

  /**
   * Makes sure a station opened by id (a /stationmap link) is known: from the list, else the
   * chosen city's list, else every city's (the catalogue is small). Nothing is asked when known.
   */
  async ensureStation(id: number): Promise<Station | undefined> {
    if (this.known.has(id)) return this.known.get(id);
    await this.open();
    if (this.known.has(id)) return this.known.get(id);
    const api = this.ports.stations;
    const all = await run(
      Effect.gen(function* () {
        const cities = yield* api.cities();
        return (yield* Effect.forEach(cities, (c) => api.stationsOfCity(c.city), { concurrency: 4 })).flat();
      }),
    );
    runInAction(() => {
      if (all.ok) for (const s of all.value) this.known.set(s.id, s);
      else this.notices.show(describeError(all.error, this.i18n), "fail");
    });
    return this.known.get(id);
  }

  /** Turn-by-turn navigation to the station in the map app (the `navigator` port). */
  async navigate(station: Station): Promise<void> {
    const opened = await run(this.ports.navigator.navigateTo({ name: station.title, address: station.address, longitude: station.longitude, latitude: station.latitude }));
    if (!opened.ok) runInAction(() => this.notices.show(describeError(opened.error, this.i18n), "fail"));
  }

  /** The go-fuel button: the station's one-key fuel page, unless it sells no diesel (spec §5). */
  goFuel(station: Station): void {
    if (!StationRules.sellsDiesel(station)) {
      this.notices.show(this.i18n.t("StationSellsNoDiesel"), "fail");
      return;
    }
    this.navigation.go(goFuelPath(station.id));
  }
}

/** Built the first time a page with stations opens (with the city store it lists for); kept for the root's life (./storeKind.ts). */
export const stationsStore = storeKind((root) => new StationsStore(root.ports, root.use(cityStore), root.i18n, root.notices, root.navigation));
