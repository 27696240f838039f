import { Money, Refund } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Dialog from "antd-mobile/es/components/dialog";
import Form from "antd-mobile/es/components/form";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../app/StoresContext.tsx";
import { domainRule } from "../forms/domainRule.ts";
import { FormField, useFieldErrors } from "../forms/FormField.tsx";
import { orderDetailStore } from "../../stores/orders/OrderDetailStore.ts";
import "../forms/forms.css";

/**
 * The refund of a paid fuel order (issue 12): its status once asked for; otherwise, while the
 * domain allows one (`Order.canRefund`), a button that opens the reason (required, at most 256
 * characters) and asks for confirmation before sending.
 */
export const RefundSection = observer(function RefundSection({ order }: { readonly order: WireOrder }) {
  const orderDetail = useStore(orderDetailStore);
  const { i18n } = useStores();
  const { errors, onFieldsChange } = useFieldErrors();
  const form = orderDetail.refund;
  if (order.refund_status !== Refund.REFUND_STATUS.none) {
    const code = order.refund_status as 1 | 2 | 3;
    return (
      <section className="order-section" aria-label={i18n.t("ordersRefundStatus")}>
        <p className="order-refund-status" role="status">
          {i18n.t("ordersRefundStatusLine", { status: i18n.t(`ordersRefund_${code}`) })}
        </p>
      </section>
    );
  }
  if (!orderDetail.canRefund) return null;
  if (form._tag === "Closed") {
    return (
      <section className="order-section">
        <Button block fill="outline" onClick={orderDetail.openRefund}>
          {i18n.t("ordersRefund")}
        </Button>
      </section>
    );
  }
  const send = async (values: { readonly reason?: string }) => {
    const sure = await Dialog.confirm({
      content: i18n.t("ordersRefundConfirm", { amount: Money.formatYuan(order.amount) }),
      confirmText: i18n.t("ordersRefundSubmit"),
      cancelText: i18n.t("cancel"),
    });
    if (sure) await orderDetail.requestRefund(values.reason ?? "");
  };
  return (
    <section className="order-section" aria-labelledby="order-refund-title">
      <h2 id="order-refund-title" className="order-section-title">
        {i18n.t("ordersRefund")}
      </h2>
      <Form
        layout="vertical"
        onFieldsChange={onFieldsChange}
        onFinish={send}
        footer={
          <div className="order-actions">
            <Button fill="outline" onClick={orderDetail.closeRefund} disabled={form._tag === "Sending"}>
              {i18n.t("cancel")}
            </Button>
            <Button type="submit" color="primary" loading={form._tag === "Sending"}>
              {i18n.t("ordersRefundSubmit")}
            </Button>
          </div>
        }
      >
        <FormField
          name="reason"
          label={i18n.t("ordersRefundReason")}
          hint={i18n.t("ordersRefundReasonHint", { max: Refund.REFUND_REASON_MAX_LENGTH })}
          rules={[domainRule(Refund.validateRefundReason, i18n)]}
          errors={errors}
          input={{ maxLength: Refund.REFUND_REASON_MAX_LENGTH, autoComplete: "off", clearable: true }}
        />
      </Form>
      {form._tag === "Open" && form.error !== undefined ? (
        <p className="refusal" role="alert">
          {form.error}
        </p>
      ) : null}
    </section>
  );
});
