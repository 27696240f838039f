import Button from "antd-mobile/es/components/button";
import Empty from "antd-mobile/es/components/empty";
import { observer } from "mobx-react-lite";
import type { ComponentType, ReactNode } from "react";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import type { StationRow } from "../../stores/StationsStore.ts";
import { Link } from "../../router/index.tsx";
import { KeptLine } from "../kept/KeptLine.tsx";
import "../journeys/journeys.css";
import { PageError } from "../PageError.tsx";
import { stationsStore } from "../../stores/StationsStore.ts";
import { describeError } from "../../stores/messages.ts";

interface StationRowsProps {
  /** What the list is called while it loads (said by screen readers). */
  readonly loadingLabel: string;
  /** A card of the same shape as the page's cards, and how many of them fill a phone's first screen. */
  readonly skeleton: ComponentType;
  readonly skeletons: number;
  /** /stationlist: the cards as the customer sorted and filtered them (`StationsStore.listRows`); else nearest first. */
  readonly arranged?: boolean;
  /** The page's card for one station. */
  readonly children: (row: StationRow) => ReactNode;
}

/**
 * The stations `StationsStore` lists, as a station page shows them: skeleton cards while the first
 * load runs, the cards nearest first, the empty city, or a first load that failed with a retry.
 * The list kept on the device from an earlier visit shows at once with its date over it, until the
 * fresh one replaces it (a failed refresh says so in that line and in a notice).
 */
export const StationRows = observer(function StationRows({ loadingLabel, skeleton: Skeleton, skeletons, arranged = false, children }: StationRowsProps) {
  const stations = useStore(stationsStore);
  const { i18n } = useStores();
  const rows = arranged ? stations.listRows : stations.rows;
  if (rows === undefined && stations.list._tag === "Failed") {
    return <PageError description={describeError(stations.list.error, i18n)} onRetry={() => void stations.refresh()} />;
  }
  if (rows === undefined) {
    return (
      <div className="station-list" aria-busy="true" aria-label={loadingLabel}>
        {Array.from({ length: skeletons }, (_, i) => (
          <Skeleton key={i} />
        ))}
      </div>
    );
  }
  const keptAt = stations.keptAt;
  const mark = <KeptLine keptAt={keptAt} failed={stations.list._tag === "Failed"} />;
  if (rows.length === 0) {
    // Issue 25: an empty list says what to do next: see every station, or look in another city.
    const onlyFilteredOut = arranged && stations.choice.openNowOnly && stations.rows?.length !== 0;
    return (
      <>
        {mark}
        <Empty className="station-empty" description={onlyFilteredOut ? i18n.t("noStationOpenNow") : i18n.t("NoStationInCity")} />
        <div className="empty-next">
          {onlyFilteredOut ? (
            <Button color="primary" size="large" onClick={() => stations.setOpenNowOnly(false)}>
              {i18n.t("stationsShowAll")}
            </Button>
          ) : (
            <Link to="/citylist" className="next-step-link">
              {i18n.t("stationsOtherCity")}
            </Link>
          )}
        </div>
      </>
    );
  }
  return (
    <>
      {mark}
      <ul className="station-list" aria-busy={stations.refreshing}>
        {rows.map((row) => (
          <li key={row.station.id}>{children(row)}</li>
        ))}
      </ul>
    </>
  );
});
