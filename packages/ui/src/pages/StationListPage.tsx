import Empty from "antd-mobile/es/components/empty";
import PullToRefresh from "antd-mobile/es/components/pull-to-refresh";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import "../components/stations/stations.css";
import { useStores } from "../app/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { CityHeader } from "../components/stations/CityHeader.tsx";
import { StationCard } from "../components/stations/StationCard.tsx";
import { StationCardSkeleton } from "../components/stations/StationCardSkeleton.tsx";

/** As many skeleton cards as fill a phone's first screen. */
const SKELETONS = [0, 1, 2];

/** The list under the city header: skeletons, the cards, the empty city, or a first load that failed. */
const StationListBody = observer(function StationListBody() {
  const { stations, i18n } = useStores();
  const rows = stations.rows;
  if (rows === undefined && stations.list._tag === "Failed") {
    return <PageError description={stations.list.message} onRetry={() => void stations.refresh()} />;
  }
  if (rows === undefined) {
    return (
      <div className="station-list" aria-busy="true" aria-label={i18n.t("stationsLoading")}>
        {SKELETONS.map((i) => (
          <StationCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (rows.length === 0) return <Empty className="station-empty" description={i18n.t("NoStationInCity")} />;
  return (
    <ul className="station-list" aria-busy={stations.refreshing}>
      {rows.map((row) => (
        <li key={row.station.id}>
          <StationCard row={row} />
        </li>
      ))}
    </ul>
  );
});

/**
 * Spec §2 /stationlist (and /testStationlist): the stations of the chosen or located city, nearest
 * first, pull to refresh. Kept alive by the shell: coming back shows the same list at the same
 * scroll, and a city picked meanwhile is loaded.
 */
const StationListPage = observer(function StationListPage() {
  const { city, stations } = useStores();
  const chosen = city.city;
  useEffect(() => {
    void stations.open();
  }, [stations, chosen]);
  return (
    <Page back={false}>
      <CityHeader />
      <PullToRefresh onRefresh={stations.refresh}>
        <StationListBody />
      </PullToRefresh>
    </Page>
  );
});

export default StationListPage;
