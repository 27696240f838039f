import type { Station } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { stationsStore } from "../../stores/StationsStore.ts";

const SORTS: ReadonlyArray<{ readonly sort: Station.StationSort; readonly label: "sortDistance" | "sortPrice" }> = [
  { sort: "distance", label: "sortDistance" },
  { sort: "price", label: "sortPrice" },
];

/**
 * /stationlist's choices over the cards: nearest or cheapest first (a two-way segmented control)
 * and 'open now'. The store keeps the choice for the app's life, so it is still there after a
 * visit to a station; the order itself is the domain's (`Station.arrangeStations`).
 */
export const StationListControls = observer(function StationListControls() {
  const stations = useStore(stationsStore);
  const { i18n } = useStores();
  const { sort, openNowOnly } = stations.choice;
  return (
    <div className="station-controls">
      <div className="station-sort" role="radiogroup" aria-label={i18n.t("sortLabel")}>
        {SORTS.map((s) => (
          <button
            key={s.sort}
            type="button"
            role="radio"
            aria-checked={sort === s.sort}
            className={sort === s.sort ? "station-sort-option station-sort-chosen" : "station-sort-option"}
            onClick={() => stations.setSort(s.sort)}
          >
            {i18n.t(s.label)}
          </button>
        ))}
      </div>
      <button
        type="button"
        aria-pressed={openNowOnly}
        className={openNowOnly ? "station-open-filter station-open-filter-on" : "station-open-filter"}
        onClick={() => stations.setOpenNowOnly(!openNowOnly)}
      >
        {i18n.t("openNowOnly")}
      </button>
    </div>
  );
});
