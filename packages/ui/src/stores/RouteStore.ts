import type { AppPorts, Route } from "@fuel/adapters/ports";
import type { Station } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { I18nStore } from "../i18n/I18nStore.ts";
import { cityStore, type CityStore } from "./CityStore.ts";
import { failed, idle, loaded, loading, type Load } from "./Load.ts";
import { problem } from "./messages.ts";
import { stationsStore, type StationsStore } from "./StationsStore.ts";
import { run } from "./run.ts";
import { storeKind } from "./storeKind.ts";

/** What /stationmap draws: the station, and the route to it from where the device was. */
export interface StationRoute {
  readonly station: Station;
  readonly route: Route;
}

/**
 * Spec §2 /stationmap: the driving route from the current position to a station, through the
 * `routes` port (AMap's planner in production, a straight line in the sandbox). Each station's
 * route is kept, so coming back to the map draws it again without any request (offline too).
 */
export class RouteStore {
  current: Load<StationRoute> = idle;
  /** The station the page asked for, found or not (a missing one is 'station not found'). */
  stationId: number | undefined = undefined;
  readonly #routes = new Map<number, StationRoute>();

  constructor(
    private readonly ports: Pick<AppPorts, "routes">,
    private readonly stations: StationsStore,
    private readonly cities: CityStore,
    private readonly i18n: I18nStore,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The station being shown, as soon as it is known (before its route is). */
  get station(): Station | undefined {
    return this.stationId === undefined ? undefined : this.stations.station(this.stationId);
  }

  /** Shows the route to station `id`: the kept one, or a new one planned from the device's position. */
  async open(id: number): Promise<void> {
    this.stationId = id;
    const kept = this.#routes.get(id);
    if (kept !== undefined) {
      this.current = loaded(kept);
      return;
    }
    this.current = loading();
    const station = await this.stations.ensureStation(id);
    if (station === undefined) {
      runInAction(() => this.stationId === id && (this.current = failed(problem("StationNotFound"))));
      return;
    }
    await this.cities.ensureLocated();
    const from = this.cities.position;
    if (from === undefined) {
      runInAction(() => this.stationId === id && (this.current = failed(problem("LocationFailed"))));
      return;
    }
    const planned = await run(this.ports.routes.drive(from, station));
    runInAction(() => {
      if (this.stationId !== id) return; // the customer opened another station meanwhile
      if (!planned.ok) {
        this.current = failed(problem("routeFailed"));
        return;
      }
      const value = { station, route: planned.value };
      this.#routes.set(id, value);
      this.current = loaded(value);
    });
  }

  /** Plans again (after a failure, or from a new position). */
  async retry(): Promise<void> {
    if (this.stationId === undefined) return;
    this.#routes.delete(this.stationId);
    if (this.cities.position === undefined) await this.cities.locate();
    await this.open(this.stationId);
  }
}

/** Built the first time /stationmap opens (./storeKind.ts). */
export const routeStore = storeKind((root) => new RouteStore(root.ports, root.use(stationsStore), root.use(cityStore), root.i18n));
