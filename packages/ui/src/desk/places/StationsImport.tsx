import Button from "antd-mobile/es/components/button";
import Dialog from "antd-mobile/es/components/dialog";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import type { StationsImportStore } from "../stores/places/StationsImportStore.ts";
import { PlacesProblem } from "./PlacesProblem.tsx";
import { PlacesSection } from "./PlacesSection.tsx";

/**
 * The CSV import once a file is chosen (the list's toolbar chooses it): how many stations it
 * holds, the encoding it was read in, and how the import works, confirmed before it is sent; or why it was refused, line by line.
 */
export const StationsImport = observer(function StationsImport({ store }: { readonly store: StationsImportStore }) {
  const { i18n } = useDesk();
  const file = store.file;
  const send = async () => {
    if (file === undefined) return;
    const sure = await Dialog.confirm({
      content: i18n.t("desk.places.importConfirm", { name: file.name, stations: file.stations }),
      confirmText: i18n.t("desk.places.importSend"),
      cancelText: i18n.t("desk.places.cancel"),
    });
    if (sure) await store.send();
  };
  if (file === undefined && store.problem === undefined) return null;
  return (
    <PlacesSection title={i18n.t("desk.places.importTitle")}>
      {file === undefined ? null : (
        <>
          <p className="places-chosen">{i18n.t("desk.places.importChosen", { name: file.name, stations: file.stations, encoding: file.encoding })}</p>
          <p className="places-hint">{i18n.t("desk.places.importHint")}</p>
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
      {file === undefined ? (
        <Button onClick={store.clear}>{i18n.t("desk.places.close")}</Button>
      ) : null}
    </PlacesSection>
  );
});
