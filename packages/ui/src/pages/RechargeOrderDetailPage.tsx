import { Money, Order, Routes } from "@fuel/domain";
import Card from "antd-mobile/es/components/card";
import NoticeBar from "antd-mobile/es/components/notice-bar";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect, useLayoutEffect, type ReactNode } from "react";
import { useParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { loadConfirmDialog } from "../components/orders/confirm.ts";
import { formatChinaTime } from "../components/orders/format.ts";
import { loadQrLibrary } from "../components/orders/qrDrawing.ts";
import "../components/orders/orders.css";
import "../components/orders/recharge.css";
import { rechargeCardTitle } from "../components/orders/rechargeCard.ts";
import { RechargeQrPanel } from "../components/orders/RechargeQrPanel.tsx";
import { OrderInvoiceSection } from "../components/invoices/OrderInvoiceSection.tsx";
import { RefundDetails } from "../components/orders/RefundSection.tsx";
import { UnpaidActions } from "../components/orders/UnpaidActions.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { QR_POLL_MS } from "../stores/orders/OrderDetailStore.ts";
import { rechargeDetailStore, type RechargeDetailStore } from "../stores/orders/RechargeDetailStore.ts";
import { factsAt } from "../stores/orders/OrderEntry.ts";
import { useEvery } from "../components/useEvery.ts";
import { describeError } from "../stores/messages.ts";

/** A time on the wire as the customer reads it (China time), machine-readable for assistive tech. */
const WireTime = ({ value }: { readonly value: string }) => <time dateTime={value}>{formatChinaTime(value)}</time>;

/** The order's card, status in words, the rejection reason, amounts, times and, while unpaid, the countdown with cancel and pay. */
const Summary = observer(function Summary({ store }: { readonly store: RechargeDetailStore }) {
  const { i18n } = useStores();
  const entry = store.entry;
  const card = store.card;
  const label = store.statusLabel;
  if (entry === undefined || card === undefined || label === undefined) return null;
  const { order } = entry;
  const status = i18n.t(`ordersStatus_${label}`);
  const rows: Array<readonly [string, ReactNode]> = [];
  if (card._tag === "NewCard") {
    rows.push([i18n.t("rechargeDetailCardType"), i18n.t("rechargeDetailCardType_virtual")]);
    // Once the distributor has settled the purchase, the new card's number.
    rows.push([i18n.t("rechargeDetailCardNumber"), card.cardNumber === undefined ? i18n.t("rechargeDetailNewCardPending") : <span className="order-number">{card.cardNumber}</span>]);
  } else {
    if (card.type !== undefined) rows.push([i18n.t("rechargeDetailCardType"), i18n.t(`rechargeDetailCardType_${card.type}`)]);
    if (card.lastNumber !== undefined) rows.push([i18n.t("rechargeDetailCardLast"), <span className="order-number">{card.lastNumber}</span>]);
  }
  if (store.team !== undefined) rows.push([i18n.t("rechargeDetailTeam"), store.team]);
  rows.push([i18n.t("rechargeDetailAmount"), Money.formatYuan(order.order_amount)]);
  // 'payable' only while it can be paid; 'paid' once paid (issue 25).
  rows.push([i18n.t(`ordersAmountLabel_${Order.amountLabel(factsAt(entry, store.now))}`), <span className="order-payable">{Money.formatYuan(order.amount)}</span>]);
  rows.push([i18n.t("ordersPhone"), order.phone]);
  if (order.stationInfo !== null) rows.push([i18n.t("ordersStation"), order.stationInfo.title]);
  rows.push([i18n.t("ordersTime"), <WireTime value={order.created_at} />]);
  if (order.payment_time !== null) rows.push([i18n.t("ordersPaymentTime"), <WireTime value={order.payment_time} />]);
  rows.push([i18n.t("ordersOrderId"), <span className="order-number">{order.order_id}</span>]);
  if (order.remark.trim() !== "") rows.push([i18n.t("ordersRemark"), order.remark]);
  return (
    <Card className="order-card recharge-summary" title={<h2 className="recharge-card-title">{rechargeCardTitle(card, i18n)}</h2>}>
      <p className="order-detail-status" role="status">
        {i18n.t("ordersStatusLabel", { status })}
      </p>
      {store.rejectionReason !== undefined ? <p className="recharge-reason">{i18n.t("rechargeDetailRejected", { reason: store.rejectionReason })}</p> : null}
      {label === "voided" ? <p className="recharge-voided">{i18n.t("rechargeDetailVoided")}</p> : null}
      <dl className="order-facts recharge-facts">
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <UnpaidActions order={order} secondsLeft={store.secondsLeftToPay} onCancel={store.cancel} onPay={store.pay} />
    </Card>
  );
});

/**
 * Sandbox only (DESIGN.md §4): while the order waits for the card distributor, a marked line to the
 * sandbox distributor's page, where a newcomer settles it (done or rejected) without curl. A plain
 * link: the page is the server's, opened with a full page load, and it sends the customer back here.
 */
const SandboxSettleLine = observer(function SandboxSettleLine({ store }: { readonly store: RechargeDetailStore }) {
  const { i18n } = useStores();
  const url = store.sandboxSettleUrl;
  if (url === undefined) return null;
  return (
    <NoticeBar
      className="recharge-sandbox-settle"
      color="info"
      wrap
      content={
        <a href={url} data-testid="sandbox-distributor-link">
          {i18n.t("rechargeDetailSandboxSettle")}
        </a>
      }
    />
  );
});

/**
 * Spec §2 /orderDetail/2/:id (issue 13): a recharge order's detail for every status. While unpaid,
 * the countdown with cancel and pay; once paid, the server's code (checked every few seconds, the
 * screen kept on) with 'regenerate QR' while allowed, gone at the exact instant its 8 minutes end;
 * 'expired/used' once used or 24 h after payment; a rejection's reason. Against a sandbox server, a
 * paid order links to the sandbox card distributor's page, where it is settled.
 */
const RechargeOrderDetailPage = observer(function RechargeOrderDetailPage() {
  const store = useStore(rechargeDetailStore);
  const { i18n } = useStores();
  const id = Number(useParams()["id"]);

  // Issue 23: the detail goes out before the first paint, and the drawing library with it: a
  // recharge order's code comes on its detail, so the library would otherwise be one more step
  // after it (its 9 KB gzip are spent for nothing on an unpaid order).
  useLayoutEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    void store.open(id);
    void loadQrLibrary().catch(() => undefined);
  }, [store, id]);

  const showingCode = store.showingCode;
  const ticking = showingCode || store.secondsLeftToPay > 0;
  useEvery(1_000, store.tick, ticking);

  // The button goes at its exact instant, not at the next tick.
  const regenerateShownUntil = store.regenerateShownUntil;
  useEffect(() => store.followRegenerateDeadline(), [store, regenerateShownUntil]);

  useEvery(QR_POLL_MS, store.poll, showingCode);
  useEffect(() => (showingCode ? store.keepScreenOn() : undefined), [store, showingCode]);

  const entry = store.orderId === id ? store.entry : undefined;
  // The confirmation dialog (cancel, regenerate) is fetched once the first screen is there (components/orders/confirm.ts).
  const mayConfirm = entry !== undefined && (store.secondsLeftToPay > 0 || store.canRegenerate);
  useEffect(() => {
    if (mayConfirm) void loadQrLibrary().then(loadConfirmDialog).catch(() => undefined);
  }, [mayConfirm]);

  const body = () => {
    if (!Number.isInteger(id) || id <= 0) return <PageError description={i18n.t("notFoundTitle")} />;
    if (entry === undefined && store.detail._tag === "Failed") return <PageError description={describeError(store.detail.error, i18n)} onRetry={() => void store.load()} />;
    if (entry === undefined) return <Skeleton.Paragraph animated lineCount={8} />;
    return (
      <>
        {store.offline ? <NoticeBar className="order-offline" color="alert" content={<span role="status">{i18n.t("rechargeDetailOffline")}</span>} wrap /> : null}
        {/* The code first (issue 25): below the summary it sat under the fold at 360x640. */}
        <RechargeQrPanel
          view={store.qr}
          canRegenerate={store.canRegenerate}
          regenerating={store.regenerating}
          onRegenerate={store.regenerate}
          onRetry={() => void store.load()}
        />
        <Summary store={store} />
        <SandboxSettleLine store={store} />
        <OrderInvoiceSection order={entry.order} now={store.now} />
        <RefundDetails order={entry.order} />
      </>
    );
  };
  return <Page backTo={Routes.orderListPath("all")}>{body()}</Page>;
});

export default RechargeOrderDetailPage;
