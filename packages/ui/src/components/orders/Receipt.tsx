import { Money, Pricing } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { useStores } from "../../app/StoresContext.tsx";
import { formatChinaTime } from "./format.ts";

/**
 * The e-receipt of a paid fuel order (issue 12): station, times, order numbers, the prices per
 * litre (ours and the pump's at the time of the order, the national one of the station), litres,
 * amount, saving, payable (`Pricing.quote`, the figures the server charged by), the amount paid
 * and the channel.
 */
export const Receipt = observer(function Receipt({ order }: { readonly order: WireOrder }) {
  const { i18n } = useStores();
  const yuan = Money.formatYuan;
  const perLitre = (cents: number | null | undefined) => (cents == null ? "—" : i18n.t("perLitre", { price: yuan(cents) }));
  const now = order.gas_now_price;
  const original = order.gas_original_price;
  const quote = now !== null && original !== null && original > 0 ? Pricing.quote(order.order_amount as Money.Cents, now, original) : undefined;
  const rows: ReadonlyArray<readonly [string, ReactNode]> = [
    [i18n.t("ordersStation"), order.stationInfo?.title ?? "—"],
    [i18n.t("ordersTime"), <time dateTime={order.created_at}>{formatChinaTime(order.created_at)}</time>],
    [i18n.t("ordersPaymentTime"), order.payment_time === null ? "—" : <time dateTime={order.payment_time}>{formatChinaTime(order.payment_time)}</time>],
    [i18n.t("ordersOrderId"), String(order.order_id)],
    [i18n.t("ordersMerchantNo"), <span className="order-number">{order.mchnt_order_no}</span>],
    [i18n.t("ordersFuel"), order.gas_type],
    [i18n.t("ordersPriceNow"), perLitre(now)],
    [i18n.t("ordersPriceOriginal"), perLitre(original)],
    [i18n.t("ordersPriceNation"), perLitre(order.stationInfo?.nation_price)],
    [i18n.t("ordersLitres"), quote === undefined ? "—" : i18n.t("ordersLitresValue", { litres: quote.litres })],
    [i18n.t("ordersAmount"), yuan(order.order_amount)],
    [i18n.t("ordersSaving"), quote === undefined ? "—" : yuan(quote.saving)],
    [i18n.t("ordersPayable"), <strong>{yuan(quote?.payable ?? order.amount)}</strong>],
    [i18n.t("ordersPaidAmount"), yuan(order.amount)],
    [i18n.t("ordersChannel"), order.paytype === undefined ? "—" : i18n.t(`ordersChannel_${order.paytype}`)],
  ];
  return (
    <section className="order-section" aria-labelledby="order-receipt-title">
      <h2 id="order-receipt-title" className="order-section-title">
        {i18n.t("ordersReceipt")}
      </h2>
      <dl className="order-receipt">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
});
