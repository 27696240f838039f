import Button from "antd-mobile/es/components/button";
import Popup from "antd-mobile/es/components/popup";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { Money } from "@fuel/domain";
import { useDesk } from "../stores/DeskContext.tsx";
import type { InvoicesStore } from "../stores/invoices/InvoicesStore.ts";
import { InvoiceActs } from "./InvoiceActs.tsx";
import { InvoiceFacts } from "./InvoiceFacts.tsx";
import { invoiceStateText, STATE_COLOR } from "./invoiceWords.ts";

/** A table row's request whole, beside the table (a tablet or desktop), with its acts. */
export const InvoiceViewPopup = observer(function InvoiceViewPopup({ store }: { readonly store: InvoicesStore }) {
  const { i18n } = useDesk();
  const invoice = store.viewing;
  return (
    <Popup visible={invoice !== undefined} position="right" onMaskClick={store.closeView} onClose={store.closeView} bodyClassName="invoice-side">
      {invoice === undefined ? null : (
        <section className="invoice-sheet" aria-labelledby="invoice-view-title">
          <div className="invoice-sheet-head">
            <h2 id="invoice-view-title" className="invoice-card-title">
              {i18n.t("desk.invoices.requestNo", { id: invoice.invoice_id })}
            </h2>
            <Tag color={STATE_COLOR[invoice.state]} fill="outline">
              {invoiceStateText(invoice, i18n)}
            </Tag>
            <strong className="invoice-amount">{Money.formatYuan(invoice.line.amount)}</strong>
          </div>
          <InvoiceFacts invoice={invoice} />
          <InvoiceActs store={store} invoice={invoice} />
          <Button block fill="none" onClick={store.closeView}>
            {i18n.t("desk.invoices.close")}
          </Button>
        </section>
      )}
    </Popup>
  );
});
