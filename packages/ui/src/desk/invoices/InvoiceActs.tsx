import { Invoice } from "@fuel/domain";
import type { DeskInvoice } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import type { InvoicesStore } from "../stores/invoices/InvoicesStore.ts";

/**
 * The acts on an open request: 'issued' (the number, a PDF) and 'refuse' (a reason), each opening
 * its form. A request for the e-invoice service says so first: staff act on it only while it is
 * stuck before the service takes it; once the service is issuing it, it is the service's
 * (`Invoice.isWithProvider`) and has no acts. An issued or refused request has none.
 */
export const InvoiceActs = observer(function InvoiceActs({ store, invoice }: { readonly store: InvoicesStore; readonly invoice: DeskInvoice }) {
  const { i18n } = useDesk();
  if (!Invoice.isOpen(invoice.state)) return null;
  if (Invoice.isWithProvider(invoice)) return <p className="invoice-platform-note">{i18n.t("desk.invoices.withProvider")}</p>;
  const platform = invoice.issuer === "platform";
  const busy = store.acting?.busy === true;
  return (
    <div className="invoice-acts-block">
      {platform ? <p className="invoice-platform-note">{i18n.t("desk.invoices.platformNote")}</p> : null}
      <div className="invoice-acts">
        <Button color="primary" fill={platform ? "outline" : "solid"} disabled={busy} onClick={() => store.startAct(invoice, "issue")}>
          {i18n.t("desk.invoices.issue")}
        </Button>
        <Button color="danger" fill="outline" disabled={busy} onClick={() => store.startAct(invoice, "refuse")}>
          {i18n.t("desk.invoices.refuse")}
        </Button>
      </div>
    </div>
  );
});
