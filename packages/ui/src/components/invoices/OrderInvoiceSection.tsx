import { Invoice, Refund, Routes } from "@fuel/domain";
import type { Order as WireOrder } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link, useNavigate } from "../../router/index.tsx";
import { useStores } from "../../stores/StoresContext.tsx";
import { valueOf } from "../../stores/Load.ts";
import { candidateOf, rulesFor, usedAtOf, windowDaysOf } from "../../stores/invoices/invoiceFacts.ts";
import { kindOf } from "../../stores/orders/OrderEntry.ts";
import { formatChinaAt } from "../orders/format.ts";
import { InvoicePolicyLine, RechargeInvoiceLine } from "./InvoicePolicyLine.tsx";
import { InvoiceStateTag } from "./InvoiceStateTag.tsx";
import "./invoices.css";

/** The request holding the order, its state in words, one tap from its detail. */
const RequestLink = observer(function RequestLink({ invoice }: { readonly invoice: NonNullable<WireOrder["invoice"]> }) {
  const { i18n } = useStores();
  return (
    <Link to={Routes.invoicePath(invoice.invoice_id)} className="invoice-request-link">
      <span>{i18n.t("invoices.label")}</span>
      <InvoiceStateTag state={invoice.state} />
      <span className="invoice-request-view">{i18n.t("invoices.viewRequest")}</span>
    </Link>
  );
});

/**
 * Issue 35 on an order's detail. A fuel order: before use, who issues its invoice and within how
 * many days; once used, its request's state (linking to it) and 'ask for an invoice' while
 * `Invoice.orderRefusal` allows it, with the last day to ask, or the reason it cannot be. A station
 * whose answer carries no policy (an older server) says nothing. A top-up or card purchase: how the
 * site invoices them (`recharge_invoice`), and once done, when that is here (`at_topup`), the same ask.
 */
export const OrderInvoiceSection = observer(function OrderInvoiceSection({ order, now }: { readonly order: WireOrder; readonly now: number }) {
  const { site, i18n } = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    void site.load();
  }, [site]);
  const policy = order.stationInfo?.invoice_policy;
  const fuel = kindOf(order) === "fuel";
  if (fuel && policy === undefined) return null;
  const notice = fuel ? <InvoicePolicyLine policy={policy} /> : <RechargeInvoiceLine />;
  const candidate = candidateOf(order);
  const refunded = order.refund_status !== Refund.REFUND_STATUS.none;
  const invoice = order.invoice ?? null;
  if (candidate.status !== "used" || refunded) {
    // Before use the policy says what is to come; an order that will never be used has nothing to invoice.
    const coming = !refunded && (candidate.status === "unpaid" || candidate.status === "unused");
    if (!coming && invoice === null) return null;
    return (
      <section className="order-section invoice-order">
        {coming ? notice : null}
        {invoice === null ? null : <RequestLink invoice={invoice} />}
      </section>
    );
  }
  // The window is the site's: until the settings are read (or fail, then the default) no verdict shows.
  const info = valueOf(site.info);
  const known = info !== undefined || site.info._tag === "Failed";
  const refusal = Invoice.orderRefusal(candidate, rulesFor([order], info, now));
  const usedAt = usedAtOf(order);
  // A request under way or issued is said by its state; other reasons in words.
  // The top-up line above already says the card issuer invoices it.
  const said = refusal !== undefined && (refusal.key === "InvoiceOrderPending" || refusal.key === "InvoiceOrderInvoiced" || refusal.key === "InvoiceRechargeAtConsumption");
  return (
    <section className="order-section invoice-order" aria-label={i18n.t("invoices.ask")}>
      {notice}
      {invoice === null ? null : <RequestLink invoice={invoice} />}
      {!known ? null : refusal === undefined ? (
        <>
          <Button block color="primary" fill={invoice === null ? "solid" : "outline"} onClick={() => navigate(Routes.invoiceApplyPath([order.order_id]))}>
            {i18n.t(invoice?.state === "refused" ? "invoices.askAgain" : "invoices.ask")}
          </Button>
          {usedAt === null ? null : (
            <p className="invoice-note">{i18n.t("invoices.askUntil", { time: formatChinaAt(Invoice.lastInvoiceInstant(usedAt, windowDaysOf(info))) })}</p>
          )}
        </>
      ) : said ? null : (
        <p className="invoice-refused-reason" role="note">
          {i18n.t(refusal.key, refusal.params)}
        </p>
      )}
    </section>
  );
});
