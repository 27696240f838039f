import { PullToRefresh } from "../components/PullToRefresh.tsx";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useSearchParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { RechargeStationCard, RechargeStationCardSkeleton } from "../components/cards/RechargeStationCard.tsx";
import { Page } from "../components/Page.tsx";
import { StationRows } from "../components/stations/StationRows.tsx";
import { rechargeDraftStore } from "../stores/cards/RechargeDraftStore.ts";
import { cityStore } from "../stores/CityStore.ts";
import { stationsStore } from "../stores/StationsStore.ts";
import "../components/stations/stations.css";
import "../components/cards/cards.css";

/** The city listed and how it was found (locating, 'failed to get location'), two fixed lines. */
const CityLine = observer(function CityLine() {
  const city = useStore(cityStore);
  const { i18n } = useStores();
  const name = city.city;
  const status = city.locating ? i18n.t("cards.locating") : city.location._tag === "Failed" ? i18n.t("LocationFailed") : i18n.t("cards.stationsIntro");
  return (
    <>
      <h2 className="cards-city">{name === undefined ? i18n.t(city.locating ? "cityLocating" : "cityNone") : i18n.t("cards.stationsIn", { city: name })}</h2>
      <p className={city.location._tag === "Failed" ? "cards-city-status location-failed" : "cards-city-status"} role="status">
        {status}
      </p>
    </>
  );
});

/** The stations ({@link StationRows}), each card choosing its station for the draft. */
const Stations = observer(function Stations({ then }: { readonly then: "checklist" | undefined }) {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  return (
    <StationRows loadingLabel={i18n.t("cards.stationsLoading")} skeleton={RechargeStationCardSkeleton} skeletons={4}>
      {(row) => <RechargeStationCard row={row} chosen={draft.stationId === row.station.id} onChoose={() => draft.chooseStation(row.station, then)} />}
    </StationRows>
  );
});

/**
 * Spec §2 /rechargeStationList (on the tab bar): the stations of the customer's city, nearest first
 * (the station list's `CityStore` and `StationsStore`), each leading to a recharge there: the
 * station joins the recharge draft, then /recharge2, or the checklist when the draft came from the
 * card page or the checklist asked (`?then=checklist`).
 */
export default observer(function RechargeStationListPage() {
  const stations = useStore(stationsStore);
  const city = useStore(cityStore);
  const [params] = useSearchParams();
  const then = params.get("then") === "checklist" ? "checklist" : undefined;
  const chosen = city.city;
  useEffect(() => {
    void stations.open();
  }, [stations, chosen]);
  return (
    <Page tabBar back={then === "checklist"} backTo="/rechargeordernew">
      <CityLine />
      <PullToRefresh onRefresh={stations.refresh}>
        <Stations then={then} />
      </PullToRefresh>
    </Page>
  );
});
