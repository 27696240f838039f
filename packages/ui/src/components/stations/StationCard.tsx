import { Money } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useNavigate } from "../../router/index.tsx";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { routeMapPath, type StationRow } from "../../stores/StationsStore.ts";
import { StationDistance, StationState } from "./StationLines.tsx";
import { stationsStore } from "../../stores/StationsStore.ts";
import { InvoicePolicyLine } from "../invoices/InvoicePolicyLine.tsx";

/** Our diesel price and what it saves against national, or 'no diesel here' instead of any diesel price. */
const StationPrice = observer(function StationPrice({ row, noDieselId }: { readonly row: StationRow; readonly noDieselId: string }) {
  const { i18n } = useStores();
  if (!row.sellsDiesel) {
    return (
      <p className="station-line station-price-line">
        <span className="station-no-diesel" id={noDieselId}>{i18n.t("noDieselHere")}</span>
      </p>
    );
  }
  const saving = row.computed.saving;
  return (
    <p className="station-line station-price-line">
      <span className="price-now" aria-label={i18n.t("priceNowLabel", { price: i18n.t("perLitre", { price: Money.formatYuan(row.station.now_price) }) })}>
        {i18n.t("perLitre", { price: Money.formatYuan(row.station.now_price) })}
      </span>
      {saving > 0 ? <span className="station-saving">{i18n.t("savingVsNational", { amount: Money.formatYuan(saving) })}</span> : null}
    </p>
  );
});

/**
 * One station of /stationlist (spec §2, §3), compact so three or more fit a phone's first screen:
 * name and distance, the address on one line, our diesel price and its saving against national
 * (`Station.computeStation`'s `saving`, never the pump's drop), who invoices (issue 35, one line), open or 'closed · opens 07:00', and
 * two actions. 'Navigate' opens the in-app route page (/stationmap): the route's distance and time
 * at once inside the app, and from there the map app's turn-by-turn is one tap, so the card needs
 * only one navigate action. Every line has a fixed height, so the skeleton of the same shape does
 * not jump.
 */
export const StationCard = observer(function StationCard({ row }: { readonly row: StationRow }) {
  const stations = useStore(stationsStore);
  const { i18n } = useStores();
  const navigate = useNavigate();
  const { station, computed, sellsDiesel } = row;
  const noDieselId = `station-${station.id}-no-diesel`;
  return (
    <article className="station-card station-finder" aria-labelledby={`station-${station.id}-title`}>
      <div className="station-head">
        <h2 className="station-title" id={`station-${station.id}-title`}>{station.title}</h2>
        <StationDistance text={computed.distanceText} />
      </div>
      <p className="station-line station-address">{station.address}</p>
      {/* Issue 35: who invoices, before the driver chooses the station. */}
      <InvoicePolicyLine policy={station.invoice_policy} />
      <StationPrice row={row} noDieselId={noDieselId} />
      <div className="station-foot">
        <StationState station={station} opensAt={row.opensAt} />
        <Button size="small" fill="outline" aria-label={i18n.t("navigateTo", { name: station.title })} onClick={() => navigate(routeMapPath(station.id))}>
          {i18n.t("navigate")}
        </Button>
        <Button
          size="small"
          color="primary"
          disabled={!sellsDiesel}
          aria-label={i18n.t("goFuelAt", { name: station.title })}
          aria-describedby={sellsDiesel ? undefined : noDieselId}
          onClick={() => stations.goFuel(station)}
        >
          {i18n.t("goFuel")}
        </Button>
      </div>
    </article>
  );
});
