import Button from "antd-mobile/es/components/button";
import DotLoading from "antd-mobile/es/components/dot-loading";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { DeskField } from "../shell/DeskField.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import type { StationsImportStore } from "../stores/places/StationsImportStore.ts";
import { STATIONS_PAGE, type StationsStore } from "../stores/places/StationsStore.ts";
import { chosenCsv } from "./chosenFiles.ts";
import { FilePicker } from "./FilePicker.tsx";
import { StationRow } from "./StationRow.tsx";
import { StationsImport } from "./StationsImport.tsx";

/** Where the export downloads from: the contract's `deskStationsExport` (a GET answering text/csv; the session's cookie goes with it). */
const EXPORT_PATH = "/api/desk/stations/export";

/** The admin's stations: add, import and export, then every station, searched on this device. */
export const StationList = observer(function StationList({ store, importer }: { readonly store: StationsStore; readonly importer: StationsImportStore }) {
  const { i18n } = useDesk();
  return (
    <>
      <div className="places-toolbar">
        <Link to="/desk/stations/new" className="places-button places-button-primary">
          {i18n.t("desk.places.add")}
        </Link>
        <FilePicker id="places-import-file" label={i18n.t("desk.places.import")} accept=".csv,text/csv,text/plain" disabled={importer.busy} onFile={(f) => void importer.choose(chosenCsv(f))} />
        <a href={EXPORT_PATH} download="stations.csv" className="places-button">
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
  return (
    <>
      <div className="places-search">
        <DeskField
          id="places-search"
          type="search"
          inputMode="search"
          label={i18n.t("desk.places.searchLabel")}
          placeholder={i18n.t("desk.places.searchPlaceholder")}
          value={store.query}
          onChange={store.setQuery}
          maxLength={64}
        />
      </div>
      <p className="places-count" role="status">
        {store.matching.length === 0
          ? i18n.t("desk.places.noMatch", { query: store.query.trim() })
          : i18n.t("desk.places.count", { shown: store.matching.length, total: load.stations.length })}
      </p>
      {store.shown.length === 0 ? null : (
        <List>
          {store.shown.map((station) => (
            <StationRow key={station.id} station={station} />
          ))}
        </List>
      )}
      {store.hiddenCount === 0 ? null : (
        <Button block className="places-more" onClick={store.showMore}>
          {i18n.t("desk.places.showMore", { more: Math.min(store.hiddenCount, STATIONS_PAGE) })}
        </Button>
      )}
    </>
  );
});
