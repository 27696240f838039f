import { Invoice } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStores } from "../../stores/StoresContext.tsx";
import { valueOf } from "../../stores/Load.ts";
import { rechargeModeOf, windowDaysOf } from "../../stores/invoices/invoiceFacts.ts";
import "./invoices.css";

/**
 * Issue 35 item 1: the one line saying who issues a station's invoices and within how many days
 * (`Invoice.policyNotice`, with the site's window). A station whose answer carries no policy (an
 * older server) says nothing. The window is the site settings' (read once for the app); until
 * they arrive, the domain's default.
 */
export const InvoicePolicyLine = observer(function InvoicePolicyLine({
  policy,
  className,
}: {
  readonly policy: Invoice.InvoicePolicy | undefined;
  readonly className?: string;
}) {
  const { site, i18n } = useStores();
  useEffect(() => {
    void site.load();
  }, [site]);
  if (policy === undefined) return null;
  const notice = Invoice.policyNotice(policy, windowDaysOf(valueOf(site.info)));
  const text = i18n.t(notice.key, notice.params);
  return (
    <p className={`invoice-policy invoice-policy-${policy}${className === undefined ? "" : ` ${className}`}`} title={text}>
      {text}
    </p>
  );
});

/** Issue 35 item 3: the line the top-up and card-purchase screens show: invoiced here at top-up, or by the card issuer (`Invoice.rechargeNotice`). */
export const RechargeInvoiceLine = observer(function RechargeInvoiceLine() {
  const { site, i18n } = useStores();
  useEffect(() => {
    void site.load();
  }, [site]);
  const info = valueOf(site.info);
  // The line waits for the settings: the default could say the opposite of what the site does.
  if (info === undefined) return null;
  return <p className="invoice-policy invoice-recharge">{i18n.t(Invoice.rechargeNotice(rechargeModeOf(info)))}</p>;
});
