import { Invoice } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import TextArea from "antd-mobile/es/components/text-area";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import type { InvoiceActStore } from "../stores/invoices/InvoiceActStore.ts";

/** 'Refuse': the reason the customer reads (required), then they may ask again with a corrected title. */
export const RefuseForm = observer(function RefuseForm({ act, onSend, onCancel }: { readonly act: InvoiceActStore; readonly onSend: () => void; readonly onCancel: () => void }) {
  const { i18n } = useDesk();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  const why = act.reasonProblem ?? act.problem;
  return (
    <form className="invoice-form" onSubmit={submit} noValidate aria-labelledby="invoice-act-title">
      <h2 id="invoice-act-title">{i18n.t("desk.invoices.refuseTitle", { id: act.invoice.invoice_id })}</h2>
      <p className="desk-lead">{i18n.t("desk.invoices.refuseLead")}</p>
      <div className="desk-field">
        <label className="desk-field-label" htmlFor="invoice-reason">
          {i18n.t("desk.invoices.reasonLabel")}
        </label>
        <TextArea
          id="invoice-reason"
          className="invoice-reason"
          value={act.reason}
          onChange={act.setReason}
          placeholder={i18n.t("desk.invoices.reasonPlaceholder")}
          maxLength={Invoice.REFUSAL_REASON_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          aria-invalid={why === undefined ? undefined : true}
          aria-describedby={why === undefined ? undefined : "invoice-reason-error"}
        />
        {why === undefined ? null : (
          <div className="desk-field-error" id="invoice-reason-error" role="alert">
            {describeDeskError(why, i18n)}
          </div>
        )}
      </div>
      <Button block color="danger" size="large" type="submit" loading={act.busy} disabled={act.busy}>
        {i18n.t("desk.invoices.refuseSend")}
      </Button>
      <Button block fill="outline" disabled={act.busy} onClick={onCancel}>
        {i18n.t("desk.invoices.cancel")}
      </Button>
    </form>
  );
});
