import List from "antd-mobile/es/components/list";
import EnvironmentOutline from "antd-mobile-icons/es/EnvironmentOutline";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { KeyboardList } from "../KeyboardList.tsx";
import { cityStore } from "../../stores/CityStore.ts";
import { stationsStore } from "../../stores/StationsStore.ts";

/**
 * The city header of /stationlist: the city listed and how it was chosen (locating, the current
 * location, 'failed to get location', or picked), tapping it opens /citylist. Two lines always,
 * so its height does not change when the position arrives.
 */
export const CityHeader = observer(function CityHeader() {
  const city = useStore(cityStore);
  const stations = useStore(stationsStore);
  const { i18n } = useStores();
  // No city known yet (locating), or none found (offline): the city of the list kept on the device, which is what shows.
  const name = city.city ?? (stations.keptAt === undefined ? undefined : stations.shownCity);
  // Idle only until the page's effect starts locating, a frame later: shown as locating already, as
  // the build's prerendered HTML shows it (build/prerender.ts), so 'no city' does not flash between.
  const locating = city.locating || city.location._tag === "Idle";
  const status = locating
    ? i18n.t("currentLocation")
    : city.location._tag === "Failed"
      ? i18n.t("LocationFailed")
      : name !== undefined && name === city.locatedCity && city.picked === undefined
        ? i18n.t("currentLocation")
        : i18n.t("cityTapToChange");
  return (
    <KeyboardList>
      <List className="city-header" aria-label={i18n.t("cityHeaderLabel")}>
        <List.Item
          prefix={<EnvironmentOutline aria-hidden="true" fontSize={22} />}
          description={<span role="status" className={city.location._tag === "Failed" ? "location-failed" : undefined}>{status}</span>}
          onClick={city.changeCity}
          arrow
        >
          {/* Named by what it shows, then what it does (a label of its own must contain the visible
              words, for those who speak to their phone: Lighthouse label-content-name-mismatch). */}
          <span className="city-name">{name ?? (locating ? i18n.t("cityLocating") : i18n.t("cityNone"))}</span>
          <span className="sr-only">{i18n.t("cityChange")}</span>
        </List.Item>
      </List>
    </KeyboardList>
  );
});
