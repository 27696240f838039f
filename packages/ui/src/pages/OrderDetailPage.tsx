import { Money, Order, Routes } from "@fuel/domain";
import Card from "antd-mobile/es/components/card";
import NoticeBar from "antd-mobile/es/components/notice-bar";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect, useLayoutEffect } from "react";
import { useParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { loadConfirmDialog } from "../components/orders/confirm.ts";
import { formatChinaTime } from "../components/orders/format.ts";
import "../components/orders/orders.css";
import { QrPanel } from "../components/orders/QrPanel.tsx";
import { loadQrLibrary } from "../components/orders/qrDrawing.ts";
import { Receipt } from "../components/orders/Receipt.tsx";
import { RefundSection } from "../components/orders/RefundSection.tsx";
import { UnpaidActions } from "../components/orders/UnpaidActions.tsx";
import { OrderInvoiceSection } from "../components/invoices/OrderInvoiceSection.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { QR_POLL_MS } from "../stores/orders/OrderDetailStore.ts";
import { factsAt, statusLabelAt } from "../stores/orders/OrderEntry.ts";
import { orderDetailStore } from "../stores/orders/OrderDetailStore.ts";
import { useEvery } from "../components/useEvery.ts";
import { describeError } from "../stores/messages.ts";

/** The order's status in words, what it bought and what it cost. */
const Summary = observer(function Summary() {
  const orderDetail = useStore(orderDetailStore);
  const { i18n } = useStores();
  const entry = orderDetail.entry;
  if (entry === undefined) return null;
  const { order } = entry;
  const status = i18n.t(`ordersStatus_${statusLabelAt(entry, orderDetail.now, "detail")}`);
  return (
    <Card className="order-card order-summary" title={<h2 className="order-card-title">{order.stationInfo?.title ?? i18n.t("ordersFuelCard")}</h2>}>
      <p className="order-detail-status" role="status">
        {i18n.t("ordersStatusLabel", { status })}
      </p>
      <dl className="order-facts">
        <div>
          <dt>{i18n.t("ordersAmount")}</dt>
          <dd>{Money.formatYuan(order.order_amount)}</dd>
        </div>
        <div>
          {/* 'payable' only while it can be paid; 'paid' once paid (issue 25). */}
          <dt>{i18n.t(`ordersAmountLabel_${Order.amountLabel(factsAt(entry, orderDetail.now))}`)}</dt>
          <dd className="order-payable">{Money.formatYuan(order.amount)}</dd>
        </div>
        <div>
          <dt>{i18n.t("ordersTime")}</dt>
          <dd>
            <time dateTime={order.created_at}>{formatChinaTime(order.created_at)}</time>
          </dd>
        </div>
      </dl>
      <UnpaidActions order={order} secondsLeft={orderDetail.secondsLeftToPay} onCancel={orderDetail.cancel} onPay={orderDetail.pay} />
    </Card>
  );
});

/**
 * Spec §2 /orderDetail/:id (issue 12) for every status: the summary and, while unpaid, the
 * countdown with cancel and pay; for a paid unused fuel order the cashier code (checked every few
 * seconds so a redemption shows at once, the screen kept on), 'regenerate QR' and the refund; the
 * e-receipt once paid; who invoices it, and once used its invoice (issue 35). With the network gone
 * it shows the copy kept on the phone.
 */
const OrderDetailPage = observer(function OrderDetailPage() {
  const orderDetail = useStore(orderDetailStore);
  const { i18n } = useStores();
  const id = Number(useParams()["id"]);

  // Issue 23: the detail's request starts the chain to the code (detail, then `kepai/getqrcode`,
  // which needs the merchant number the detail carries), so it goes out before the first paint
  // rather than a frame later. The drawing library downloads meanwhile: on weak 4G its 9 KB fit
  // in the detail's round trip, and a paid order then draws its code the moment it arrives.
  useLayoutEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    void orderDetail.open(id);
    void loadQrLibrary().catch(() => undefined);
  }, [orderDetail, id]);

  const showingCode = orderDetail.showingCode;
  const ticking = showingCode || orderDetail.secondsLeftToPay > 0;
  useEvery(1_000, orderDetail.tick, ticking);
  useEvery(QR_POLL_MS, orderDetail.poll, showingCode);
  useEffect(() => (showingCode ? orderDetail.keepScreenOn() : undefined), [orderDetail, showingCode]);

  const entry = orderDetail.orderId === id ? orderDetail.entry : undefined;
  // Issue 23: on weak 4G every KB before the code costs time, so what the first screen does not need
  // (the receipt's quote, the confirmation dialog) is fetched once it is there: the detail shown
  // and, for a paid unused order, its code and drawing library.
  const qrTag = orderDetail.qr._tag;
  const settled = entry !== undefined && qrTag !== "Loading";
  const mayConfirm = orderDetail.secondsLeftToPay > 0 || orderDetail.canRegenerate || orderDetail.canRefund;
  useEffect(() => {
    if (!settled || !mayConfirm) return;
    const warm = () => void loadConfirmDialog().catch(() => undefined);
    if (qrTag === "Shown") void loadQrLibrary().then(warm, warm);
    else warm();
  }, [settled, mayConfirm, qrTag]);

  const body = () => {
    if (entry === undefined && orderDetail.detail._tag === "Failed") return <PageError description={describeError(orderDetail.detail.error, i18n)} onRetry={() => void orderDetail.load()} />;
    if (entry === undefined) return <Skeleton.Paragraph animated lineCount={8} />;
    return (
      <>
        {orderDetail.offline ? (
          <NoticeBar className="order-offline" color="alert" content={<span role="status">{i18n.t("ordersDetailOffline")}</span>} wrap />
        ) : null}
        {/* The code first (issue 25): at the pump it is what the driver opens this page for, above the fold at 360x640. */}
        <QrPanel
          view={orderDetail.qr}
          canRegenerate={orderDetail.canRegenerate}
          regenerating={orderDetail.regenerating}
          onRegenerate={orderDetail.regenerate}
          onRetry={() => void orderDetail.load()}
        />
        <Summary />
        <OrderInvoiceSection order={entry.order} now={orderDetail.now} />
        <RefundSection order={entry.order} />
        {entry.order.payment_time === null ? null : <Receipt order={entry.order} holdQuote={!settled} />}
      </>
    );
  };
  return <Page backTo={Routes.orderListPath("all")}>{body()}</Page>;
});

export default OrderDetailPage;
