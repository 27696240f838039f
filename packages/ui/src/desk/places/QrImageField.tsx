import Button from "antd-mobile/es/components/button";
import Dialog from "antd-mobile/es/components/dialog";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import type { SettingsStore } from "../stores/places/SettingsStore.ts";
import { chosenImage } from "./chosenFiles.ts";
import { FilePicker } from "./FilePicker.tsx";

/**
 * The follow-us QR image: the one customers see now, or the chosen one as a preview until the
 * settings are saved; choose another (PNG or JPEG, refused here when too large), remove it (after
 * a confirmation: customers then search for the account by name), or go back to the saved one.
 */
export const QrImageField = observer(function QrImageField({ store }: { readonly store: SettingsStore }) {
  const { i18n } = useDesk();
  const qrcode = store.qrcode;
  const remove = async () => {
    const sure = await Dialog.confirm({
      content: i18n.t("desk.places.qrRemoveConfirm"),
      confirmText: i18n.t("desk.places.qrRemove"),
      cancelText: i18n.t("desk.places.cancel"),
    });
    if (sure) store.removeQr();
  };
  const caption =
    qrcode === null
      ? i18n.t(store.qrChanged ? "desk.places.qrRemoved" : "desk.places.qrNone")
      : i18n.t(store.qrChanged ? "desk.places.qrChosen" : "desk.places.qrCurrent");
  return (
    <div className="desk-field places-qr" role="group" aria-labelledby="settings-qr-label">
      <span className="desk-field-label" id="settings-qr-label">
        {i18n.t("desk.places.settings.follow_qrcode")}
      </span>
      {qrcode === null ? null : <img className="places-qr-image" src={qrcode} alt={caption} />}
      <p className="places-hint" aria-live="polite">
        {caption}
      </p>
      <p className="places-hint">{i18n.t("desk.places.qrHint", { max: store.qrMaxKb })}</p>
      <div className="places-stack">
        <FilePicker id="settings-qr-file" label={i18n.t("desk.places.qrChoose")} accept="image/png,image/jpeg" disabled={store.busy} onFile={(f) => void store.chooseQr(chosenImage(f))} />
        {qrcode === null ? null : (
          <Button disabled={store.busy} onClick={() => void remove()}>
            {i18n.t("desk.places.qrRemove")}
          </Button>
        )}
        {store.qrChanged && store.savedQrcode !== null ? (
          <Button disabled={store.busy} onClick={store.keepQr}>
            {i18n.t("desk.places.qrKeep")}
          </Button>
        ) : null}
      </div>
      {store.qrProblem === undefined ? null : (
        <p className="desk-field-error" role="alert">
          {describeDeskError(store.qrProblem, i18n)}
        </p>
      )}
    </div>
  );
});
