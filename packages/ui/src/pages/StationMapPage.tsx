import { Distance } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useSearchParams } from "../router/index.tsx";
import "../components/stations/stations.css";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { Page } from "../components/Page.tsx";
import { RouteDrawing } from "../components/stations/RouteDrawing.tsx";
import { routeStore } from "../stores/RouteStore.ts";
import { stationsStore } from "../stores/StationsStore.ts";
import { describeError } from "../stores/messages.ts";

/** The station id of `?station_id=12`, or undefined when it is not one. */
const stationIdOf = (raw: string | null): number | undefined => (raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined);

/**
 * Spec §2 /stationmap: the driving route from the customer's position to a station, drawn from the
 * `RoutePlanner` port's answer (AMap's roads in production, a straight estimate in the sandbox),
 * with its distance and time and a navigate button. Once drawn it needs no network: the station
 * and the route stay in the stores.
 */
const StationMapPage = observer(function StationMapPage() {
  const route = useStore(routeStore);
  const stations = useStore(stationsStore);
  const { i18n } = useStores();
  const [params] = useSearchParams();
  const id = stationIdOf(params.get("station_id"));
  useEffect(() => {
    if (id !== undefined) void route.open(id);
  }, [route, id]);
  if (id === undefined) {
    return (
      <Page backTo="/stationlist">
        <p role="alert" className="route-message">{i18n.t("StationNotFound")}</p>
      </Page>
    );
  }
  const station = route.station;
  const current = route.current;
  const planned = current._tag === "Loaded" && current.value.station.id === id ? current.value.route : undefined;
  const distance = planned === undefined ? undefined : Distance.distanceText(planned.distanceMetres, i18n.t("UnknownDistance"));
  return (
    <Page backTo="/stationlist">
      <section className="route-station" aria-busy={current._tag === "Loading"}>
        <h2 className="station-title">{station?.title ?? <Skeleton.Title animated />}</h2>
        <p className="station-line station-address">{station?.address ?? "\u00a0"}</p>
      </section>
      <div className="route-frame">
        {planned !== undefined && station !== undefined ? (
          <RouteDrawing
            path={planned.path}
            estimated={planned.estimated}
            label={i18n.t("routeDrawing", { name: station.title, distance: distance ?? "" })}
            fromLabel={i18n.t("routeFrom")}
            toLabel={i18n.t("routeTo")}
          />
        ) : current._tag === "Failed" ? (
          <p role="alert" className="route-message">{describeError(current.error, i18n)}</p>
        ) : (
          <Skeleton animated className="route-skeleton" />
        )}
      </div>
      <p className="route-facts" aria-live="polite">
        {planned === undefined ? "\u00a0" : (
          <>
            <strong>{i18n.t("routeDistance", { distance: distance ?? "" })}</strong>
            <span> · {i18n.t("routeDuration", { minutes: Distance.drivingMinutes(planned.durationSeconds) })}</span>
          </>
        )}
      </p>
      <p className="route-note">{planned?.estimated === true ? i18n.t("routeEstimated") : "\u00a0"}</p>
      <div className="route-actions">
        <Button block color="primary" disabled={station === undefined} onClick={() => {
            if (station !== undefined) void stations.navigate(station);
          }}>
          {i18n.t("openInMapApp")}
        </Button>
        {current._tag === "Failed" && station !== undefined ? (
          <Button block fill="outline" onClick={() => void route.retry()}>
            {i18n.t("retry")}
          </Button>
        ) : null}
      </div>
    </Page>
  );
});

export default StationMapPage;
