import type { DeskStation } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import { run } from "../../../stores/run.ts";
import type { DeskPorts } from "../DeskPorts.ts";

/** The station list's load: asked, answered, or failed (shown with a retry). */
export type StationsLoad =
  | { readonly kind: "loading" }
  | { readonly kind: "loaded"; readonly stations: ReadonlyArray<DeskStation> }
  | { readonly kind: "failed"; readonly problem: Problem };

/** How many rows the list shows at first and adds per 'show more': a few hundred rows at once are slow on a phone. */
export const STATIONS_PAGE = 50;

/** Whether a station answers the search: its name, city or number contains the query (any case). */
const matches = (station: DeskStation, query: string): boolean =>
  query === "" || station.title.toLowerCase().includes(query) || station.city.toLowerCase().includes(query) || String(station.id).includes(query);

/**
 * Every station, as the admin finds them: loaded once (the whole list is a few hundred rows),
 * searched on this device, shown a page at a time. A saved station replaces its row here, so the
 * list shows the change without asking the server again.
 */
export class StationsStore {
  load: StationsLoad = { kind: "loading" };
  query = "";
  limit = STATIONS_PAGE;

  constructor(private readonly ports: DeskPorts) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async fetch(): Promise<void> {
    if (this.load.kind !== "loaded") this.load = { kind: "loading" };
    const answer = await run(this.ports.api.call("deskStations", {}));
    runInAction(() => {
      // A reload that fails keeps the list it had; only a first load shows the failure.
      if (answer.ok) this.load = { kind: "loaded", stations: answer.value.stations };
      else if (this.load.kind !== "loaded") this.load = { kind: "failed", problem: answer.error };
    });
  }

  get stations(): ReadonlyArray<DeskStation> {
    return this.load.kind === "loaded" ? this.load.stations : [];
  }

  get matching(): ReadonlyArray<DeskStation> {
    const query = this.query.trim().toLowerCase();
    return this.stations.filter((s) => matches(s, query));
  }

  get shown(): ReadonlyArray<DeskStation> {
    return this.matching.slice(0, this.limit);
  }

  get hiddenCount(): number {
    return Math.max(0, this.matching.length - this.limit);
  }

  setQuery(query: string): void {
    this.query = query;
    this.limit = STATIONS_PAGE;
  }

  showMore(): void {
    this.limit += STATIONS_PAGE;
  }

  byId(id: number): DeskStation | undefined {
    return this.stations.find((s) => s.id === id);
  }

  /** A saved station: its row replaced, or added at the end (ids grow, and the list is in id order). */
  keep(station: DeskStation): void {
    if (this.load.kind !== "loaded") return;
    const others = this.load.stations.filter((s) => s.id !== station.id);
    const stations = others.length === this.load.stations.length ? [...others, station] : this.load.stations.map((s) => (s.id === station.id ? station : s));
    this.load = { kind: "loaded", stations };
  }
}
