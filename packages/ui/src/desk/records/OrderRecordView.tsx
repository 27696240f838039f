import { Money, Pricing, Time } from "@fuel/domain";
import Card from "antd-mobile/es/components/card";
import { observer } from "mobx-react-lite";
import { amountLabelAt, kindOf, statusLabelAt } from "../../stores/orders/OrderEntry.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import type { LoadedOrderRecord } from "../stores/records/OrderDetailStore.ts";
import { Facts } from "./Facts.tsx";
import { deskTime } from "./format.ts";
import { kindText, placeText, qrValidUntil, refundStateText } from "./orderWords.ts";
import { PaymentsCard } from "./PaymentsCard.tsx";
import { QrCodesCard } from "./QrCodesCard.tsx";

/**
 * One order whole, for the admin answering 'what happened to my order': the order as the
 * customer's detail shows it, its refund, every payment the channel reported and every QR code
 * issued for it (when and by whom one was redeemed).
 */
export const OrderRecordView = observer(function OrderRecordView({ loaded }: { readonly loaded: LoadedOrderRecord }) {
  const { i18n } = useDesk();
  const { record, entry } = loaded;
  const { order } = record;
  const fuel = kindOf(order) === "fuel";
  const litres = fuel && order.gas_original_price !== null && order.gas_original_price > 0 ? Pricing.litres(order.order_amount, order.gas_original_price) : undefined;
  const refundState = refundStateText(order, i18n);
  const validUntil = qrValidUntil(order);
  return (
    <div className="records-stack">
      <Card title={<h2 className="records-heading">{i18n.t("desk.records.order")}</h2>}>
        <Facts
          facts={[
            [i18n.t("desk.records.orderId"), String(order.order_id)],
            [i18n.t("desk.records.merchantNo"), order.mchnt_order_no],
            [i18n.t("desk.records.kind"), kindText(order, i18n)],
            [i18n.t("desk.records.status"), <strong key="status">{i18n.t(`ordersStatus_${statusLabelAt(entry, entry.loadedAt, "detail")}`)}</strong>],
            [i18n.t("desk.records.customerPhone"), order.phone],
            [i18n.t(fuel ? "desk.records.station" : "desk.records.card"), placeText(order, i18n)],
            [i18n.t("desk.records.gasType"), fuel ? order.gas_type : undefined],
            [i18n.t("desk.records.litres"), litres === undefined ? undefined : i18n.t("ordersLitresValue", { litres })],
            [i18n.t("desk.records.priceNow"), order.gas_now_price === null ? undefined : Money.formatYuan(order.gas_now_price)],
            [i18n.t("desk.records.priceOriginal"), order.gas_original_price === null ? undefined : Money.formatYuan(order.gas_original_price)],
            [i18n.t("desk.records.orderAmount"), Money.formatYuan(order.order_amount)],
            [i18n.t(`ordersAmountLabel_${amountLabelAt(entry, entry.loadedAt)}`), <strong key="amount">{Money.formatYuan(order.amount)}</strong>],
            [i18n.t("desk.records.createdAt"), deskTime(order.created_at)],
            [i18n.t("desk.records.paidAt"), deskTime(order.payment_time)],
            [i18n.t("desk.records.qrValidUntil"), validUntil === undefined ? undefined : deskTime(Time.formatChinaIso(validUntil))],
            [i18n.t("desk.records.rejectedReason"), order.reason ?? undefined],
            [i18n.t("desk.records.remark"), order.remark],
          ]}
        />
      </Card>
      <Card title={<h2 className="records-heading">{i18n.t("desk.records.refund")}</h2>}>
        {refundState === undefined && record.refund_reason === null ? (
          <p className="records-none">{i18n.t("desk.records.refundNone")}</p>
        ) : (
          <Facts
            facts={[
              [i18n.t("desk.records.refundState"), refundState],
              [i18n.t("desk.records.refundReason"), record.refund_reason ?? undefined],
              [i18n.t("desk.records.refundRequestedAt"), deskTime(record.refund_requested_at)],
              [i18n.t("desk.records.refundedAt"), deskTime(record.refunded_at)],
            ]}
          />
        )}
      </Card>
      <PaymentsCard payments={record.payments} />
      <QrCodesCard codes={record.qr_codes} validUntil={validUntil} />
    </div>
  );
});
