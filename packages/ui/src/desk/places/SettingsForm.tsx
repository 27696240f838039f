import { Invoice } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import NoticeBar from "antd-mobile/es/components/notice-bar";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import { DeskField } from "../shell/DeskField.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import type { SettingsField, SettingsStore } from "../stores/places/SettingsStore.ts";
import { ChoiceField } from "./ChoiceField.tsx";
import { PlacesProblem } from "./PlacesProblem.tsx";
import { PlacesSection } from "./PlacesSection.tsx";
import { QrImageField } from "./QrImageField.tsx";
import { TextAreaField } from "./TextAreaField.tsx";

// The request schema's limits (DeskSettingsRequest): ShortText 64, LongText 4096, a card prefix 25 digits.
const SHORT = 64;
const LONG = 4096;
const PREFIX = 25;

/** Every site setting, grouped as the card pages use them, saved at once. */
export const SettingsForm = observer(function SettingsForm({ store }: { readonly store: SettingsStore }) {
  const { i18n } = useDesk();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.save();
  };
  const field = (name: SettingsField, options: { readonly inputMode: "decimal" | "numeric" | "tel" | "text"; readonly maxLength: number; readonly hint?: string }) => {
    const error = store.errors[name];
    return (
      <DeskField
        id={`settings-${name}`}
        label={i18n.t(`desk.places.settings.${name}`)}
        value={store.fields[name]}
        onChange={(value) => store.set(name, value)}
        inputMode={options.inputMode}
        maxLength={options.maxLength}
        {...(options.hint === undefined ? {} : { hint: options.hint })}
        error={error === undefined ? undefined : describeDeskError(error, i18n)}
      />
    );
  };
  const price = (name: SettingsField) => field(name, { inputMode: "decimal", maxLength: 12 });
  const tip = (name: "recharge_tip" | "recharge_shiti_tip") => (
    <TextAreaField id={`settings-${name}`} label={i18n.t(`desk.places.settings.${name}`)} value={store.fields[name]} onChange={(value) => store.set(name, value)} maxLength={LONG} />
  );
  return (
    <form onSubmit={submit} noValidate>
      {store.saved === null ? (
        <NoticeBar content={i18n.t("desk.places.settingsNone")} color="info" wrap />
      ) : null}
      <PlacesSection title={i18n.t("desk.places.settings.diesel")}>
        {price("price_0_now")}
        {price("price_0_original")}
        {price("price_0_nation")}
      </PlacesSection>
      <PlacesSection title={i18n.t("desk.places.settings.cards")}>
        {price("price_0_xuni")}
        {price("price_0_shiti")}
        {field("virtual_common_num", { inputMode: "numeric", maxLength: PREFIX, hint: i18n.t("desk.places.prefixHint") })}
        {field("entity_common_num", { inputMode: "numeric", maxLength: PREFIX })}
      </PlacesSection>
      <PlacesSection title={i18n.t("desk.places.settings.phones")}>
        {field("tel1", { inputMode: "tel", maxLength: SHORT })}
        {field("tel2", { inputMode: "tel", maxLength: SHORT })}
      </PlacesSection>
      <PlacesSection title={i18n.t("desk.places.settings.tips")}>
        {tip("recharge_tip")}
        {tip("recharge_shiti_tip")}
      </PlacesSection>
      <PlacesSection title={i18n.t("desk.places.settings.invoices")}>
        {field("invoice_window_days", {
          inputMode: "numeric",
          maxLength: 3,
          hint: i18n.t("desk.places.windowDaysHint", { min: Invoice.MIN_INVOICE_WINDOW_DAYS, max: Invoice.MAX_INVOICE_WINDOW_DAYS, default: Invoice.DEFAULT_INVOICE_WINDOW_DAYS }),
        })}
        <ChoiceField
          id="settings-recharge_invoice"
          legend={i18n.t("desk.places.settings.recharge_invoice")}
          value={store.rechargeInvoice}
          options={Invoice.RECHARGE_INVOICE_MODES.map((mode) => ({ value: mode, label: i18n.t(`desk.places.rechargeInvoice.${mode}`) }))}
          onChange={store.setRechargeInvoice}
        />
      </PlacesSection>
      <PlacesSection title={i18n.t("desk.places.settings.follow")}>
        {field("follow_account_name", { inputMode: "text", maxLength: SHORT })}
        <QrImageField store={store} />
      </PlacesSection>
      <PlacesProblem problem={store.problem} refusal={store.refusal} lead="desk.places.settingsRefused" />
      <div className="places-save">
        <Button block type="submit" color="primary" size="large" loading={store.busy} disabled={store.busy}>
          {i18n.t("desk.places.saveSettings")}
        </Button>
      </div>
    </form>
  );
});
