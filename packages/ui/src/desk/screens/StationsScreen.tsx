import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useParams } from "../../router/index.tsx";
import "../places/places.css";
import { StationForm } from "../places/StationForm.tsx";
import { StationList } from "../places/StationList.tsx";
import { DeskPage } from "../shell/DeskPage.tsx";
import { DeskProblem } from "../shell/DeskProblem.tsx";
import { useDesk, useScreenStore } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import { StationsImportStore } from "../stores/places/StationsImportStore.ts";
import { StationsStore } from "../stores/places/StationsStore.ts";

/**
 * /desk/stations (issues 26, 34): the admin's stations. The list, filtered and sorted on this
 * device, a table on a tablet, with the CSV import and the export of what the filters select; /desk/stations/new adds one and /desk/stations/<id> edits one, over the
 * same loaded list (the screen stays open between them, so going back needs no reload).
 */
export default observer(function StationsScreen() {
  const { i18n } = useDesk();
  const stations = useScreenStore(({ ports }) => new StationsStore(ports));
  const importer = useScreenStore(({ ports, i18n: words, notices }) => new StationsImportStore(ports, words, notices, stations.fetch));
  const which = useParams()["*"] ?? "";
  useEffect(() => {
    void stations.fetch();
  }, [stations]);
  if (which === "") {
    return (
      <DeskPage title={i18n.t("desk.menu.stations")} wide>
        <StationList store={stations} importer={importer} />
      </DeskPage>
    );
  }
  return <StationEditor stations={stations} which={which} />;
});

/** The form of one station (`which` is its id) or of a new one (`new`), once the list has answered. */
const StationEditor = observer(function StationEditor({ stations, which }: { readonly stations: StationsStore; readonly which: string }) {
  const { i18n } = useDesk();
  const adding = which === "new";
  const id = Number(which);
  const title = adding ? i18n.t("desk.places.addTitle") : i18n.t("desk.places.editTitle", { id: which });
  const load = stations.load;
  const station = adding ? undefined : stations.byId(id);
  const body =
    load.kind === "loading" ? (
      <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
        <DotLoading color="primary" />
      </div>
    ) : load.kind === "failed" ? (
      <DeskProblem text={describeDeskError(load.problem, i18n)} onRetry={() => void stations.fetch()} />
    ) : !adding && station === undefined ? (
      <DeskProblem text={i18n.t("desk.places.stationMissing", { id: which })} />
    ) : (
      <StationForm key={which} station={station} onSaved={stations.keep} />
    );
  return (
    <DeskPage title={title} back="/desk/stations">
      {body}
    </DeskPage>
  );
});
