import { Money, Routes } from "@fuel/domain";
import type { Invoice } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import Card from "antd-mobile/es/components/card";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link, useNavigate, useParams } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { InvoiceStateTag } from "../components/invoices/InvoiceStateTag.tsx";
import { orderCountText } from "../components/invoices/InvoiceCard.tsx";
import { PdfLink } from "../components/invoices/PdfLink.tsx";
import "../components/invoices/invoices.css";
import "../components/orders/orders.css";
import { formatChinaTime } from "../components/orders/format.ts";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { valueOf } from "../stores/Load.ts";
import { describeError } from "../stores/messages.ts";
import { invoiceDetailStore } from "../stores/invoices/InvoiceDetailStore.ts";

/** Label and value rows, as the order detail's receipt lays them out. */
function Facts({ rows }: { readonly rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl className="order-receipt">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the request stands: waiting, being issued, issued (number, date, PDF or the wallet), or refused (why, and ask again). */
const StateCard = observer(function StateCard({ invoice }: { readonly invoice: Invoice }) {
  const { i18n } = useStores();
  const navigate = useNavigate();
  const station = invoice.station_title ?? i18n.t("ordersFuelCard");
  return (
    <Card className="order-card invoice-state-card" title={<h2 className="order-card-title">{station}</h2>} extra={<InvoiceStateTag state={invoice.state} />}>
      <p className="invoice-card-figures">
        <strong className="invoice-amount">{Money.formatYuan(invoice.line.amount)}</strong>
        <span>{orderCountText(invoice.orders.length, i18n.t)}</span>
      </p>
      {invoice.state === "requested" || invoice.state === "issuing" ? (
        <p className="invoice-note" role="status">
          {i18n.t(`invoices.stateHint_${invoice.state}`)}
        </p>
      ) : null}
      {invoice.state === "issued" ? (
        <>
          <Facts
            rows={[
              [i18n.t("invoices.number"), invoice.number ?? ""],
              [i18n.t("invoices.issuedAt"), formatChinaTime(invoice.issued_at)],
            ]}
          />
          <div className="invoice-pdf">
            {invoice.in_wallet ? <p className="invoice-wallet">{i18n.t("invoices.inWallet")}</p> : null}
            {invoice.pdf_url !== null ? <PdfLink invoice={invoice} /> : invoice.in_wallet ? null : <p className="invoice-note">{i18n.t("invoices.pdfLater")}</p>}
          </div>
        </>
      ) : null}
      {invoice.state === "refused" ? (
        <>
          <p className="invoice-refused-reason" role="alert">{i18n.t("invoices.reasonLine", { reason: invoice.reason ?? "" })}</p>
          <p className="invoice-note">{i18n.t("invoices.askAgainHint")}</p>
          <Button block color="primary" onClick={() => navigate(Routes.invoiceApplyPath(invoice.orders.map((o) => o.order_id)))}>
            {i18n.t("invoices.askAgain")}
          </Button>
        </>
      ) : null}
    </Card>
  );
});

/** The title as it was when asked for. */
const TitleSection = observer(function TitleSection({ invoice }: { readonly invoice: Invoice }) {
  const { i18n } = useStores();
  const { title } = invoice;
  const optional: ReadonlyArray<readonly [string, string | null]> = [
    [i18n.t("invoices.formTaxId"), title.tax_id],
    [i18n.t("invoices.formEmail"), title.email],
    [i18n.t("invoices.formPhone"), title.phone],
    [i18n.t("invoices.formAddress"), title.address],
    [i18n.t("invoices.formBank"), title.bank],
    [i18n.t("invoices.formAccount"), title.account],
  ];
  return (
    <section className="order-section" aria-labelledby="invoice-title-heading">
      <h2 id="invoice-title-heading" className="order-section-title">
        {i18n.t("invoices.titleSection")}
      </h2>
      <Facts
        rows={[
          [i18n.t("invoices.formType"), i18n.t(`invoices.type_${title.type}`)],
          [i18n.t(title.type === "company" ? "invoices.formName_company" : "invoices.formName_personal"), title.name],
          ...optional.flatMap(([label, value]) => (value === null ? [] : [[label, value] as const])),
        ]}
      />
    </section>
  );
});

/** The invoiced line: goods, litres, unit price, amount, tax (`Invoice.fuelInvoiceLine`, as the server made it). */
const LineSection = observer(function LineSection({ invoice }: { readonly invoice: Invoice }) {
  const { i18n } = useStores();
  const { line } = invoice;
  return (
    <section className="order-section" aria-labelledby="invoice-line-heading">
      <h2 id="invoice-line-heading" className="order-section-title">
        {i18n.t("invoices.lineSection")}
      </h2>
      <Facts
        rows={[
          [i18n.t("invoices.goods"), line.description],
          ...(line.litres === null ? [] : [[i18n.t("invoices.litres"), i18n.t("invoices.litresValue", { litres: line.litres })] as const]),
          ...(line.unit_price === null ? [] : [[i18n.t("invoices.unitPrice"), i18n.t("invoices.unitPriceValue", { price: line.unit_price })] as const]),
          [i18n.t("invoices.amount"), Money.formatYuan(line.amount)],
          [i18n.t("invoices.taxRate"), line.tax_percent === null ? i18n.t("invoices.taxFree") : i18n.t("invoices.taxRateValue", { percent: line.tax_percent })],
          [i18n.t("invoices.tax"), Money.formatYuan(line.tax)],
          [i18n.t("invoices.issuer"), i18n.t(`invoices.issuer_${invoice.issuer}`)],
          [i18n.t("invoices.askedAt"), formatChinaTime(invoice.created_at)],
        ]}
      />
    </section>
  );
});

/** The orders on the request, each a link to its detail. */
const OrdersSection = observer(function OrdersSection({ invoice }: { readonly invoice: Invoice }) {
  const { i18n } = useStores();
  return (
    <section className="order-section" aria-labelledby="invoice-orders-heading">
      <h2 id="invoice-orders-heading" className="order-section-title">
        {i18n.t("invoices.ordersSection")}
      </h2>
      <ul className="invoice-orders">
        {invoice.orders.map((order) => (
          <li key={order.order_id}>
            <Link to={Routes.orderDetailPath(order.order_id)} className="invoice-order-link">
              <span className="invoice-order-no">{order.mchnt_order_no}</span>
              <span className="invoice-order-line">
                {i18n.t("invoices.orderLine", { amount: Money.formatYuan(order.amount), litres: order.litres ?? "0.000" })}
                {order.used_at === null ? "" : ` · ${i18n.t("invoices.usedAt", { time: formatChinaTime(order.used_at) })}`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
});

/** Issue 35 item 4, /invoice/:id: one request, as it stands. */
export default observer(function InvoiceDetailPage() {
  const detail = useStore(invoiceDetailStore);
  const { i18n } = useStores();
  const id = Number(useParams()["id"]);
  const valid = Number.isSafeInteger(id) && id > 0;
  useEffect(() => {
    if (valid) void detail.open(id);
  }, [detail, id, valid]);
  const body = () => {
    if (!valid) return <PageError description={i18n.t("InvoiceNotFound")} />;
    const invoice = detail.invoiceId === id ? valueOf(detail.detail) : undefined;
    if (invoice === undefined && detail.detail._tag === "Failed") return <PageError description={describeError(detail.detail.error, i18n)} onRetry={() => void detail.load()} />;
    if (invoice === undefined) return <Skeleton.Paragraph animated lineCount={10} />;
    return (
      <>
        <StateCard invoice={invoice} />
        <TitleSection invoice={invoice} />
        <LineSection invoice={invoice} />
        <OrdersSection invoice={invoice} />
      </>
    );
  };
  return <Page backTo={Routes.INVOICES_PATH}>{body()}</Page>;
});
