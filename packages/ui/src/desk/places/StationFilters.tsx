import { StationFilter } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { DeskField } from "../shell/DeskField.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import type { StationsStore } from "../stores/places/StationsStore.ts";

const isOpenFilter = (value: string): value is StationFilter.OpenFilter => (StationFilter.OPEN_FILTERS as ReadonlyArray<string>).includes(value);

/** The station list's filter bar (issue 34): city, open or closed now, name or address; each applies at once. */
export const StationFilters = observer(function StationFilters({ store }: { readonly store: StationsStore }) {
  const { i18n } = useDesk();
  return (
    <div className="desk-filters" role="search" aria-label={i18n.t("desk.places.filters")}>
      <div className="desk-field">
        <label className="desk-field-label" htmlFor="places-city">
          {i18n.t("desk.places.filter.city")}
        </label>
        <select id="places-city" className="desk-filter-select" value={store.filter.city} onChange={(event) => store.setCity(event.target.value)}>
          <option value="">{i18n.t("desk.places.filter.anyCity")}</option>
          {store.cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </select>
      </div>
      <div className="desk-field">
        <label className="desk-field-label" htmlFor="places-open">
          {i18n.t("desk.places.filter.open")}
        </label>
        <select id="places-open" className="desk-filter-select" value={store.filter.open} onChange={(event) => isOpenFilter(event.target.value) && store.setOpen(event.target.value)}>
          {StationFilter.OPEN_FILTERS.map((open) => (
            <option key={open} value={open}>
              {i18n.t(`desk.places.open.${open}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="desk-filter-wide">
        <DeskField
          id="places-search"
          type="search"
          inputMode="search"
          label={i18n.t("desk.places.searchLabel")}
          placeholder={i18n.t("desk.places.searchPlaceholder")}
          value={store.filter.text}
          onChange={store.setText}
          maxLength={64}
        />
      </div>
    </div>
  );
});
