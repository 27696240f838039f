import type { DeskStation } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Checkbox from "antd-mobile/es/components/checkbox";
import Popup from "antd-mobile/es/components/popup";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { DeskField } from "../shell/DeskField.tsx";
import { useDesk } from "../stores/DeskContext.tsx";

interface StationPickerProps {
  readonly stations: ReadonlyArray<DeskStation>;
  readonly chosen: ReadonlyArray<number>;
  readonly onChange: (chosen: ReadonlyArray<number>) => void;
}

/** Whether a station answers a search: by its title, city or number, case ignored. */
const matches = (station: DeskStation, search: string): boolean => {
  const words = search.trim().toLowerCase();
  return words === "" || [station.title, station.city, String(station.id)].some((field) => field.toLowerCase().includes(words));
};

/**
 * A cashier's stations: the chosen ones as tags, and a sheet to choose more from every station
 * (searchable: a chain has hundreds), each a real checkbox.
 */
export const StationPicker = observer(function StationPicker({ stations, chosen, onChange }: StationPickerProps) {
  const { i18n } = useDesk();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const shown = stations.filter((station) => matches(station, search));
  const titleOf = (id: number) => stations.find((s) => s.id === id)?.title ?? i18n.t("desk.people.staff.stationUnknown", { id });
  return (
    <div className="desk-field">
      <span className="desk-field-label" id="people-stations-label">
        {i18n.t("desk.people.staff.stations")}
      </span>
      {chosen.length === 0 ? (
        <div className="desk-field-hint">{i18n.t("desk.people.staff.stationsNone")}</div>
      ) : (
        <div className="people-chosen" aria-labelledby="people-stations-label">
          {chosen.map((id) => (
            <Tag key={id} color="primary" fill="outline">
              {titleOf(id)}
            </Tag>
          ))}
        </div>
      )}
      <Button onClick={() => setOpen(true)}>
        {i18n.t("desk.people.staff.stationsChoose")} · {i18n.t("desk.people.staff.stationsChosen", { count: chosen.length })}
      </Button>
      <Popup visible={open} destroyOnClose onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8 }}>
        <div className="people-picker" role="dialog" aria-label={i18n.t("desk.people.staff.stationsChoose")}>
          <DeskField id="people-station-search" label={i18n.t("desk.people.staff.stationsSearch")} value={search} onChange={setSearch} type="search" inputMode="search" />
          {shown.length === 0 ? <div className="desk-field-hint">{i18n.t("desk.people.staff.stationsNoMatch")}</div> : null}
          <Checkbox.Group value={[...chosen]} onChange={(values) => onChange(values.map(Number))}>
            <ul className="people-picker-list">
              {shown.map((station) => (
                <li key={station.id}>
                  <Checkbox value={station.id}>
                    <span>{station.title}</span> <span className="people-row-meta">· {station.city} · #{station.id}</span>
                  </Checkbox>
                </li>
              ))}
            </ul>
          </Checkbox.Group>
          <Button block color="primary" onClick={() => setOpen(false)}>
            {i18n.t("desk.people.done")} · {i18n.t("desk.people.staff.stationsChosen", { count: chosen.length })}
          </Button>
        </div>
      </Popup>
    </div>
  );
});
