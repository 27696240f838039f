import type { DeskStaffMember } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import type { StaffStore } from "../stores/people/StaffStore.ts";
import { confirmAct } from "./confirmAct.ts";

/**
 * An account's acts: disable (asked first) or enable, and reset (asked first). The admin's own
 * account offers neither (issue 34; the server refuses disabling oneself anyway): their own
 * password is changed from the menu. A refusal shows under the account it is about.
 */
export const StaffActions = observer(function StaffActions({ member, store }: { readonly member: DeskStaffMember; readonly store: StaffStore }) {
  const { i18n, session } = useDesk();
  const { name } = member;
  if (session.me?.name === name) {
    return (
      <p className="people-row-meta people-own">
        {i18n.t("desk.people.staff.ownAccount")} <Link to="/desk/password">{i18n.t("desk.people.staff.ownPassword")}</Link>
      </p>
    );
  }
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
  const problem = store.actProblemText(name);
  return (
    <>
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
  );
});

/** The account's name and its marks: you, disabled, one-time password not yet replaced. */
export const StaffName = observer(function StaffName({ member }: { readonly member: DeskStaffMember }) {
  const { i18n, session } = useDesk();
  return (
    <div className="people-row-head">
      <strong>{member.name}</strong>
      {session.me?.name === member.name ? <Tag color="primary">{i18n.t("desk.people.staff.you")}</Tag> : null}
      {member.disabled ? <Tag color="danger">{i18n.t("desk.people.staff.disabled")}</Tag> : null}
      {member.must_change_password ? <Tag color="warning">{i18n.t("desk.people.staff.mustChange")}</Tag> : null}
    </div>
  );
});
