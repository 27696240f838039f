import { Money, Refund } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Form from "antd-mobile/es/components/form";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { orderDetailStore } from "../../stores/orders/OrderDetailStore.ts";
import { domainRule } from "../forms/domainRule.ts";
import { FormField, useFieldErrors } from "../forms/FormField.tsx";
import "../forms/forms.css";
import { confirmDialog } from "./confirm.ts";

/**
 * The open refund request of a paid fuel order (issue 12): the reason (required, at most 256
 * characters), confirmation before sending. Its own module, fetched when the customer taps
 * 'Request a refund' (./RefundSection.tsx): antd-mobile's Form is ~30 KB gzip that a paid order's
 * first screen does not need (issue 23).
 */
const RefundForm = observer(function RefundForm({ order }: { readonly order: WireOrder }) {
  const orderDetail = useStore(orderDetailStore);
  const { i18n } = useStores();
  const { errors, onFieldsChange } = useFieldErrors();
  const form = orderDetail.refund;
  const send = async (values: { readonly reason?: string }) => {
    const sure = await confirmDialog({
      content: i18n.t("ordersRefundConfirm", { amount: Money.formatYuan(order.amount) }),
      confirmText: i18n.t("ordersRefundSubmit"),
      cancelText: i18n.t("cancel"),
    });
    if (sure) await orderDetail.requestRefund(values.reason ?? "");
  };
  return (
    <>
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
    </>
  );
});

export default RefundForm;
