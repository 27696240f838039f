import { Money } from "@fuel/domain";
import List from "antd-mobile/es/components/list";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { RowLink } from "../../components/RowLink.tsx";
import { amountLabelAt, statusLabelAt, type OrderEntry } from "../../stores/orders/OrderEntry.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import { deskTime } from "./format.ts";
import { kindText, placeText } from "./orderWords.ts";

/**
 * The orders a search found, each a link to its detail: where (station or card) and what kind,
 * its number and time, the amount with the customer's word for it and the status in words (the
 * customer's own labels, read at the time the list was loaded).
 */
export const OrderList = observer(function OrderList({ entries, detailPath }: { readonly entries: ReadonlyArray<OrderEntry>; readonly detailPath: (orderId: number) => string }) {
  const { i18n } = useDesk();
  return (
    <List className="records-list">
      {entries.map((entry) => {
        const { order } = entry;
        const status = i18n.t(`ordersStatus_${statusLabelAt(entry, entry.loadedAt, "list")}`);
        return (
          <RowLink
            key={order.order_id}
            to={detailPath(order.order_id)}
            description={
              <span className="records-row-lines">
                <span>
                  {kindText(order, i18n)} · {i18n.t("desk.records.orderNo", { id: order.order_id })}
                </span>
                <span className="records-wrap">{order.mchnt_order_no}</span>
                <time dateTime={order.created_at}>{deskTime(order.created_at)}</time>
              </span>
            }
            extra={
              <span className="records-row-extra">
                <Tag color="primary" fill="outline">
                  {status}
                </Tag>
                <span className="records-amount" aria-label={`${i18n.t(`ordersAmountLabel_${amountLabelAt(entry, entry.loadedAt)}`)} ${Money.formatYuan(order.amount)}`}>
                  {Money.formatYuan(order.amount)}
                </span>
              </span>
            }
          >
            <span className="records-wrap">{placeText(order, i18n)}</span>
          </RowLink>
        );
      })}
    </List>
  );
});
