import { Money, Station } from "@fuel/domain";
import type { DeskStation } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { Fragment } from "react";
import { RowLink } from "../../components/RowLink.tsx";
import { useDesk } from "../stores/DeskContext.tsx";

/** One station of the admin's list: number and name, city and hours, our price and the others, who invoices; opens its form. */
export const StationRow = observer(function StationRow({ station }: { readonly station: DeskStation }) {
  const { i18n } = useDesk();
  const hours = Station.isOpenAllDay(station)
    ? i18n.t("desk.places.allDay")
    : i18n.t("desk.places.hours", { start: station.business_start_time, end: station.business_end_time });
  // Each part keeps its words together ('station ¥7.57'); the row breaks only between parts.
  const parts = [
    station.city,
    hours,
    i18n.t("desk.places.rowOriginal", { price: Money.formatYuan(station.original_price) }),
    i18n.t("desk.places.rowNation", { price: Money.formatYuan(station.nation_price) }),
    i18n.t("desk.places.rowInvoices", { policy: i18n.t(`desk.places.policy.${station.invoice_policy}`) }),
  ];
  return (
    <RowLink
      to={`/desk/stations/${station.id}`}
      description={parts.map((part, index) => (
        <Fragment key={index}>
          {index === 0 ? null : " · "}
          <span className="places-row-part">{part}</span>
        </Fragment>
      ))}
      extra={<span className="places-row-price">{i18n.t("desk.places.perLitre", { price: Money.formatYuan(station.now_price) })}</span>}
    >
      <span className="places-row-title">
        <span className="places-row-number">{i18n.t("desk.places.stationNumber", { id: station.id })}</span>
        {station.title}
      </span>
    </RowLink>
  );
});
