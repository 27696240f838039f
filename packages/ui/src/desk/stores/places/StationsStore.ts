import { DeskList, StationFilter } from "@fuel/domain";
import { DeskPlacesApi, type DeskStation } from "@fuel/domain/api";
import { makeAutoObservable, runInAction } from "mobx";
import type { Problem } from "../../../stores/messages.ts";
import { run } from "../../../stores/run.ts";
import type { DeskPorts } from "../DeskPorts.ts";

/** The station list's load: asked, answered, or failed (shown with a retry). */
export type StationsLoad =
  | { readonly kind: "loading" }
  | { readonly kind: "loaded"; readonly stations: ReadonlyArray<DeskStation> }
  | { readonly kind: "failed"; readonly problem: Problem };

/**
 * Every station, as the admin finds them (issues 26, 34): loaded once (the whole list is a few
 * hundred rows), filtered by city, open or closed now and text with the domain's rule
 * (`StationFilter`, at the desk's now; the server's export uses the same rule), sorted by a
 * column and shown a page at a time. A saved station replaces its row here, so the list shows the
 * change without asking the server again.
 */
export class StationsStore {
  load: StationsLoad = { kind: "loading" };
  filter: StationFilter.StationFilter = StationFilter.NO_STATION_FILTER;
  sort: DeskList.Sort<StationFilter.StationColumn> = StationFilter.DEFAULT_STATION_SORT;
  page = 1;
  pageSize: DeskList.PageSize = DeskList.DEFAULT_PAGE_SIZE;

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

  /** The cities the stations name, for the city filter. */
  get cities(): ReadonlyArray<string> {
    return [...new Set(this.stations.map((s) => s.city))].sort((a, b) => a.localeCompare(b, "zh-CN"));
  }

  /** The stations the filters select at the desk's now, in the sort's order. */
  get selected(): ReadonlyArray<DeskStation> {
    return StationFilter.selectStations(this.stations, this.filter, this.sort, this.ports.now());
  }

  /** The page shown (a narrower filter may have left the page past the end). */
  get currentPage(): number {
    return DeskList.clampPage(this.page, this.selected.length, this.pageSize);
  }

  get pageRows(): ReadonlyArray<DeskStation> {
    return DeskList.pageOf(this.selected, this.currentPage, this.pageSize);
  }

  get filtered(): boolean {
    return this.filter.city !== "" || this.filter.open !== "any" || this.filter.text.trim() !== "";
  }

  /** The export of exactly what the filters select, every page (the server applies the same rule). */
  get exportHref(): string {
    const query = new URLSearchParams();
    if (this.filter.city !== "") query.set("city", this.filter.city);
    if (this.filter.open !== "any") query.set("open", this.filter.open);
    if (this.filter.text.trim() !== "") query.set("q", this.filter.text.trim());
    const text = query.toString();
    return text === "" ? DeskPlacesApi.deskStationsExport.path : `${DeskPlacesApi.deskStationsExport.path}?${text}`;
  }

  setCity(city: string): void {
    this.filtering({ city });
  }

  setOpen(open: StationFilter.OpenFilter): void {
    this.filtering({ open });
  }

  setText(text: string): void {
    this.filtering({ text });
  }

  clearFilters(): void {
    this.filter = StationFilter.NO_STATION_FILTER;
    this.page = 1;
  }

  /** A header clicked: ascending, again descending; back to the first page. */
  sortBy(column: StationFilter.StationColumn): void {
    this.sort = DeskList.nextSort(this.sort, column);
    this.page = 1;
  }

  setPage(page: number): void {
    this.page = DeskList.clampPage(page, this.selected.length, this.pageSize);
  }

  setPageSize(size: DeskList.PageSize): void {
    this.pageSize = size;
    this.page = 1;
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

  private filtering(change: Partial<StationFilter.StationFilter>): void {
    this.filter = { ...this.filter, ...change };
    this.page = 1;
  }
}
