import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/StoresContext.tsx";

/** Spec §8/§9: card services paused for the upgrade; the pay button is off meanwhile. */
export const MaintenanceNotice = observer(function MaintenanceNotice() {
  const { i18n } = useStores();
  return (
    <div className="refusal cards-maintenance" role="alert">
      <strong>{i18n.t("MaintenanceWindow")}</strong>{" "}
      <span>{i18n.t("cards.maintenanceHint")}</span>
    </div>
  );
});
