import type { DeskStaffMember } from "@fuel/domain/api";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import { formatChinaTime } from "../../components/orders/format.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import type { StaffStore } from "../stores/people/StaffStore.ts";
import { StaffActions, StaffName } from "./StaffActions.tsx";

/**
 * One staff account on a phone: name, role, a cashier's stations by name, its state (disabled,
 * one-time password not yet replaced), when it was added, and its acts (none on one's own).
 */
export const StaffRow = observer(function StaffRow({ member, store }: { readonly member: DeskStaffMember; readonly store: StaffStore }) {
  const { i18n } = useDesk();
  const stations = member.role === "cashier" ? member.stations.map(store.stationTitle).join(", ") : "";
  return (
    <List.Item
      description={
        <>
          <p className="people-row-meta">
            {i18n.t(`desk.role.${member.role}`)}
            {stations === "" ? "" : ` · ${stations}`}
          </p>
          <p className="people-row-meta">{i18n.t("desk.people.staff.createdAt", { at: formatChinaTime(member.created_at) })}</p>
          <StaffActions member={member} store={store} />
        </>
      }
    >
      <StaffName member={member} />
    </List.Item>
  );
});
