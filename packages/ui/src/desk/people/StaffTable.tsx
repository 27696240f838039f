import type { DeskStaffMember } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { formatChinaTime } from "../../components/orders/format.ts";
import { DeskTable, type DeskColumn } from "../table/DeskTable.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import type { StaffStore } from "../stores/people/StaffStore.ts";
import { StaffActions, StaffName } from "./StaffActions.tsx";

/** The staff accounts at tablet and desktop widths (issue 34): a row per account with its acts. */
export const StaffTable = observer(function StaffTable({ store }: { readonly store: StaffStore }) {
  const { i18n } = useDesk();
  const columns: ReadonlyArray<DeskColumn<DeskStaffMember, never>> = [
    { key: "name", header: i18n.t("desk.people.staff.name"), cell: (m) => <StaffName member={m} /> },
    { key: "role", header: i18n.t("desk.people.staff.role"), cell: (m) => i18n.t(`desk.role.${m.role}`) },
    { key: "stations", header: i18n.t("desk.people.staff.stationsColumn"), cell: (m) => (m.role === "cashier" ? m.stations.map(store.stationTitle).join(", ") : "") },
    { key: "added", header: i18n.t("desk.people.staff.addedColumn"), cell: (m) => formatChinaTime(m.created_at) },
    { key: "acts", header: i18n.t("desk.table.actions"), cell: (m) => <StaffActions member={m} store={store} /> },
  ];
  return <DeskTable caption={i18n.t("desk.people.staff.list", { count: store.staff?.length ?? 0 })} columns={columns} rows={store.staff ?? []} rowKey={(m) => m.name} />;
});
