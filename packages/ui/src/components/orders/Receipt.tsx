import { Money, Order } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import { useEffect, useState, type ReactNode } from "react";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { useStores } from "../../stores/StoresContext.tsx";
import { formatChinaTime } from "./format.ts";
import type * as QuoteModule from "./receiptQuote.ts";

type ReceiptQuote = typeof QuoteModule.receiptQuote;

let quoteModule: ReceiptQuote | undefined;
const loadQuote = async (): Promise<ReceiptQuote> => (quoteModule ??= (await import("./receiptQuote.ts")).receiptQuote);

/**
 * `receiptQuote` once its module is here; fetched only when `hold` is false, so a page can let
 * what its first screen needs (a paid order's code) download first. Until then the rows it fills
 * show an ellipsis: same rows, same height, no layout shift.
 */
const useReceiptQuote = (hold: boolean): ReceiptQuote | undefined => {
  const [quote, setQuote] = useState<ReceiptQuote | undefined>(() => quoteModule);
  useEffect(() => {
    if (quote !== undefined || hold) return;
    let current = true;
    void loadQuote().then((loaded) => current && setQuote(() => loaded));
    return () => {
      current = false;
    };
  }, [quote, hold]);
  return quote;
};

/** Issue 25: a refund on the receipt: the amount going back (as a minus) and, once back, the net paid. */
const refundRows = (i18n: I18nStore, order: WireOrder): ReadonlyArray<readonly [string, ReactNode]> => {
  const refund = Order.refundFacts({ paid: order.amount, paytype: order.paytype, refundStatus: order.refund_status });
  if (refund === undefined) return [];
  const done = refund.state === "refunded";
  const line: readonly [string, ReactNode] = [i18n.t(done ? "ordersRefundLine_refunded" : "ordersRefundLine_under_way"), `−${Money.formatYuan(refund.amount)}`];
  return done ? [line, [i18n.t("ordersNetPaid"), <strong>{Money.formatYuan(refund.netPaid)}</strong>]] : [line];
};

/**
 * The e-receipt of a paid fuel order (issue 12): station, times, order numbers, the prices per
 * litre (ours and the pump's at the time of the order, the national one of the station), 'litres x
 * our price', amount, saving (`Pricing.quote`, the figures the server charged by), the amount paid,
 * the channel, and a refund once asked for (amount back and, once back, the net paid). `holdQuote`: the page's first screen still downloads, so the quote's module waits.
 */
export const Receipt = observer(function Receipt({ order, holdQuote = false }: { readonly order: WireOrder; readonly holdQuote?: boolean }) {
  const { i18n } = useStores();
  const quoteOf = useReceiptQuote(holdQuote);
  const yuan = Money.formatYuan;
  const perLitre = (cents: number | null | undefined) => (cents == null ? "—" : i18n.t("perLitre", { price: yuan(cents) }));
  const now = order.gas_now_price;
  const original = order.gas_original_price;
  const quote = quoteOf?.(order);
  /** A figure of the quote, or an ellipsis while its module loads, or a dash when it cannot be worked out. */
  const figure = (value: (q: NonNullable<typeof quote>) => ReactNode): ReactNode => (quoteOf === undefined ? "…" : quote === undefined ? "—" : value(quote));
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
    [i18n.t("order.litresTimesOurPrice"), figure((q) => i18n.t("order.litresTimesPrice", { litres: q.litres, price: yuan(q.nowPrice) }))],
    [i18n.t("ordersAmount"), yuan(order.order_amount)],
    [i18n.t("ordersSaving"), figure((q) => yuan(q.saving))],
    // A receipt is of a paid order: what was charged is 'paid', never 'payable' (issue 25).
    [i18n.t("ordersPaidAmount"), <strong>{yuan(order.amount)}</strong>],
    [i18n.t("ordersChannel"), order.paytype === undefined ? "—" : i18n.t(`ordersChannel_${order.paytype}`)],
    ...refundRows(i18n, order),
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
