import { Invoice } from "@fuel/domain";
import type { InvoiceTitle } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Checkbox from "antd-mobile/es/components/checkbox";
import List from "antd-mobile/es/components/list";
import Radio from "antd-mobile/es/components/radio";
import type { InputProps } from "antd-mobile/es/components/input";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { describeError } from "../../stores/messages.ts";
import { MORE_FIELDS, titleFormStore, type TitleTextField } from "../../stores/invoices/TitleFormStore.ts";
import type { UiKey } from "../../i18n/catalogue.ts";
import { StoreForm, StoreFormItem } from "../forms/StoreForm.tsx";
import { OrderField } from "../order/OrderField.tsx";
import "../forms/forms.css";
import "./invoices.css";

/** Each text field's label, hint and keyboard. */
const FIELDS: Readonly<Record<TitleTextField, { readonly label: UiKey; readonly hint: UiKey; readonly input: Omit<InputProps, "value" | "onChange" | "id"> }>> = {
  name: { label: "invoices.formName_company", hint: "invoices.formNameHint", input: { autoComplete: "organization", maxLength: 200 } },
  tax_id: { label: "invoices.formTaxId", hint: "invoices.formTaxIdHint", input: { autoComplete: "off", autoCapitalize: "characters", maxLength: 40 } },
  email: { label: "invoices.formEmail", hint: "invoices.formEmailHint", input: { type: "email", inputMode: "email", autoComplete: "email", maxLength: 200 } },
  phone: { label: "invoices.formPhone", hint: "invoices.formPhoneHint", input: { type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: 40 } },
  address: { label: "invoices.formAddress", hint: "invoices.formAddressHint", input: { autoComplete: "street-address", maxLength: 200 } },
  bank: { label: "invoices.formBank", hint: "invoices.formBankHint", input: { autoComplete: "off", maxLength: 200 } },
  account: { label: "invoices.formAccount", hint: "invoices.formAccountHint", input: { inputMode: "numeric", autoComplete: "off", maxLength: 60 } },
};

const TitleField = observer(function TitleField({ field, idPrefix }: { readonly field: TitleTextField; readonly idPrefix: string }) {
  const form = useStore(titleFormStore);
  const { i18n } = useStores();
  const spec = FIELDS[field];
  const label = field === "name" ? (form.company ? "invoices.formName_company" : "invoices.formName_personal") : spec.label;
  return (
    <OrderField
      id={`${idPrefix}-${field.replace("_", "-")}`}
      label={i18n.t(label)}
      hint={i18n.t(spec.hint, { max: field === "name" ? Invoice.TITLE_NAME_MAX_LENGTH : Invoice.TITLE_TEXT_MAX_LENGTH })}
      error={form.errorOf(field)}
      value={form.values[field]}
      onChange={(value) => form.set(field, value)}
      required={field === "name" || field === "tax_id"}
      input={{ ...spec.input, clearable: true, onBlur: () => form.leave(field) }}
    />
  );
});

/**
 * Issue 35 item 2: an invoice title's form, on /invoiceTitle and inline on the apply screen.
 * Personal or company (a company asks its taxpayer id); the e-mail in sight and the rest of the
 * optional fields under 'more'; each field's problem in the server's words (`Invoice.titleProblems`).
 */
export const TitleForm = observer(function TitleForm({
  idPrefix = "title",
  onSaved,
  onCancel,
}: {
  readonly idPrefix?: string;
  readonly onSaved: (title: InvoiceTitle) => void;
  readonly onCancel?: () => void;
}) {
  const form = useStore(titleFormStore);
  const { i18n } = useStores();
  const submit = () => {
    void form.submit().then((saved) => {
      if (saved !== undefined) onSaved(saved);
    });
  };
  const moreId = `${idPrefix}-more`;
  return (
    <StoreForm
      className="invoice-title-form"
      onSubmit={submit}
      footer={
        <div className="form-footer invoice-form-footer">
          <Button block type="submit" color="primary" size="large" loading={form.saving} disabled={form.saving}>
            {i18n.t("invoices.formSave")}
          </Button>
          {onCancel === undefined ? null : (
            <Button block fill="none" onClick={onCancel}>
              {i18n.t("invoices.formCancel")}
            </Button>
          )}
        </div>
      }
    >
      <StoreFormItem label={<span id={`${idPrefix}-type-label`}>{i18n.t("invoices.formType")}</span>}>
        <Radio.Group value={form.type} onChange={(value) => form.setType(value === "personal" ? "personal" : "company")}>
          <div role="radiogroup" aria-labelledby={`${idPrefix}-type-label`} className="invoice-types">
            {(["company", "personal"] as const).map((type) => (
              <Radio key={type} value={type}>
                {i18n.t(`invoices.type_${type}`)}
              </Radio>
            ))}
          </div>
        </Radio.Group>
      </StoreFormItem>
      <TitleField field="name" idPrefix={idPrefix} />
      {form.company ? <TitleField field="tax_id" idPrefix={idPrefix} /> : null}
      <TitleField field="email" idPrefix={idPrefix} />
      <List.Item className="invoice-more-row">
        <Button fill="none" color="primary" size="small" aria-expanded={form.moreOpen} aria-controls={moreId} onClick={form.toggleMore}>
          {i18n.t(form.moreOpen ? "invoices.formLess" : "invoices.formMore")}
        </Button>
      </List.Item>
      <div id={moreId} hidden={!form.moreOpen}>
        {form.moreOpen ? MORE_FIELDS.map((field) => <TitleField key={field} field={field} idPrefix={idPrefix} />) : null}
      </div>
      <List.Item>
        <Checkbox checked={form.makeDefault} onChange={form.setMakeDefault}>
          {i18n.t("invoices.formDefault")}
        </Checkbox>
      </List.Item>
      {form.refusal === undefined ? null : (
        <p className="refusal" role="alert">
          {describeError(form.refusal, i18n)}
        </p>
      )}
    </StoreForm>
  );
});
