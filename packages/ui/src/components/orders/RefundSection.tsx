import { Refund } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { lazy, Suspense } from "react";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { orderDetailStore } from "../../stores/orders/OrderDetailStore.ts";

/** The form (antd-mobile's Form, the reason field) is fetched on the tap that opens it (./RefundForm.tsx). */
const RefundForm = lazy(() => import("./RefundForm.tsx"));

/**
 * The refund of a paid fuel order (issue 12): its status once asked for; otherwise, while the
 * domain allows one (`Order.canRefund`), a button that opens the reason (required, at most 256
 * characters) and asks for confirmation before sending.
 */
export const RefundSection = observer(function RefundSection({ order }: { readonly order: WireOrder }) {
  const orderDetail = useStore(orderDetailStore);
  const { i18n } = useStores();
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
  if (orderDetail.refund._tag === "Closed") {
    return (
      <section className="order-section">
        <Button block fill="outline" onClick={orderDetail.openRefund}>
          {i18n.t("ordersRefund")}
        </Button>
      </section>
    );
  }
  return (
    <section className="order-section" aria-labelledby="order-refund-title">
      <h2 id="order-refund-title" className="order-section-title">
        {i18n.t("ordersRefund")}
      </h2>
      <Suspense fallback={<Skeleton.Paragraph animated lineCount={3} />}>
        <RefundForm order={order} />
      </Suspense>
    </section>
  );
});
