import { Staff } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import { DeskField } from "../shell/DeskField.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import type { AuditStore } from "../stores/records/AuditStore.ts";

/**
 * The audit log's filters: a staff name, an act (the domain's list, in words), a first and last
 * day (the device's own date picker: the quickest way to a day on a phone). Apply reloads the log;
 * the form's problem (a reversed range) shows under it.
 */
export const AuditFiltersForm = observer(function AuditFiltersForm({ store }: { readonly store: AuditStore }) {
  const { i18n } = useDesk();
  const { draft } = store;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.apply();
  };
  return (
    <form className="desk-card records-filters" onSubmit={submit} aria-label={i18n.t("desk.records.audit.apply")}>
      <DeskField
        id="audit-staff"
        label={i18n.t("desk.records.audit.staff")}
        value={draft.staff}
        onChange={store.setStaff}
        placeholder={i18n.t("desk.records.audit.staffPlaceholder")}
        autoComplete="off"
        maxLength={Staff.STAFF_NAME_MAX_LENGTH}
      />
      <div className="desk-field">
        <label className="desk-field-label" htmlFor="audit-act">
          {i18n.t("desk.records.audit.act")}
        </label>
        <select id="audit-act" className="records-select" value={draft.act} onChange={(event) => store.setAct(Staff.isAuditAct(event.target.value) ? event.target.value : "")}>
          <option value="">{i18n.t("desk.records.audit.anyAct")}</option>
          {Staff.AUDIT_ACTS.map((act) => (
            <option key={act} value={act}>
              {i18n.t(`desk.records.act.${act}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="records-days">
        <DayField id="audit-from" label={i18n.t("desk.records.audit.from")} value={draft.from} onChange={store.setFrom} />
        <DayField id="audit-to" label={i18n.t("desk.records.audit.to")} value={draft.to} onChange={store.setTo} />
      </div>
      {store.problem !== undefined && store.rows !== undefined ? (
        <p className="desk-error" role="alert">
          {store.problemText}
        </p>
      ) : null}
      <div className="records-actions">
        <Button type="submit" color="primary" loading={store.loading} disabled={store.loading}>
          {i18n.t("desk.records.audit.apply")}
        </Button>
        <Button type="button" fill="outline" disabled={store.loading} onClick={() => void store.clear()}>
          {i18n.t("desk.records.audit.clear")}
        </Button>
      </div>
    </form>
  );
});

function DayField({ id, label, value, onChange }: { readonly id: string; readonly label: string; readonly value: string; readonly onChange: (day: string) => void }) {
  return (
    <div className="desk-field">
      <label className="desk-field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="records-select" type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
