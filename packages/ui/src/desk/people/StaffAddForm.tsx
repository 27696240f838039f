import { Staff } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Radio from "antd-mobile/es/components/radio";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import { DeskField } from "../shell/DeskField.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import type { StaffStore } from "../stores/people/StaffStore.ts";
import { StationPicker } from "./StationPicker.tsx";

/** A new staff account: its name (the domain's rule, checked before sending), its role, a cashier's stations. */
export const StaffAddForm = observer(function StaffAddForm({ store }: { readonly store: StaffStore }) {
  const { i18n } = useDesk();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.add();
  };
  const chooseRole = (value: string | number) => {
    const role = String(value);
    if (Staff.isRole(role)) store.setRole(role);
  };
  return (
    <form className="desk-card people-section" onSubmit={submit} noValidate aria-labelledby="people-add-title">
      <h2 className="people-card-title" id="people-add-title">
        {i18n.t("desk.people.staff.add")}
      </h2>
      <DeskField
        id="people-staff-name"
        label={i18n.t("desk.people.staff.name")}
        value={store.draft.name}
        onChange={store.setName}
        autoComplete="off"
        maxLength={Staff.STAFF_NAME_MAX_LENGTH}
        hint={i18n.t("desk.people.staff.nameHint")}
        error={store.nameProblemText}
      />
      <fieldset className="people-radios">
        <legend className="people-legend">{i18n.t("desk.people.staff.role")}</legend>
        <Radio.Group value={store.draft.role} onChange={chooseRole}>
          {Staff.ROLES.map((role) => (
            <Radio key={role} value={role}>
              {i18n.t(`desk.role.${role}`)}
            </Radio>
          ))}
        </Radio.Group>
      </fieldset>
      {store.draft.role === "cashier" ? <StationPicker stations={store.stations} chosen={store.draft.stations} onChange={store.setStations} /> : null}
      {store.addProblemText === undefined ? null : (
        <p className="desk-error" role="alert">
          {store.addProblemText}
        </p>
      )}
      <Button block color="primary" size="large" type="submit" loading={store.adding} disabled={store.adding}>
        {i18n.t("desk.people.staff.add")}
      </Button>
    </form>
  );
});
