import { Money } from "@fuel/domain";
import type { DeskInvoice } from "@fuel/domain/api";
import Card from "antd-mobile/es/components/card";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import type { InvoicesStore } from "../stores/invoices/InvoicesStore.ts";
import { InvoiceActs } from "./InvoiceActs.tsx";
import { InvoiceFacts } from "./InvoiceFacts.tsx";
import { invoiceStateText, STATE_COLOR } from "./invoiceWords.ts";

/** One request on a phone: its number, state and amount, then all of it, then its acts. */
export const InvoiceCard = observer(function InvoiceCard({ store, invoice }: { readonly store: InvoicesStore; readonly invoice: DeskInvoice }) {
  const { i18n } = useDesk();
  const titleId = `invoice-${invoice.invoice_id}`;
  return (
    <li aria-labelledby={titleId} data-invoice-id={invoice.invoice_id}>
      <Card
        className="invoice-card"
        title={
          <h2 className="invoice-card-title" id={titleId}>
            {i18n.t("desk.invoices.requestNo", { id: invoice.invoice_id })}
          </h2>
        }
        extra={
          <span className="invoice-card-extra">
            <Tag color={STATE_COLOR[invoice.state]} fill="outline">
              {invoiceStateText(invoice, i18n)}
            </Tag>
            <strong className="invoice-amount">{Money.formatYuan(invoice.line.amount)}</strong>
          </span>
        }
      >
        <InvoiceFacts invoice={invoice} />
        <InvoiceActs store={store} invoice={invoice} />
      </Card>
    </li>
  );
});
