import { PullToRefresh } from "../components/PullToRefresh.tsx";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import "../components/stations/stations.css";
import { usePageShown } from "../components/PageShown.ts";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { CityHeader } from "../components/stations/CityHeader.tsx";
import { StationCard } from "../components/stations/StationCard.tsx";
import { StationCardSkeleton } from "../components/stations/StationCardSkeleton.tsx";
import { StationListControls } from "../components/stations/StationListControls.tsx";
import { StationRows } from "../components/stations/StationRows.tsx";
import { cityStore } from "../stores/CityStore.ts";
import { stationsStore } from "../stores/StationsStore.ts";

/** The list under the city header: {@link StationRows} with the finder's cards. */
const StationListBody = observer(function StationListBody() {
  const { i18n } = useStores();
  return (
    <StationRows loadingLabel={i18n.t("stationsLoading")} skeleton={StationCardSkeleton} skeletons={4} arranged>
      {(row) => <StationCard row={row} />}
    </StationRows>
  );
});

/**
 * Spec §2 /stationlist (and /testStationlist): the stations of the chosen or located city, diesel
 * sellers first, nearest or cheapest first, all or open now, pull to refresh. Kept alive by the shell: coming back shows the same list at the same
 * scroll, and a city picked meanwhile is loaded.
 */
const StationListPage = observer(function StationListPage() {
  const city = useStore(cityStore);
  const stations = useStore(stationsStore);
  const chosen = city.city;
  // On each return too (kept alive): a city picked meanwhile, or a load that failed, is loaded then.
  const shown = usePageShown();
  useEffect(() => {
    if (shown) void stations.open();
  }, [stations, chosen, shown]);
  return (
    <Page back={false}>
      <CityHeader />
      <StationListControls />
      <PullToRefresh onRefresh={stations.refresh}>
        <StationListBody />
      </PullToRefresh>
    </Page>
  );
});

export default StationListPage;
