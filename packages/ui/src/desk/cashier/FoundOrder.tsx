import { Money, Order } from "@fuel/domain";
import type { DeskLookupResponse } from "@fuel/domain/api";
import { Result } from "effect";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { formatChinaTime } from "../../components/orders/format.ts";
import type { DeskI18n } from "../i18n/DeskI18n.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import "./cashier.css";

/** The order's state as the customer's detail names it (`Order.statusLabel`: a paid, unused fuel order reads 'paid'). */
const stateText = (order: DeskLookupResponse, i18n: DeskI18n): string => {
  const status = Order.statusFromCode(order.order_status);
  return Result.isSuccess(status) ? i18n.t(`ordersStatus_${Order.statusLabel(status.success, "fuel", "detail")}`) : "—";
};

const timeOf = (wire: string | null): ReactNode => (wire === null ? "—" : <time dateTime={wire}>{formatChinaTime(wire)}</time>);

/**
 * The order behind a code as the customer's detail shows it: station, litres (3 decimals as the
 * receipt has them), the amount paid, when it was paid, until when its code is good, its state,
 * and who redeemed it once it is used.
 */
export const FoundOrder = observer(function FoundOrder({ order }: { readonly order: DeskLookupResponse }) {
  const { i18n } = useDesk();
  const rows: ReadonlyArray<readonly [string, ReactNode]> = [
    [i18n.t("ordersStation"), order.station_title ?? "—"],
    [i18n.t("ordersLitres"), order.litres === null ? "—" : i18n.t("ordersLitresValue", { litres: order.litres })],
    [i18n.t("ordersPaidAmount"), <strong className="desk-found-amount">{Money.formatYuan(order.amount)}</strong>],
    [i18n.t("desk.cashier.paidAt"), timeOf(order.paid_at)],
    [i18n.t("desk.cashier.validUntil"), timeOf(order.valid_until)],
    [i18n.t("desk.cashier.status"), stateText(order, i18n)],
    ...(order.redeemed_at === null
      ? []
      : ([[i18n.t("desk.cashier.redeemedAt"), i18n.t("desk.cashier.redeemedAtBy", { at: formatChinaTime(order.redeemed_at), by: order.redeemed_by ?? "—" })]] as const)),
  ];
  return (
    <dl className="desk-found" data-testid="found-order">
      {rows.map(([label, value]) => (
        <div key={label} className="desk-found-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
});
