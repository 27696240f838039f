import { Invoice } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import type { InvoiceListParams, InvoiceStateFilter } from "../stores/invoices/invoiceListParams.ts";
import type { InvoicesStore } from "../stores/invoices/InvoicesStore.ts";

const isStateFilter = (value: string): value is InvoiceStateFilter => value === "any" || (Invoice.INVOICE_STATES as ReadonlyArray<string>).includes(value);

/**
 * The queue's filter bar (issue 35, as the order list's): state (waiting by default), station
 * (when there is more than one to choose), first and last day asked (China days). Each change
 * applies at once, from the first page.
 */
export const InvoiceFilters = observer(function InvoiceFilters({ store, onChange }: { readonly store: InvoicesStore; readonly onChange: (change: Partial<InvoiceListParams>) => void }) {
  const { i18n } = useDesk();
  const { params } = store;
  return (
    <div className="desk-filters" role="group" aria-label={i18n.t("desk.invoices.filters")}>
      <div className="desk-field">
        <label className="desk-field-label" htmlFor="invoices-state">
          {i18n.t("desk.invoices.state")}
        </label>
        <select id="invoices-state" className="desk-filter-select" value={params.state} onChange={(event) => isStateFilter(event.target.value) && onChange({ state: event.target.value })}>
          {Invoice.INVOICE_STATES.map((state) => (
            <option key={state} value={state}>
              {i18n.t(`desk.invoices.state.${state}`)}
            </option>
          ))}
          <option value="any">{i18n.t("desk.invoices.anyState")}</option>
        </select>
      </div>
      {store.stations.length < 2 ? null : (
        <div className="desk-field">
          <label className="desk-field-label" htmlFor="invoices-station">
            {i18n.t("desk.invoices.station")}
          </label>
          <select
            id="invoices-station"
            className="desk-filter-select"
            value={params.station ?? ""}
            onChange={(event) => onChange({ station: event.target.value === "" ? undefined : Number(event.target.value) })}
          >
            <option value="">{i18n.t("desk.invoices.anyStation")}</option>
            {store.stations.map((station) => (
              <option key={station.id} value={station.id}>
                {store.stationTitle(station) ?? i18n.t("desk.places.stationNumber", { id: station.id })}
              </option>
            ))}
          </select>
        </div>
      )}
      <DayField id="invoices-from" label={i18n.t("desk.records.audit.from")} value={params.from} onChange={(from) => onChange({ from })} />
      <DayField id="invoices-to" label={i18n.t("desk.records.audit.to")} value={params.to} onChange={(to) => onChange({ to })} />
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
