import Empty from "antd-mobile/es/components/empty";
import PullToRefresh from "antd-mobile/es/components/pull-to-refresh";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useStore, useStores } from "../app/StoresContext.tsx";
import { RechargeStationCard, RechargeStationCardSkeleton } from "../components/cards/RechargeStationCard.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { rechargeDraftStore } from "../stores/cards/RechargeDraftStore.ts";
import "../components/stations/stations.css";
import "../components/cards/cards.css";

const SKELETONS = [0, 1, 2, 3];

/** The city listed and how it was found (locating, 'failed to get location'), two fixed lines. */
const CityLine = observer(function CityLine() {
  const { city, i18n } = useStores();
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

/** The stations: skeletons, the cards nearest first, the empty city, or a first load that failed. */
const Stations = observer(function Stations({ then }: { readonly then: "checklist" | undefined }) {
  const { stations, i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  const rows = stations.rows;
  if (rows === undefined && stations.list._tag === "Failed") return <PageError description={stations.list.message} onRetry={() => void stations.refresh()} />;
  if (rows === undefined) {
    return (
      <div className="station-list" aria-busy="true" aria-label={i18n.t("cards.stationsLoading")}>
        {SKELETONS.map((i) => (
          <RechargeStationCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (rows.length === 0) return <Empty className="station-empty" description={i18n.t("NoStationInCity")} />;
  return (
    <ul className="station-list" aria-busy={stations.refreshing}>
      {rows.map((row) => (
        <li key={row.station.id}>
          <RechargeStationCard row={row} chosen={draft.stationId === row.station.id} onChoose={() => draft.chooseStation(row.station, then)} />
        </li>
      ))}
    </ul>
  );
});

/**
 * Spec §2 /rechargeStationList (on the tab bar): the stations of the customer's city, nearest first
 * (the station list's `CityStore` and `StationsStore`), each leading to a recharge there: the
 * station joins the recharge draft, then /recharge2, or the checklist when the draft came from the
 * card page or the checklist asked (`?then=checklist`).
 */
export default observer(function RechargeStationListPage() {
  const { stations, city } = useStores();
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
