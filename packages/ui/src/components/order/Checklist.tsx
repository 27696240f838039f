import { Constants, Money } from "@fuel/domain";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import { useStores } from "../../app/StoresContext.tsx";
import type { ConfirmedDraft } from "../../stores/FuelDraftStore.ts";

/**
 * The checklist of spec §2 /order: station name and address, fuel type, amount, litres, saving,
 * payable (bold), phone and remark: the figures of `Pricing.quote` the server charges.
 */
export const Checklist = observer(function Checklist({ draft }: { readonly draft: ConfirmedDraft }) {
  const { i18n } = useStores();
  const { station, quote } = draft;
  return (
    <List className="order-checklist" aria-label={i18n.t("order.checklistIntro")}>
      <List.Item title={i18n.t("order.station")} description={station.address}>
        {station.title}
      </List.Item>
      <List.Item title={i18n.t("order.fuelType")}>{Constants.DIESEL_0}</List.Item>
      <List.Item title={i18n.t("order.amountLine")}>{Money.formatYuan(draft.amount)}</List.Item>
      <List.Item title={i18n.t("order.litres")}>{i18n.t("order.litresAt", { litres: quote.litres, price: Money.formatYuan(station.original_price) })}</List.Item>
      <List.Item title={i18n.t("order.saving")}>{Money.formatYuan(quote.saving)}</List.Item>
      <List.Item title={i18n.t("order.payable")} className="order-payable">
        <strong>{Money.formatYuan(quote.payable)}</strong>
      </List.Item>
      <List.Item title={i18n.t("order.phone")}>{draft.phone}</List.Item>
      <List.Item title={i18n.t("order.remark")}>{draft.remark === "" ? i18n.t("order.noRemark") : draft.remark}</List.Item>
    </List>
  );
});
