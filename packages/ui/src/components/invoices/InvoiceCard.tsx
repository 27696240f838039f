import { Money, Routes } from "@fuel/domain";
import type { Invoice } from "@fuel/domain/api";
import Card from "antd-mobile/es/components/card";
import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { useStores } from "../../stores/StoresContext.tsx";
import { formatChinaTime } from "../orders/format.ts";
import { InvoiceStateTag } from "./InvoiceStateTag.tsx";

/** The words for how many orders a request holds. */
export const orderCountText = (count: number, t: (key: "invoices.orderCount" | "invoices.orderCountOne", params?: Readonly<Record<string, number>>) => string): string =>
  count === 1 ? t("invoices.orderCountOne") : t("invoices.orderCount", { n: count });

/** One request of 我的发票: station, state, amount, how many orders, when asked; a refused one says why. */
export const InvoiceCard = observer(function InvoiceCard({ invoice }: { readonly invoice: Invoice }) {
  const { i18n } = useStores();
  const station = invoice.station_title ?? i18n.t("ordersFuelCard");
  return (
    <Card
      className="invoice-card"
      title={
        <h2 className="invoice-card-title">
          <Link to={Routes.invoicePath(invoice.invoice_id)} className="invoice-card-link" aria-label={`${i18n.t("invoices.open")}: ${station}`}>
            {station}
          </Link>
        </h2>
      }
      extra={<InvoiceStateTag state={invoice.state} />}
    >
      <p className="invoice-card-figures">
        <strong className="invoice-amount">{Money.formatYuan(invoice.line.amount)}</strong>
        <span>{orderCountText(invoice.orders.length, i18n.t)}</span>
      </p>
      <p className="invoice-card-meta">
        <span>{invoice.title.name}</span>
        <span>{i18n.t("invoices.requestedAt", { time: formatChinaTime(invoice.created_at) })}</span>
      </p>
      {invoice.state === "refused" && invoice.reason !== null ? <p className="invoice-refused-reason">{i18n.t("invoices.reasonLine", { reason: invoice.reason })}</p> : null}
    </Card>
  );
});
