import { Money, type DeskList } from "@fuel/domain";
import type { OrderSortColumn } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { amountLabelAt, statusLabelAt, type OrderEntry } from "../../stores/orders/OrderEntry.ts";
import { DeskTable, type DeskColumn } from "../table/DeskTable.tsx";
import { useDesk } from "../stores/DeskContext.tsx";
import { deskTime } from "./format.ts";
import { categoryText, placeText } from "./orderWords.ts";

interface OrderTableProps {
  readonly entries: ReadonlyArray<OrderEntry>;
  readonly detailPath: (orderId: number) => string;
  readonly sort: DeskList.Sort<OrderSortColumn>;
  readonly onSort: (column: OrderSortColumn) => void;
}

/** The order list at tablet and desktop widths (issue 34): a row per order, sorted on the server by created time or amount. */
export const OrderTable = observer(function OrderTable({ entries, detailPath, sort, onSort }: OrderTableProps) {
  const { i18n } = useDesk();
  const columns: ReadonlyArray<DeskColumn<OrderEntry, OrderSortColumn>> = [
    { key: "id", header: i18n.t("desk.records.orderId"), numeric: true, cell: ({ order }) => <Link to={detailPath(order.order_id)}>{order.order_id}</Link> },
    { key: "created", header: i18n.t("desk.records.createdAt"), sort: "created_at", cell: ({ order }) => <time dateTime={order.created_at}>{deskTime(order.created_at)}</time> },
    { key: "type", header: i18n.t("desk.records.kind"), cell: ({ order }) => categoryText(order, i18n) },
    { key: "place", header: i18n.t("desk.records.column.place"), cell: ({ order }) => placeText(order, i18n) },
    { key: "status", header: i18n.t("desk.records.status"), cell: (entry) => i18n.t(`ordersStatus_${statusLabelAt(entry, entry.loadedAt, "list")}`) },
    {
      key: "amount",
      header: i18n.t("desk.records.amount"),
      sort: "amount",
      numeric: true,
      cell: (entry) => <span aria-label={`${i18n.t(`ordersAmountLabel_${amountLabelAt(entry, entry.loadedAt)}`)} ${Money.formatYuan(entry.order.amount)}`}>{Money.formatYuan(entry.order.amount)}</span>,
    },
    { key: "phone", header: i18n.t("desk.records.customerPhone"), cell: ({ order }) => order.phone },
    { key: "merchant", header: i18n.t("desk.records.merchantNo"), cell: ({ order }) => <span className="desk-table-code">{order.mchnt_order_no}</span> },
  ];
  return <DeskTable caption={i18n.t("desk.menu.orders")} columns={columns} rows={entries} rowKey={(entry) => entry.order.order_id} sort={sort} onSort={onSort} />;
});
