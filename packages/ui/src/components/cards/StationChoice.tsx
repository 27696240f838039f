import { observer } from "mobx-react-lite";
import { useEffect, useRef } from "react";
import { Link } from "../../router/index.tsx";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { rechargeDraftStore } from "../../stores/cards/RechargeDraftStore.ts";
import { StoreFormItem } from "../forms/StoreForm.tsx";

/**
 * The station of a recharge (spec §2, §5: part of the draft): its name and address, or 'No station
 * chosen', with a link to /rechargeStationList to choose or change it; after Continue without one,
 * 'select a station first' under it (issue 25: asked on the form, on /recharge2 and the card page).
 */
export const StationChoice = observer(function StationChoice({ to }: { readonly to: string }) {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  const station = draft.stationValue;
  const error = draft.stationError;
  // Continue stopped by the station alone: its field may be below the fold, so bring it to the customer.
  const field = useRef<HTMLDivElement>(null);
  const prompts = draft.stationPrompts;
  useEffect(() => {
    if (prompts === 0) return;
    const link = field.current?.querySelector("a");
    link?.scrollIntoView?.({ block: "center" });
    link?.focus({ preventScroll: true });
  }, [prompts]);
  return (
    <StoreFormItem label={<span id="recharge-station-label">{i18n.t("cards.station")}</span>}>
      <div ref={field} className="cards-station" aria-labelledby="recharge-station-label" role="group">
        <div className="cards-station-text">
          {station === undefined ? (
            <span className="cards-station-none">{draft.stationId !== undefined && draft.station._tag === "Loading" ? i18n.t("loading") : i18n.t("cards.noStation")}</span>
          ) : (
            <>
              <span className="cards-station-name">{station.title}</span>
              <span className="cards-station-address">{station.address}</span>
            </>
          )}
        </div>
        <Link className="cards-link" to={to} aria-describedby={error === undefined ? undefined : "recharge-station-error"}>
          {i18n.t(station === undefined ? "cards.chooseStation" : "cards.changeStation")}
        </Link>
      </div>
      {error === undefined ? null : (
        <p id="recharge-station-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </StoreFormItem>
  );
});
