import { Money } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import type { FormEvent } from "react";
import { chosenBytes } from "../places/chosenFiles.ts";
import { FilePicker } from "../places/FilePicker.tsx";
import "../places/places.css";
import { DeskField } from "../shell/DeskField.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import type { InvoiceActStore } from "../stores/invoices/InvoiceActStore.ts";
import { INVOICE_PDF_MAX_KB } from "../stores/invoices/invoicePdf.ts";

/**
 * 'Issued': what to issue in the tax system (the amount, the title's name), then the number it
 * gave and, if at hand, its PDF from this device (checked here by its size and bytes, as the
 * server checks it). Sending is the confirmation; the form stays as typed if it fails.
 */
export const IssueForm = observer(function IssueForm({ act, onSend, onCancel }: { readonly act: InvoiceActStore; readonly onSend: () => void; readonly onCancel: () => void }) {
  const { i18n } = useDesk();
  const { invoice } = act;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  return (
    <form className="invoice-form" onSubmit={submit} noValidate aria-labelledby="invoice-act-title">
      <h2 id="invoice-act-title">{i18n.t("desk.invoices.issueTitle", { id: invoice.invoice_id })}</h2>
      <p className="desk-lead">{i18n.t("desk.invoices.issueLead", { amount: Money.formatYuan(invoice.line.amount), name: invoice.title.name })}</p>
      <DeskField
        id="invoice-number"
        label={i18n.t("desk.invoices.numberLabel")}
        value={act.number}
        onChange={act.setNumber}
        inputMode="numeric"
        autoComplete="off"
        maxLength={40}
        placeholder={i18n.t("desk.invoices.numberPlaceholder")}
        error={act.numberProblem === undefined ? undefined : describeDeskError(act.numberProblem, i18n)}
      />
      <div className="desk-field">
        <span className="desk-field-label">{i18n.t("desk.invoices.pdf")}</span>
        <div className="invoice-pdf-line">
          <FilePicker
            id="invoice-pdf"
            label={i18n.t(act.pdf === undefined ? "desk.invoices.pdfChoose" : "desk.invoices.pdfReplace")}
            accept="application/pdf,.pdf"
            disabled={act.busy || act.readingPdf}
            onFile={(file) => void act.choosePdf(chosenBytes(file))}
          />
          {act.pdf === undefined ? null : (
            <Button size="small" fill="none" color="danger" disabled={act.busy} onClick={act.removePdf}>
              {i18n.t("desk.invoices.pdfRemove")}
            </Button>
          )}
        </div>
        {act.readingPdf ? (
          <div className="desk-field-hint" role="status">
            {i18n.t("desk.invoices.pdfReading")}
          </div>
        ) : act.pdf === undefined ? (
          <div className="desk-field-hint">{i18n.t("desk.invoices.pdfHint", { max: INVOICE_PDF_MAX_KB })}</div>
        ) : (
          <div className="invoice-pdf-chosen" role="status">
            {i18n.t("desk.invoices.pdfChosen", { name: act.pdf.name, size: Math.max(1, Math.round(act.pdf.bytes / 1024)) })}
          </div>
        )}
        {act.pdfProblem === undefined ? null : (
          <div className="desk-field-error" role="alert">
            {describeDeskError(act.pdfProblem, i18n)}
          </div>
        )}
      </div>
      {act.problem === undefined ? null : (
        <p className="desk-error" role="alert">
          {describeDeskError(act.problem, i18n)}
        </p>
      )}
      <Button block color="primary" size="large" type="submit" loading={act.busy} disabled={act.busy || act.readingPdf}>
        {i18n.t("desk.invoices.issueSend")}
      </Button>
      <Button block fill="outline" disabled={act.busy} onClick={onCancel}>
        {i18n.t("desk.invoices.cancel")}
      </Button>
    </form>
  );
});
