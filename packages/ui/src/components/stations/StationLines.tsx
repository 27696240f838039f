import { Station as StationRules } from "@fuel/domain";
import type { Station } from "@fuel/domain/api";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { useStores } from "../../stores/StoresContext.tsx";

/** The card's distance, named for screen readers ("3.2 km away"). */
export const StationDistance = observer(function StationDistance({ text }: { readonly text: string }) {
  const { i18n } = useStores();
  return (
    <span className="station-distance" aria-label={i18n.t("distanceAway", { distance: text })}>
      {text}
    </span>
  );
});

/** Opening hours and whether the station is open now, in words (not colour alone); `children`: further tags. */
export const StationHours = observer(function StationHours({ station, openNow, children }: { readonly station: Station; readonly openNow: boolean; readonly children?: ReactNode }) {
  const { i18n } = useStores();
  return (
    <p className="station-line station-hours">
      <span>{i18n.t("hours", { start: station.business_start_time, end: station.business_end_time })}</span>
      <Tag color={openNow ? "success" : "default"} fill="outline">
        {i18n.t(openNow ? "openNow" : "closedNow")}
      </Tag>
      {children}
    </p>
  );
});

/**
 * Whether a station is open, in words (not colour alone): 'open 06:00–23:00', or closed with when
 * it opens ('closed · opens 07:00', `Station.opensAt`). One short line for the compact card.
 */
export const StationState = observer(function StationState({ station, opensAt }: { readonly station: Station; readonly opensAt: string | undefined }) {
  const { i18n } = useStores();
  return (
    <span className={opensAt === undefined ? "station-state station-open" : "station-state station-closed"}>
      {opensAt === undefined
        ? StationRules.isOpenAllDay(station)
          ? i18n.t("openAllDay")
          : i18n.t("openHours", { start: station.business_start_time, end: station.business_end_time })
        : i18n.t("closedOpensAt", { time: opensAt })}
    </span>
  );
});

/** Spec §5 'this station cannot buy diesel for now', under a station without 0#; `id` names it for the button it disables. */
export const NoDieselNote = observer(function NoDieselNote({ id }: { readonly id: string }) {
  const { i18n } = useStores();
  return (
    <p className="station-line station-no-diesel" id={id}>
      {i18n.t("StationSellsNoDiesel")}
    </p>
  );
});
