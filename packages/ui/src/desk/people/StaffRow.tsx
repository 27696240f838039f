import type { DeskStaffMember } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import List from "antd-mobile/es/components/list";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { formatChinaTime } from "../../components/orders/format.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import type { StaffStore } from "../stores/people/StaffStore.ts";
import { confirmAct } from "./confirmAct.ts";

/**
 * One staff account: name, role, a cashier's stations by name, its state (disabled, one-time
 * password not yet replaced), when it was added; disable (asked first) or enable, and reset
 * (asked first). A refusal shows under the account it is about.
 */
export const StaffRow = observer(function StaffRow({ member, store }: { readonly member: DeskStaffMember; readonly store: StaffStore }) {
  const { i18n, session } = useDesk();
  const { name } = member;
  const acting = store.acting;
  const busy = acting !== undefined;
  const toggle = async () => {
    if (member.disabled) return void store.enable(name);
    const act = i18n.t("desk.people.staff.disable");
    if (await confirmAct(i18n, i18n.t("desk.people.staff.disableConfirm", { name }), act)) await store.disable(name);
  };
  const reset = async () => {
    if (await confirmAct(i18n, i18n.t("desk.people.staff.resetConfirm", { name }), i18n.t("desk.people.staff.reset"))) await store.reset(name);
  };
  const stations = member.role === "cashier" ? member.stations.map(store.stationTitle).join(", ") : "";
  const problem = store.actProblemText(name);
  return (
    <List.Item
      description={
        <>
          <p className="people-row-meta">
            {i18n.t(`desk.role.${member.role}`)}
            {stations === "" ? "" : ` · ${stations}`}
          </p>
          <p className="people-row-meta">{i18n.t("desk.people.staff.createdAt", { at: formatChinaTime(member.created_at) })}</p>
          <div className="people-row-actions">
            <Button size="small" color={member.disabled ? "primary" : "danger"} fill="outline" onClick={() => void toggle()} disabled={busy} loading={acting?.name === name && acting.act !== "reset"}>
              {i18n.t(member.disabled ? "desk.people.staff.enable" : "desk.people.staff.disable")}
            </Button>
            <Button size="small" fill="outline" onClick={() => void reset()} disabled={busy} loading={acting?.name === name && acting.act === "reset"}>
              {i18n.t("desk.people.staff.reset")}
            </Button>
          </div>
          {problem === undefined ? null : (
            <p className="desk-error" role="alert">
              {problem}
            </p>
          )}
        </>
      }
    >
      <div className="people-row-head">
        <strong>{name}</strong>
        {session.me?.name === name ? <Tag color="primary">{i18n.t("desk.people.staff.you")}</Tag> : null}
        {member.disabled ? <Tag color="danger">{i18n.t("desk.people.staff.disabled")}</Tag> : null}
        {member.must_change_password ? <Tag color="warning">{i18n.t("desk.people.staff.mustChange")}</Tag> : null}
      </div>
    </List.Item>
  );
});
