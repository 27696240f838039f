import { Money } from "@fuel/domain";
import Card from "antd-mobile/es/components/card";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { Link } from "react-router";
import { useStores } from "../../app/StoresContext.tsx";
import { kindOf, secondsLeftToPay, statusLabelAt, type OrderEntry } from "../../stores/orders/OrderEntry.ts";
import { orderDetailPath } from "../../stores/orders/OrderActionsStore.ts";
import { formatChinaTime } from "./format.ts";
import { UnpaidActions } from "./UnpaidActions.tsx";

/** A recharge order's detail is its own page (spec §2 /orderDetail/2/:id). */
const detailPathOf = (entry: OrderEntry): string =>
  kindOf(entry.order) === "recharge" ? `/orderDetail/2/${entry.order.order_id}` : orderDetailPath(entry.order.order_id);

interface OrderCardProps {
  readonly entry: OrderEntry;
  /** The clock's time at the last tick. */
  readonly now: number;
  readonly onCancel: (orderId: number) => Promise<void>;
  readonly onPay: (entry: OrderEntry) => Promise<void>;
}

/**
 * One order of /orderlist (issue 12): the station (a link to the order's detail), the status in
 * words, amount, payable (bold), the time it was ordered (China time), and for an unpaid order the
 * countdown with cancel and pay. The status follows the clock: at 0 it reads cancelled.
 */
export const OrderCard = observer(function OrderCard({ entry, now, onCancel, onPay }: OrderCardProps) {
  const { i18n } = useStores();
  const { order } = entry;
  const status = i18n.t(`ordersStatus_${statusLabelAt(entry, now, "list")}`);
  const name = order.stationInfo?.title ?? i18n.t("ordersFuelCard");
  const secondsLeft = secondsLeftToPay(entry, now);
  return (
    <Card
      className="order-card"
      title={
        <h2 className="order-card-title">
          <Link to={detailPathOf(entry)} className="order-card-link" aria-label={`${name}, ${i18n.t("ordersOpenDetail")}`}>
            {name}
          </Link>
        </h2>
      }
      extra={
        <Tag className="order-status" color={secondsLeft > 0 ? "warning" : "default"} fill="outline" aria-label={i18n.t("ordersStatusLabel", { status })}>
          {status}
        </Tag>
      }
    >
      <dl className="order-facts">
        <div>
          <dt>{i18n.t("ordersAmount")}</dt>
          <dd>{Money.formatYuan(order.order_amount)}</dd>
        </div>
        <div>
          <dt>{i18n.t("ordersPayable")}</dt>
          <dd className="order-payable">{Money.formatYuan(order.amount)}</dd>
        </div>
        <div>
          <dt>{i18n.t("ordersTime")}</dt>
          <dd>
            <time dateTime={order.created_at}>{formatChinaTime(order.created_at)}</time>
          </dd>
        </div>
      </dl>
      <UnpaidActions order={order} secondsLeft={secondsLeft} onCancel={() => onCancel(order.order_id)} onPay={() => onPay(entry)} />
    </Card>
  );
});
