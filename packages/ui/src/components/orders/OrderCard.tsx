import { Money, Order } from "@fuel/domain";
import Card from "antd-mobile/es/components/card";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { useStores } from "../../stores/StoresContext.tsx";
import { amountLabelAt, factsAt, kindOf, secondsLeftToPay, statusLabelAt, type OrderEntry } from "../../stores/orders/OrderEntry.ts";
import { detailPathOf } from "../../stores/orders/OrderActionsStore.ts";
import { rechargeCardOf } from "../../stores/orders/RechargeCard.ts";
import { formatChinaTime } from "./format.ts";
import { rechargeCardTitle } from "./rechargeCard.ts";
import { UnpaidActions } from "./UnpaidActions.tsx";
import "./orderCard.css";

interface OrderCardProps {
  readonly entry: OrderEntry;
  /** The clock's time at the last tick. */
  readonly now: number;
  readonly onCancel: (orderId: number) => Promise<void>;
  readonly onPay: (entry: OrderEntry) => Promise<void>;
}

/**
 * One order of /orderlist (issues 12 and 13): the station of a fuel order, or the card of a recharge
 * ('Fuel card 1000111234567', 'New virtual card'), as a link to the order's own detail that covers
 * the whole card (issue 25: one tap target anywhere on it, one stop for a keyboard; the card's own
 * buttons sit above it and do not open the order); the status in words, amount, what was paid or is payable (bold, `Order.amountLabel`),
 * the time it was ordered (China time), for an unpaid order the countdown with cancel and pay,
 * and 'show QR code' while its detail would show one (`Order.qrVisible`). The status follows the
 * clock: at 0 it reads cancelled.
 */
export const OrderCard = observer(function OrderCard({ entry, now, onCancel, onPay }: OrderCardProps) {
  const { i18n } = useStores();
  const { order } = entry;
  const status = i18n.t(`ordersStatus_${statusLabelAt(entry, now, "list")}`);
  const recharge = kindOf(order) === "recharge";
  const name = recharge ? rechargeCardTitle(rechargeCardOf(order), i18n) : (order.stationInfo?.title ?? i18n.t("ordersFuelCard"));
  const secondsLeft = secondsLeftToPay(entry, now);
  const detail = detailPathOf(order);
  const showQr = Order.qrVisible(factsAt(entry, now), order.refund_status, now);
  return (
    <Card
      className="order-card"
      title={
        <h2 className="order-card-title">
          <Link to={detail} className="order-card-link" aria-label={`${name}, ${i18n.t("ordersOpenDetail")}`}>
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
          <dt>{i18n.t(recharge ? "rechargeDetailAmount" : "ordersAmount")}</dt>
          <dd>{Money.formatYuan(order.order_amount)}</dd>
        </div>
        <div>
          <dt>{i18n.t(`ordersAmountLabel_${amountLabelAt(entry, now)}`)}</dt>
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
      {showQr ? (
        <div className="order-card-shortcuts">
          <Link to={detail} className="order-show-qr" aria-label={`${i18n.t("ordersShowQr")}: ${name}`}>
            {i18n.t("ordersShowQr")}
          </Link>
        </div>
      ) : null}
    </Card>
  );
});
