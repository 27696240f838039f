import { Money } from "@fuel/domain";
import type { DeskOrderResponse } from "@fuel/domain/api";
import Card from "antd-mobile/es/components/card";
import { observer } from "mobx-react-lite";
import { useDesk } from "../stores/DeskContext.tsx";
import { Facts } from "./Facts.tsx";
import { deskTime } from "./format.ts";
import { channelText } from "./orderWords.ts";

/** Every payment the channel reported for the order, oldest first, with its refund. */
export const PaymentsCard = observer(function PaymentsCard({ payments }: { readonly payments: DeskOrderResponse["payments"] }) {
  const { i18n } = useDesk();
  return (
    <Card title={<h2 className="records-heading">{i18n.t("desk.records.payments")}</h2>}>
      {payments.length === 0 ? (
        <p className="records-none">{i18n.t("desk.records.noPayments")}</p>
      ) : (
        <ol className="records-items">
          {payments.map((payment) => (
            <li key={`${payment.channel}-${payment.transaction_id}`}>
              <Facts
                facts={[
                  [i18n.t("desk.records.channel"), channelText(payment.channel, i18n)],
                  [i18n.t("desk.records.amount"), Money.formatYuan(payment.amount)],
                  [i18n.t("desk.records.paidAt"), deskTime(payment.paid_at)],
                  [i18n.t("desk.records.transactionId"), <span key="tx" className="records-wrap">{payment.transaction_id}</span>],
                  [i18n.t("desk.records.refundRequired"), payment.refund_required && payment.refunded_at === null ? i18n.t("desk.records.refundRequiredYes") : undefined],
                  [i18n.t("desk.records.refundedAt"), deskTime(payment.refunded_at)],
                  [i18n.t("desk.records.refundNo"), payment.refund_no ?? undefined],
                ]}
              />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
});
