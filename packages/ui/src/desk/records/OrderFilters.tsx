import { Order, OrderWords } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import type { OrderListParams } from "../stores/records/orderListParams.ts";
import type { OrdersStore } from "../stores/records/OrdersStore.ts";

/** Each status's word on the customer's list (code 2 of fuel 'unused', as the list reads it). */
const STATUS_WORD: Readonly<Record<Order.OrderStatus, Order.StatusLabel>> = {
  unpaid: "unpaid",
  unused: "unused",
  used: "used",
  rejected: "rejected",
  voided: "voided",
  expired: "expired",
  cancelled: "cancelled",
};

/**
 * The order list's filter bar (issue 34): status, type, station, first and last day (China days,
 * the device's own date picker). Each change applies at once, from the first page.
 */
export const OrderFilters = observer(function OrderFilters({ store, onChange }: { readonly store: OrdersStore; readonly onChange: (change: Partial<OrderListParams>) => void }) {
  const { i18n } = useDesk();
  const { params } = store;
  const number = (value: string): number | undefined => (value === "" ? undefined : Number(value));
  return (
    <div className="desk-filters" role="group" aria-label={i18n.t("desk.records.filters")}>
      <div className="desk-field">
        <label className="desk-field-label" htmlFor="orders-status">
          {i18n.t("desk.records.status")}
        </label>
        <select
          id="orders-status"
          className="desk-filter-select"
          value={params.status ?? ""}
          onChange={(event) => onChange({ status: Order.STATUS_CODES.find((code) => code === number(event.target.value)) })}
        >
          <option value="">{i18n.t("desk.records.anyStatus")}</option>
          {Order.ORDER_STATUSES.map((status) => (
            <option key={status} value={Order.statusCode(status)}>
              {OrderWords.statusWord(STATUS_WORD[status], i18n.locale)}
            </option>
          ))}
        </select>
      </div>
      <div className="desk-field">
        <label className="desk-field-label" htmlFor="orders-type">
          {i18n.t("desk.records.kind")}
        </label>
        <select id="orders-type" className="desk-filter-select" value={params.type ?? ""} onChange={(event) => onChange({ type: Order.isOrderCategory(event.target.value) ? event.target.value : undefined })}>
          <option value="">{i18n.t("desk.records.anyType")}</option>
          {Order.ORDER_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {OrderWords.categoryWord(category, i18n.locale)}
            </option>
          ))}
        </select>
      </div>
      <div className="desk-field">
        <label className="desk-field-label" htmlFor="orders-station">
          {i18n.t("desk.records.station")}
        </label>
        <select id="orders-station" className="desk-filter-select" value={params.station ?? ""} onChange={(event) => onChange({ station: number(event.target.value) })}>
          <option value="">{i18n.t("desk.records.anyStation")}</option>
          {store.stations.map((station) => (
            <option key={station.id} value={station.id}>
              {station.title}
            </option>
          ))}
        </select>
      </div>
      <DayField id="orders-from" label={i18n.t("desk.records.audit.from")} value={params.from} onChange={(from) => onChange({ from })} />
      <DayField id="orders-to" label={i18n.t("desk.records.audit.to")} value={params.to} onChange={(to) => onChange({ to })} />
    </div>
  );
});

function DayField({ id, label, value, onChange }: { readonly id: string; readonly label: string; readonly value: string; readonly onChange: (day: string) => void }) {
  return (
    <div className="desk-field">
      <label className="desk-field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="desk-filter-select" type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
