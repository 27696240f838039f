import { Money } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Card from "antd-mobile/es/components/card";
import { observer } from "mobx-react-lite";
import { useNavigate } from "../../router/index.tsx";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { routeMapPath, type StationRow } from "../../stores/StationsStore.ts";
import { NoDieselNote, StationDistance, StationHours } from "./StationLines.tsx";
import { StationPrices } from "./StationPrices.tsx";
import { stationsStore } from "../../stores/StationsStore.ts";

/**
 * One station of /stationlist (spec §2, §3): name and distance, address, our price (bold), the
 * pump and national prices, the discount per litre and the drop, opening hours with whether it is
 * open now (in words, not colour), and the navigate, route and go-fuel actions. Every line has a
 * fixed height (one line, cut with an ellipsis) so the skeleton of the same shape does not jump.
 */
export const StationCard = observer(function StationCard({ row }: { readonly row: StationRow }) {
  const stations = useStore(stationsStore);
  const { i18n } = useStores();
  const navigate = useNavigate();
  const { station, computed, sellsDiesel, openNow } = row;
  const noDieselId = `station-${station.id}-no-diesel`;
  return (
    <Card
      className="station-card"
      title={<h2 className="station-title">{station.title}</h2>}
      extra={<StationDistance text={computed.distanceText} />}
    >
      <p className="station-line station-address">{station.address}</p>
      <StationPrices station={station} />
      <p className="station-line station-savings">
        <span>{i18n.t("discountPerLitre", { amount: Money.formatYuan(computed.discount) })}</span>
        <span aria-hidden="true"> · </span>
        <span>{i18n.t("dropPerLitre", { amount: Money.formatYuan(computed.drop) })}</span>
      </p>
      <StationHours station={station} openNow={openNow} />
      {sellsDiesel ? null : <NoDieselNote id={noDieselId} />}
      <div className="station-actions">
        <Button size="small" fill="outline" aria-label={i18n.t("navigateTo", { name: station.title })} onClick={() => void stations.navigate(station)}>
          {i18n.t("navigate")}
        </Button>
        <Button size="small" fill="outline" aria-label={i18n.t("routeMapTo", { name: station.title })} onClick={() => navigate(routeMapPath(station.id))}>
          {i18n.t("routeMap")}
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
    </Card>
  );
});
