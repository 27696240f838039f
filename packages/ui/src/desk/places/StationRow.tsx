import { Money, Station } from "@fuel/domain";
import type { DeskStation } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { RowLink } from "../../components/RowLink.tsx";
import { useDesk } from "../stores/DeskContext.tsx";

/** One station of the admin's list: number and name, city and hours, our price and the others; opens its form. */
export const StationRow = observer(function StationRow({ station }: { readonly station: DeskStation }) {
  const { i18n } = useDesk();
  const hours = Station.isOpenAllDay(station)
    ? i18n.t("desk.places.allDay")
    : i18n.t("desk.places.hours", { start: station.business_start_time, end: station.business_end_time });
  const others = i18n.t("desk.places.rowPrices", { original: Money.formatYuan(station.original_price), nation: Money.formatYuan(station.nation_price) });
  return (
    <RowLink
      to={`/desk/stations/${station.id}`}
      description={`${station.city} · ${hours} · ${others}`}
      extra={<span className="places-row-price">{i18n.t("desk.places.perLitre", { price: Money.formatYuan(station.now_price) })}</span>}
    >
      <span className="places-row-title">
        <span className="places-row-number">{i18n.t("desk.places.stationNumber", { id: station.id })}</span>
        {station.title}
      </span>
    </RowLink>
  );
});
