import DotLoading from "antd-mobile/es/components/dot-loading";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import type { StationsImportStore } from "../stores/places/StationsImportStore.ts";
import type { StationsStore } from "../stores/places/StationsStore.ts";
import { DeskPager } from "../table/DeskPager.tsx";
import { useWide } from "../table/useWide.ts";
import { chosenCsv } from "./chosenFiles.ts";
import { FilePicker } from "./FilePicker.tsx";
import { StationFilters } from "./StationFilters.tsx";
import { StationRow } from "./StationRow.tsx";
import { StationsImport } from "./StationsImport.tsx";
import { StationTable } from "./StationTable.tsx";

/**
 * The admin's stations: add, import, and export what the filters select; then the filter bar and
 * the stations a page at a time, as a table at 768 px and over, as cards on a phone.
 */
export const StationList = observer(function StationList({ store, importer }: { readonly store: StationsStore; readonly importer: StationsImportStore }) {
  const { i18n } = useDesk();
  return (
    <>
      <div className="places-toolbar">
        <Link to="/desk/stations/new" className="places-button places-button-primary">
          {i18n.t("desk.places.add")}
        </Link>
        <FilePicker id="places-import-file" label={i18n.t("desk.places.import")} accept=".csv,text/csv,text/plain" disabled={importer.busy} onFile={(f) => void importer.choose(chosenCsv(f))} />
        {/* A plain link: the browser downloads the file itself, the staff cookie going with it. */}
        <a href={store.exportHref} download="stations.csv" className="places-button" title={i18n.t("desk.table.exportHint")}>
          {i18n.t("desk.places.export")}
        </a>
      </div>
      <StationsImport store={importer} />
      <Stations store={store} />
    </>
  );
});

const Stations = observer(function Stations({ store }: { readonly store: StationsStore }) {
  const { i18n } = useDesk();
  const wide = useWide();
  const load = store.load;
  if (load.kind === "loading") {
    return (
      <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (load.kind === "failed") return <DeskProblem text={describeDeskError(load.problem, i18n)} onRetry={() => void store.fetch()} />;
  if (load.stations.length === 0) return <p className="places-count">{i18n.t("desk.places.none")}</p>;
  const selected = store.selected.length;
  return (
    <>
      <StationFilters store={store} />
      <p className="places-count" role="status">
        {selected === 0 ? i18n.t("desk.places.noMatch") : i18n.t("desk.places.count", { shown: selected, total: load.stations.length })}
        {store.filtered ? (
          <button type="button" className="places-clear" onClick={store.clearFilters}>
            {i18n.t("desk.table.clear")}
          </button>
        ) : null}
      </p>
      {selected === 0 ? null : wide ? (
        <StationTable store={store} />
      ) : (
        <List>
          {store.pageRows.map((station) => (
            <StationRow key={station.id} station={station} />
          ))}
        </List>
      )}
      {selected === 0 ? null : <DeskPager page={store.currentPage} pageSize={store.pageSize} total={selected} onPage={store.setPage} onPageSize={store.setPageSize} />}
    </>
  );
});
