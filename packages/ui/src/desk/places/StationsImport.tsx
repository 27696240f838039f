import Button from "antd-mobile/es/components/button";
import Dialog from "antd-mobile/es/components/dialog";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import type { StationsImportStore } from "../stores/places/StationsImportStore.ts";
import { chosenText } from "./chosenFiles.ts";
import { FilePicker } from "./FilePicker.tsx";
import { PlacesProblem } from "./PlacesProblem.tsx";
import { PlacesSection } from "./PlacesSection.tsx";

/** The CSV import: choose a file, see its size, confirm, and see what the server did or why it refused. */
export const StationsImport = observer(function StationsImport({ store }: { readonly store: StationsImportStore }) {
  const { i18n } = useDesk();
  const file = store.file;
  const send = async () => {
    if (file === undefined) return;
    const sure = await Dialog.confirm({
      content: i18n.t("desk.places.importConfirm", { name: file.name, lines: file.lines }),
      confirmText: i18n.t("desk.places.importSend"),
      cancelText: i18n.t("desk.places.cancel"),
    });
    if (sure) await store.send();
  };
  return (
    <PlacesSection title={i18n.t("desk.places.importTitle")}>
      <p className="places-hint">{i18n.t("desk.places.importHint")}</p>
      <FilePicker id="places-import-file" label={i18n.t("desk.places.importChoose")} accept=".csv,text/csv,text/plain" disabled={store.busy} onFile={(f) => void store.choose(chosenText(f))} />
      {file === undefined ? null : (
        <>
          <p className="places-chosen">{i18n.t("desk.places.importChosen", { name: file.name, lines: file.lines, chars: file.csv.length.toLocaleString("en") })}</p>
          <div className="places-actions">
            <Button color="primary" loading={store.busy} disabled={store.busy} onClick={() => void send()}>
              {i18n.t("desk.places.importSend")}
            </Button>
            <Button disabled={store.busy} onClick={store.clear}>
              {i18n.t("desk.places.cancel")}
            </Button>
          </div>
        </>
      )}
      <PlacesProblem problem={store.problem} refusal={store.refusal} lead="desk.places.importRefused" />
    </PlacesSection>
  );
});
