import { Money, Order, Refund } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { lazy, Suspense } from "react";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { orderDetailStore } from "../../stores/orders/OrderDetailStore.ts";

/** The form (antd-mobile's Form, the reason field) is fetched on the tap that opens it (./RefundForm.tsx). */
const RefundForm = lazy(() => import("./RefundForm.tsx"));

const STATE_CODE = { requested: 1, refunding: 2, refunded: 3 } as const;

/**
 * Issue 25: a refund once asked for, fuel order or recharge: its state, the amount, where the money
 * goes (back the way it was paid) and, while under way, how long it usually takes
 * (`Order.refundFacts`). The state is a live status, so a change is announced.
 */
export const RefundDetails = observer(function RefundDetails({ order }: { readonly order: WireOrder }) {
  const { i18n } = useStores();
  const refund = Order.refundFacts({ paid: order.amount, paytype: order.paytype, refundStatus: order.refund_status });
  if (refund === undefined) return null;
  const rows: ReadonlyArray<readonly [string, string]> = [
    [i18n.t("ordersRefundAmount"), Money.formatYuan(refund.amount)],
    [i18n.t("ordersRefundRoute"), i18n.t(`ordersRefundRoute_${refund.route}`)],
    ...(refund.usualMaxWorkingDays === undefined ? [] : [[i18n.t("ordersRefundTime"), i18n.t("ordersRefundUsual", { days: refund.usualMaxWorkingDays })] as const]),
  ];
  return (
    <section className="order-section" aria-label={i18n.t("ordersRefundTitle")}>
      <p className="order-refund-status order-section-title" role="status">
        {i18n.t("ordersRefundStatusLine", { status: i18n.t(`ordersRefund_${STATE_CODE[refund.state]}`) })}
      </p>
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

/**
 * The refund of a paid fuel order (issue 12): its details once asked for ({@link RefundDetails}); otherwise, while the
 * domain allows one (`Order.canRefund`), a button that opens the reason (required, at most 256
 * characters) and asks for confirmation before sending.
 */
export const RefundSection = observer(function RefundSection({ order }: { readonly order: WireOrder }) {
  const orderDetail = useStore(orderDetailStore);
  const { i18n } = useStores();
  if (order.refund_status !== Refund.REFUND_STATUS.none) return <RefundDetails order={order} />;
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
