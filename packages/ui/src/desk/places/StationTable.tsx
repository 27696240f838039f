import { Money, Station, type StationFilter } from "@fuel/domain";
import type { DeskStation } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { DeskTable, type DeskColumn } from "../table/DeskTable.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import type { StationsStore } from "../stores/places/StationsStore.ts";

/** The station list at tablet and desktop widths (issue 34): a row per station, sortable by number, city, name and our price. */
export const StationTable = observer(function StationTable({ store }: { readonly store: StationsStore }) {
  const { i18n, ports } = useDesk();
  const now = ports.now();
  const hours = (s: DeskStation) =>
    Station.isOpenAllDay(s) ? i18n.t("desk.places.allDay") : i18n.t("desk.places.hours", { start: s.business_start_time, end: s.business_end_time });
  const columns: ReadonlyArray<DeskColumn<DeskStation, StationFilter.StationColumn>> = [
    { key: "id", header: i18n.t("desk.places.column.id"), sort: "id", numeric: true, cell: (s) => s.id },
    { key: "title", header: i18n.t("desk.places.field.title"), sort: "title", cell: (s) => <Link to={`/desk/stations/${s.id}`}>{s.title}</Link> },
    { key: "city", header: i18n.t("desk.places.field.city"), sort: "city", cell: (s) => s.city },
    { key: "address", header: i18n.t("desk.places.field.address"), cell: (s) => s.address },
    { key: "hours", header: i18n.t("desk.places.column.hours"), cell: (s) => <span className="desk-table-nowrap">{hours(s)}</span> },
    {
      key: "now",
      header: i18n.t("desk.places.column.now"),
      cell: (s) => <span className="desk-table-nowrap">{i18n.t(Station.isOpenAt(s, now) ? "desk.places.now.open" : "desk.places.now.closed")}</span>,
    },
    { key: "now_price", header: i18n.t("desk.places.column.nowPrice"), sort: "now_price", numeric: true, cell: (s) => Money.formatYuan(s.now_price) },
    { key: "original_price", header: i18n.t("desk.places.column.originalPrice"), numeric: true, cell: (s) => Money.formatYuan(s.original_price) },
    { key: "nation_price", header: i18n.t("desk.places.column.nationPrice"), numeric: true, cell: (s) => Money.formatYuan(s.nation_price) },
    { key: "invoices", header: i18n.t("desk.places.column.invoices"), cell: (s) => i18n.t(`desk.places.policy.${s.invoice_policy}`) },
  ];
  return <DeskTable caption={i18n.t("desk.menu.stations")} columns={columns} rows={store.pageRows} rowKey={(s) => s.id} sort={store.sort} onSort={store.sortBy} />;
});
