import { Money, type DeskList } from "@fuel/domain";
import type { DeskInvoice, InvoiceSortColumn } from "@fuel/domain/api";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { deskTime } from "../records/format.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import type { InvoicesStore } from "../stores/invoices/InvoicesStore.ts";
import { DeskTable, type DeskColumn } from "../table/DeskTable.tsx";
import { invoicePlaceText, invoiceStateText, STATE_COLOR } from "./invoiceWords.ts";

interface InvoiceTableProps {
  readonly store: InvoicesStore;
  readonly sort: DeskList.Sort<InvoiceSortColumn>;
  readonly onSort: (column: InvoiceSortColumn) => void;
}

/**
 * The queue at tablet and desktop widths (issue 35, as the order table): a row per request,
 * sorted on the server by when it was asked or its amount; 'details' shows the request whole,
 * with its acts.
 */
export const InvoiceTable = observer(function InvoiceTable({ store, sort, onSort }: InvoiceTableProps) {
  const { i18n } = useDesk();
  const columns: ReadonlyArray<DeskColumn<DeskInvoice, InvoiceSortColumn>> = [
    { key: "id", header: i18n.t("desk.invoices.column.id"), numeric: true, cell: (invoice) => invoice.invoice_id },
    { key: "created", header: i18n.t("desk.invoices.createdAt"), sort: "created_at", cell: (invoice) => <time dateTime={invoice.created_at}>{deskTime(invoice.created_at)}</time> },
    {
      key: "state",
      header: i18n.t("desk.invoices.state"),
      cell: (invoice) => (
        <Tag color={STATE_COLOR[invoice.state]} fill="outline">
          {invoiceStateText(invoice, i18n)}
        </Tag>
      ),
    },
    { key: "station", header: i18n.t("desk.invoices.station"), cell: (invoice) => invoicePlaceText(invoice, i18n) },
    {
      key: "title",
      header: i18n.t("desk.invoices.column.title"),
      cell: ({ title }) => (
        <span className="invoice-cell-lines">
          <span>{title.name}</span>
          {title.tax_id === null ? <span className="invoice-weak">{i18n.t("desk.invoices.titleType.personal")}</span> : <span className="invoice-code invoice-weak">{title.tax_id}</span>}
        </span>
      ),
    },
    { key: "orders", header: i18n.t("desk.invoices.column.orders"), cell: (invoice) => invoice.orders.map((o) => o.order_id).join(", ") },
    { key: "litres", header: i18n.t("desk.invoices.column.litres"), numeric: true, cell: (invoice) => invoice.line.litres ?? "—" },
    { key: "amount", header: i18n.t("desk.invoices.column.amount"), sort: "amount", numeric: true, cell: (invoice) => Money.formatYuan(invoice.line.amount) },
    {
      key: "actions",
      header: i18n.t("desk.table.actions"),
      cell: (invoice) => (
        <button
          type="button"
          className="invoice-details-button"
          aria-label={`${i18n.t("desk.invoices.details")} · ${i18n.t("desk.invoices.requestNo", { id: invoice.invoice_id })}`}
          onClick={() => store.view(invoice)}
        >
          {i18n.t("desk.invoices.details")}
        </button>
      ),
    },
  ];
  return <DeskTable caption={i18n.t("desk.menu.invoices")} columns={columns} rows={store.invoices} rowKey={(invoice) => invoice.invoice_id} sort={sort} onSort={onSort} />;
});
