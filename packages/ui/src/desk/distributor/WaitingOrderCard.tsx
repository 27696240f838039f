import { Money, Order } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Card from "antd-mobile/es/components/card";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { formatChinaTime } from "../../components/orders/format.ts";
import type { QueueStore, WaitingOrder } from "../stores/distributor/QueueStore.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import { waitedText } from "./waited.ts";
import "./distributor.css";

interface WaitingOrderCardProps {
  readonly store: QueueStore;
  readonly order: WaitingOrder;
  readonly onDone: (order: WaitingOrder) => void;
}

/**
 * One order waiting: the card it tops up (or 'new virtual card' for a purchase) and how long it
 * has waited, then what the distributor needs to do it (card type, team, the station the customer
 * chose for the top-up (issue 34), the amount to put on the card and the amount paid, the
 * customer's phone to call, the remark), and 'done' / 'reject'.
 */
export const WaitingOrderCard = observer(function WaitingOrderCard({ store, order, onDone }: WaitingOrderCardProps) {
  const { i18n } = useDesk();
  const cardType = Order.cardTypeOf(order.card_type);
  const facts: ReadonlyArray<readonly [string, ReactNode]> = [
    ...(cardType === undefined ? [] : ([[i18n.t("desk.distributor.cardType"), i18n.t(`rechargeDetailCardType_${cardType}`)]] as const)),
    [i18n.t("desk.distributor.team"), order.team ?? "—"],
    [i18n.t("desk.distributor.station"), order.station_title ?? i18n.t("desk.distributor.noStation")],
    [i18n.t("desk.distributor.onCard"), <strong>{Money.formatYuan(order.order_amount)}</strong>],
    [i18n.t("desk.distributor.paid"), Money.formatYuan(order.amount)],
    [i18n.t("desk.distributor.phone"), <a href={`tel:${order.phone}`}>{order.phone}</a>],
    ...(order.remark.trim() === "" ? [] : ([[i18n.t("desk.distributor.remark"), order.remark]] as const)),
    [i18n.t("desk.distributor.paidAt"), order.paid_at === null ? "—" : <time dateTime={order.paid_at}>{formatChinaTime(order.paid_at)}</time>],
    [i18n.t("desk.distributor.orderNo"), order.mchnt_order_no],
  ];
  const busy = store.settling !== undefined;
  const mine = store.settling?.orderId === order.order_id ? store.settling.result : undefined;
  const titleId = `desk-queue-${order.order_id}`;
  return (
    <li aria-labelledby={titleId} data-order-id={order.order_id}>
      <Card
        className="desk-queue-card"
        title={<span id={titleId}>{store.cardOf(order)}</span>}
        extra={<span className="desk-queue-waited">{waitedText(order.paid_at, store.now, i18n)}</span>}
      >
        <dl className="desk-queue-facts">
          {facts.map(([label, value]) => (
            <div key={label} className="desk-queue-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="desk-queue-acts">
          <Button color="primary" loading={mine === "done"} disabled={busy} onClick={() => onDone(order)}>
            {i18n.t("desk.distributor.done")}
          </Button>
          <Button color="danger" fill="outline" loading={mine === "rejected"} disabled={busy} onClick={() => store.startRejecting(order)}>
            {i18n.t("desk.distributor.reject")}
          </Button>
        </div>
      </Card>
    </li>
  );
});
