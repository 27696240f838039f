import type { Order as WireOrder } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { orderActionsStore } from "../../stores/orders/OrderActionsStore.ts";
import { confirmDialog } from "./confirm.ts";
import { timeLeftText } from "../../i18n/timeLeft.ts";

interface UnpaidActionsProps {
  readonly order: WireOrder;
  readonly secondsLeft: number;
  readonly onCancel: () => Promise<void>;
  readonly onPay: () => Promise<void>;
}

/**
 * Spec §4: an unpaid order's countdown (read out politely, not every second as an alert) with
 * cancel, which asks first, and pay. At 0 the buttons go: the order is cancelled.
 */
export const UnpaidActions = observer(function UnpaidActions({ order, secondsLeft, onCancel, onPay }: UnpaidActionsProps) {
  const orderActions = useStore(orderActionsStore);
  const { i18n } = useStores();
  const busy = orderActions.busy?.orderId === order.order_id ? orderActions.busy.action : undefined;
  const cancel = async () => {
    const sure = await confirmDialog({
      content: i18n.t("ordersCancelConfirm"),
      confirmText: i18n.t("ordersCancelYes"),
      cancelText: i18n.t("ordersCancelKeep"),
    });
    if (sure) await onCancel();
  };
  if (secondsLeft <= 0) return null;
  return (
    <div className="order-unpaid">
      <p className="order-countdown" role="timer" aria-live="polite" aria-atomic="true">
        {i18n.t("ordersCountdown", { time: timeLeftText(secondsLeft, i18n) })}
      </p>
      <div className="order-actions">
        <Button size="small" fill="outline" loading={busy === "cancel"} disabled={busy !== undefined} onClick={() => void cancel()}>
          {i18n.t("ordersCancel")}
        </Button>
        <Button size="small" color="primary" loading={busy === "pay"} disabled={busy !== undefined} onClick={() => void onPay()}>
          {i18n.t("ordersPay")}
        </Button>
      </div>
    </div>
  );
});
