import IndexBar from "antd-mobile/es/components/index-bar";
import List from "antd-mobile/es/components/list";
import Skeleton from "antd-mobile/es/components/skeleton";
import CheckOutline from "antd-mobile-icons/es/CheckOutline";
import EnvironmentOutline from "antd-mobile-icons/es/EnvironmentOutline";
import type { CityEntry } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import "../components/stations/stations.css";
import { usePageShown } from "../components/PageShown.ts";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { KeyboardList } from "../components/KeyboardList.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { groupByInitial } from "../stores/cityIndex.ts";
import { valueOf } from "../stores/Load.ts";
import { cityStore } from "../stores/CityStore.ts";
import { describeError } from "../stores/messages.ts";

/** 'current location': the device's city; tapping locates again and lists that city. */
const CurrentLocation = observer(function CurrentLocation() {
  const city = useStore(cityStore);
  const { i18n } = useStores();
  const located = city.locatedCity;
  const text = city.locating ? i18n.t("cityLocating") : (located ?? i18n.t("LocationFailed"));
  return (
    <KeyboardList>
      <List>
        <List.Item
          prefix={<EnvironmentOutline aria-hidden="true" fontSize={20} />}
          onClick={() => void city.useCurrentLocation()}
          aria-label={i18n.t("useCurrentLocation", { city: text })}
        >
          <span role="status" className={city.location._tag === "Failed" ? "location-failed" : undefined}>
            {text}
          </span>
        </List.Item>
      </List>
    </KeyboardList>
  );
});

/** One initial's cities; the chosen one is ticked. */
const CityGroup = observer(function CityGroup({ cities }: { readonly cities: ReadonlyArray<CityEntry> }) {
  const city = useStore(cityStore);
  const { i18n } = useStores();
  return (
    <KeyboardList>
      <List>
        {cities.map((entry) => {
          const chosen = entry.city === city.city;
          return (
            <List.Item
              key={entry.city}
              onClick={() => city.pick(entry.city)}
              extra={entry.count === undefined ? undefined : i18n.t("cityStationCount", { count: entry.count })}
              arrowIcon={chosen ? <CheckOutline aria-hidden="true" /> : false}
              aria-current={chosen ? "true" : undefined}
            >
              {entry.city}
            </List.Item>
          );
        })}
      </List>
    </KeyboardList>
  );
});

/** While the cities load, or when they could not be read. */
const CitiesPending = observer(function CitiesPending() {
  const city = useStore(cityStore);
  const { i18n } = useStores();
  if (city.cities._tag === "Failed") return <PageError description={describeError(city.cities.error, i18n)} onRetry={() => void city.loadCities()} />;
  return (
    <div className="city-skeleton" aria-busy="true" aria-label={i18n.t("loading")}>
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
});

/**
 * Spec §2 /citylist: 'current location' and every city with its station count, under an A-Z
 * index. Picking one remembers it and returns to /stationlist. Kept alive by the shell.
 */
const CityListPage = observer(function CityListPage() {
  const city = useStore(cityStore);
  const { i18n } = useStores();
  const shown = usePageShown();
  useEffect(() => {
    if (shown) void city.openPicker();
  }, [city, shown]);
  const cities = valueOf(city.cities);
  const groups = cities === undefined ? [] : groupByInitial(cities);
  return (
    <Page backTo="/stationlist">
      <IndexBar className="city-index" sticky>
        <IndexBar.Panel index={i18n.t("cityIndexCurrent")} title={i18n.t("currentLocation")}>
          <CurrentLocation />
        </IndexBar.Panel>
        {groups.map((group) => (
          <IndexBar.Panel key={group.initial} index={group.initial} title={group.initial}>
            <CityGroup cities={group.cities} />
          </IndexBar.Panel>
        ))}
        {cities === undefined ? (
          <IndexBar.Panel index="…" title={i18n.t("allCities")}>
            <CitiesPending />
          </IndexBar.Panel>
        ) : null}
      </IndexBar>
    </Page>
  );
});

export default CityListPage;
