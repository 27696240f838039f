import { Money, Order, Pricing } from "@fuel/domain";
import type { DeskLookupResponse } from "@fuel/domain/api";
import Tag from "antd-mobile/es/components/tag";
import { Result } from "effect";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { formatChinaTime } from "../../components/orders/format.ts";
import type { DeskI18n } from "../i18n/DeskI18n.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import "./cashier.css";

/** Whether the code is used: redeemed (when and by whom known), or the order says used (3). */
const isUsed = (order: DeskLookupResponse): boolean => {
  const status = Order.statusFromCode(order.order_status);
  return order.redeemed_at !== null || (Result.isSuccess(status) && status.success === "used");
};

/** The order's state as the customer's detail names it (`Order.statusLabel`: a paid, unused fuel order reads 'paid'). */
const stateText = (order: DeskLookupResponse, i18n: DeskI18n): string => {
  const status = Order.statusFromCode(order.order_status);
  return Result.isSuccess(status) ? i18n.t(`ordersStatus_${Order.statusLabel(status.success, "fuel", "detail")}`) : "—";
};

const timeOf = (wire: string | null): ReactNode => (wire === null ? "—" : <time dateTime={wire}>{formatChinaTime(wire)}</time>);

/** 'Used · {at} by {by}' when it is known when, else the state's word ('used'). */
const usedText = (order: DeskLookupResponse, i18n: DeskI18n): string =>
  order.redeemed_at === null
    ? i18n.t("ordersStatus_used")
    : `${i18n.t("ordersStatus_used")} · ${i18n.t("desk.cashier.redeemedAtBy", { at: formatChinaTime(order.redeemed_at), by: order.redeemed_by ?? "—" })}`;

/**
 * The order behind a code as the cashier needs it (issue 34): first, large, what goes into the
 * pump (the order's amount, ¥200.00 for a 200-yuan order) and its litres at the pump price it was
 * priced at (`Pricing.atThePump`, the function the server's look-up uses); then, labelled as such,
 * what the driver paid and saved; the station and until when the code is good. Once the code is
 * used every line says so: the pump amount is tagged used, the validity line becomes 'used at ...
 * by ...', and the state reads used.
 */
export const FoundOrder = observer(function FoundOrder({ order }: { readonly order: DeskLookupResponse }) {
  const { i18n } = useDesk();
  const pump = Pricing.atThePump(order.order_amount, order.amount, order.gas_original_price);
  const used = isUsed(order);
  const rows: ReadonlyArray<readonly [string, ReactNode]> = [
    [i18n.t("desk.cashier.paid"), Money.formatYuan(pump.paid)],
    ...(pump.saving > 0 ? ([[i18n.t("desk.cashier.saved"), Money.formatYuan(pump.saving)]] as const) : []),
    [i18n.t("ordersStation"), order.station_title ?? "—"],
    used ? [i18n.t("desk.cashier.redeemedAt"), usedText(order, i18n)] : [i18n.t("desk.cashier.validUntil"), timeOf(order.valid_until)],
    [i18n.t("desk.cashier.paidAt"), timeOf(order.paid_at)],
    [i18n.t("desk.cashier.status"), used ? i18n.t("ordersStatus_used") : stateText(order, i18n)],
  ];
  return (
    <div className="desk-found" data-testid="found-order">
      <section className={used ? "desk-pump desk-pump-used" : "desk-pump"} aria-label={i18n.t("desk.cashier.pumpAmount")} data-testid="pump-amount">
        <p className="desk-pump-label">
          {i18n.t("desk.cashier.pumpAmount")}
          {used ? (
            <Tag className="desk-pump-tag" color="default" fill="solid">
              {i18n.t("ordersStatus_used")}
            </Tag>
          ) : null}
        </p>
        <p className="desk-pump-amount">{Money.formatYuan(pump.pumpAmount)}</p>
        {pump.litres === null || pump.pumpPrice === null ? null : (
          <p className="desk-pump-litres">{i18n.t("desk.cashier.pumpLitres", { litres: pump.litres, price: Money.formatYuan(pump.pumpPrice) })}</p>
        )}
      </section>
      <dl className="desk-found-rows">
        {rows.map(([label, value]) => (
          <div key={label} className="desk-found-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
});
