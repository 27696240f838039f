import { Constants, Money } from "@fuel/domain";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { useStores } from "../../stores/StoresContext.tsx";
import type { ConfirmedDraft } from "../../stores/FuelDraftStore.ts";
import { quoteRows } from "./QuoteBreakdown.tsx";
import { InvoicePolicyLine } from "../invoices/InvoicePolicyLine.tsx";

/** One line of a checklist: what it is on the left, its value on the right. */
export function ChecklistRow({ label, className, children }: { readonly label: string; readonly className?: string; readonly children: ReactNode }) {
  return (
    <List.Item className={className ?? ""} extra={<span className="order-checklist-value">{children}</span>}>
      <span className="order-checklist-label">{label}</span>
    </List.Item>
  );
}

/**
 * The checklist of spec §2 /order: station name and address, fuel type, amount, 'litres x our
 * price', the pump price with the saving per litre, the saving, payable (bold), phone and remark:
 * the figures of `Pricing.quote`, whose payable the server charges (`Pricing.chargeableQuote`).
 */
export const Checklist = observer(function Checklist({ draft }: { readonly draft: ConfirmedDraft }) {
  const { i18n } = useStores();
  const { station, quote } = draft;
  return (
    <List className="order-checklist" aria-label={i18n.t("order.checklistIntro")}>
      {/* Issue 35: who invoices, under the station, before paying ('no invoice' plainly when none). */}
      <List.Item
        className="order-checklist-station"
        description={
          <>
            {station.address}
            <InvoicePolicyLine policy={station.invoice_policy} />
          </>
        }
      >
        <span className="order-checklist-label">{i18n.t("order.station")}</span>
        <span className="order-checklist-station-name">{station.title}</span>
      </List.Item>
      <ChecklistRow label={i18n.t("order.fuelType")}>{Constants.DIESEL_0}</ChecklistRow>
      <ChecklistRow label={i18n.t("order.amountLine")}>{Money.formatYuan(draft.amount)}</ChecklistRow>
      {quoteRows(i18n, quote, "pump").map((row) => (
        <ChecklistRow key={row.term} label={row.term}>
          {row.value}
        </ChecklistRow>
      ))}
      <ChecklistRow label={i18n.t("order.saving")}>{Money.formatYuan(quote.saving)}</ChecklistRow>
      <ChecklistRow label={i18n.t("order.payable")} className="order-payable">
        <strong>{Money.formatYuan(quote.payable)}</strong>
      </ChecklistRow>
      <ChecklistRow label={i18n.t("order.phone")}>{draft.phone}</ChecklistRow>
      <ChecklistRow label={i18n.t("order.remark")}>{draft.remark === "" ? i18n.t("order.noRemark") : draft.remark}</ChecklistRow>
    </List>
  );
});
