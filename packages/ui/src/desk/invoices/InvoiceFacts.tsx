import { Money } from "@fuel/domain";
import type { DeskInvoice } from "@fuel/domain/api";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { Facts } from "../records/Facts.tsx";
import { deskTime } from "../records/format.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import { deskPdfHref, invoicePlaceText, litresText } from "./invoiceWords.ts";

function Part({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="invoice-part">
      <h3 className="invoice-part-title">{title}</h3>
      {children}
    </section>
  );
}

/**
 * One request whole, as staff need it to issue the invoice in the tax system: who asked and
 * where, the title as it was when asked (type, name, taxpayer id, the optional fields), each
 * order (paid amount, litres, when used), the invoiced line as the server computed it with the
 * domain's line function (litres, unit price, amount, tax), and what became of it.
 */
export const InvoiceFacts = observer(function InvoiceFacts({ invoice }: { readonly invoice: DeskInvoice }) {
  const { i18n } = useDesk();
  const { title, line } = invoice;
  const pdf = deskPdfHref(invoice);
  const outcome = invoice.state === "issued" || invoice.state === "refused";
  return (
    <div className="invoice-facts">
      <Facts
        facts={[
          [i18n.t("desk.invoices.station"), invoicePlaceText(invoice, i18n)],
          [i18n.t("desk.invoices.createdAt"), <time dateTime={invoice.created_at}>{deskTime(invoice.created_at)}</time>],
          [i18n.t("desk.invoices.customerPhone"), invoice.customer_phone ?? undefined],
          [i18n.t("desk.invoices.issuer"), i18n.t(`desk.invoices.issuer.${invoice.issuer}`)],
        ]}
      />
      <Part title={i18n.t("desk.invoices.title")}>
        <Facts
          facts={[
            [i18n.t("desk.invoices.titleType"), i18n.t(`desk.invoices.titleType.${title.type}`)],
            [i18n.t("desk.invoices.name"), <strong>{title.name}</strong>],
            [i18n.t("desk.invoices.taxId"), title.tax_id === null ? undefined : <span className="invoice-code">{title.tax_id}</span>],
            [i18n.t("desk.invoices.email"), title.email ?? undefined],
            [i18n.t("desk.invoices.phone"), title.phone ?? undefined],
            [i18n.t("desk.invoices.address"), title.address ?? undefined],
            [i18n.t("desk.invoices.bank"), title.bank ?? undefined],
            [i18n.t("desk.invoices.account"), title.account === null ? undefined : <span className="invoice-code">{title.account}</span>],
          ]}
        />
      </Part>
      <Part title={`${i18n.t("desk.invoices.orders")} (${invoice.orders.length})`}>
        <ul className="invoice-orders">
          {invoice.orders.map((order) => (
            <li key={order.order_id}>
              <span className="invoice-order-head">
                <span>{i18n.t("desk.invoices.orderLine", { id: order.order_id })}</span>
                <span>{i18n.t("desk.invoices.orderPaid", { amount: Money.formatYuan(order.amount) })}</span>
                {order.litres === null ? null : <span>{litresText(order.litres, i18n)}</span>}
              </span>
              <span className="invoice-order-more">
                <span className="invoice-code">{order.mchnt_order_no}</span>
                {order.used_at === null ? null : <span>{i18n.t("desk.invoices.usedAt", { at: deskTime(order.used_at) })}</span>}
              </span>
            </li>
          ))}
        </ul>
      </Part>
      <Part title={i18n.t("desk.invoices.line")}>
        <Facts
          facts={[
            [i18n.t("desk.invoices.goods"), line.description],
            [i18n.t("desk.invoices.litres"), line.litres ?? undefined],
            [i18n.t("desk.invoices.unitPrice"), line.unit_price === null ? undefined : i18n.t("desk.invoices.unitPriceValue", { price: line.unit_price })],
            [i18n.t("desk.invoices.amount"), <strong>{Money.formatYuan(line.amount)}</strong>],
            line.tax_percent === null
              ? [i18n.t("desk.invoices.taxFree"), i18n.t("desk.invoices.taxFreeValue")]
              : [i18n.t("desk.invoices.tax", { percent: line.tax_percent }), Money.formatYuan(line.tax)],
            [i18n.t("desk.invoices.net"), Money.formatYuan(line.net)],
          ]}
        />
      </Part>
      {outcome ? (
        <Part title={i18n.t("desk.invoices.outcome")}>
          <Facts
            facts={[
              [i18n.t("desk.invoices.state"), <strong>{i18n.t(`desk.invoices.state.${invoice.state}`)}</strong>],
              [i18n.t("desk.invoices.number"), invoice.number === null ? undefined : <span className="invoice-code">{invoice.number}</span>],
              [i18n.t("desk.invoices.issuedAt"), invoice.issued_at === null ? undefined : deskTime(invoice.issued_at)],
              [i18n.t("desk.invoices.actedBy"), invoice.acted_by ?? undefined],
              [
                i18n.t("desk.invoices.pdf"),
                invoice.state !== "issued" ? undefined : pdf !== undefined ? (
                  <a href={pdf} target="_blank" rel="noreferrer">
                    {i18n.t("desk.invoices.openPdf")}
                  </a>
                ) : invoice.in_wallet ? (
                  i18n.t("desk.invoices.inWallet")
                ) : (
                  i18n.t("desk.invoices.noPdf")
                ),
              ],
              [i18n.t("desk.invoices.reason"), invoice.reason ?? undefined],
            ]}
          />
        </Part>
      ) : null}
    </div>
  );
});
