import { Invoice } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import type { DeskStation } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { useState, type FormEvent } from "react";
import { useNavigate } from "../../router/index.tsx";
import { DeskField } from "../shell/DeskField.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import { StationFormStore, type StationField } from "../stores/places/StationFormStore.ts";
import { ChoiceField } from "./ChoiceField.tsx";
import { PlacesProblem } from "./PlacesProblem.tsx";
import { PlacesSection } from "./PlacesSection.tsx";

interface StationFormProps {
  /** The station to edit; none adds one. */
  readonly station: DeskStation | undefined;
  /** The saved station, for the list. */
  readonly onSaved: (station: DeskStation) => void;
}

type InputMode = "text" | "decimal" | "tel";

/** One station's form, grouped as the admin thinks of a station: where, prices, what and when. */
export const StationForm = observer(function StationForm({ station, onSaved }: StationFormProps) {
  const { ports, i18n, notices } = useDesk();
  const [form] = useState(() => new StationFormStore(ports, i18n, notices, station));
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await form.save();
    if (saved === undefined) return;
    onSaved(saved);
    navigate("/desk/stations");
  };
  const field = (name: StationField, options: { readonly inputMode?: InputMode; readonly maxLength?: number; readonly hint?: string; readonly placeholder?: string } = {}) => {
    const error = form.errors[name];
    return (
      <DeskField
        id={`station-${name}`}
        label={i18n.t(`desk.places.field.${name}`)}
        value={form.fields[name]}
        onChange={(value) => form.set(name, value)}
        inputMode={options.inputMode ?? "text"}
        maxLength={options.maxLength ?? 256}
        {...(options.hint === undefined ? {} : { hint: options.hint })}
        {...(options.placeholder === undefined ? {} : { placeholder: options.placeholder })}
        error={error === undefined ? undefined : describeDeskError(error, i18n)}
      />
    );
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <PlacesSection title={i18n.t("desk.places.group.place")}>
        {field("city")}
        {field("title")}
        {field("address")}
        <div className="places-pair">
          {field("longitude", { inputMode: "decimal", maxLength: 16, placeholder: "113.4521" })}
          {field("latitude", { inputMode: "decimal", maxLength: 16, placeholder: "23.1042" })}
        </div>
      </PlacesSection>
      <PlacesSection title={i18n.t("desk.places.group.prices")}>
        {field("now_price", { inputMode: "decimal", maxLength: 12, placeholder: "6.89" })}
        {field("original_price", { inputMode: "decimal", maxLength: 12, placeholder: "7.45" })}
        {field("nation_price", { inputMode: "decimal", maxLength: 12, placeholder: "7.45" })}
      </PlacesSection>
      <PlacesSection title={i18n.t("desk.places.group.sales")}>
        {field("sell_type", { maxLength: 64, hint: i18n.t("desk.places.sellTypeHint") })}
        <div className="places-pair">
          {field("business_start_time", { maxLength: 5, placeholder: "06:00" })}
          {field("business_end_time", { maxLength: 5, placeholder: "22:00" })}
        </div>
        <p className="places-hint">{i18n.t("desk.places.hoursHint")}</p>
        {field("code_id")}
        {field("tel", { inputMode: "tel" })}
        {field("shop_image", { maxLength: 2048 })}
      </PlacesSection>
      <PlacesSection title={i18n.t("desk.places.settings.invoices")}>
        <ChoiceField
          id="station-invoice_policy"
          legend={i18n.t("desk.places.field.invoice_policy")}
          value={form.invoicePolicy}
          options={Invoice.INVOICE_POLICIES.map((policy) => ({ value: policy, label: i18n.t(`desk.places.policy.${policy}`) }))}
          onChange={form.setInvoicePolicy}
          hint={i18n.t("desk.places.policyHint")}
        />
      </PlacesSection>
      <PlacesProblem problem={form.problem} refusal={form.refusal} lead="desk.places.stationRefused" />
      <div className="places-save places-actions">
        <Button type="submit" color="primary" size="large" loading={form.busy} disabled={form.busy}>
          {i18n.t("desk.places.saveStation")}
        </Button>
        <Button size="large" disabled={form.busy} onClick={() => navigate("/desk/stations")}>
          {i18n.t("desk.places.cancel")}
        </Button>
      </div>
    </form>
  );
});
