import { Money, Pricing } from "@fuel/domain";
import type { Station } from "@fuel/domain/api";
import Card from "antd-mobile/es/components/card";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { StationPrices } from "../stations/StationPrices.tsx";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { fuelDraftStore } from "../../stores/FuelDraftStore.ts";
import { InvoicePolicyLine } from "../invoices/InvoicePolicyLine.tsx";

/**
 * The station at the top of /oneKeyGas (spec §2): name, address, opening hours (open or closed in
 * words), our price, the pump and national prices, and the discount per litre against the pump
 * price, named as such (`Pricing.discountPerLitre`), and who invoices (issue 35).
 */
export const StationSummary = observer(function StationSummary({ station }: { readonly station: Station }) {
  const fuelDraft = useStore(fuelDraftStore);
  const { i18n } = useStores();
  const openNow = fuelDraft.openNow === true;
  return (
    <Card className="order-station" title={<h2 className="station-title">{station.title}</h2>}>
      <p className="order-station-line">{station.address}</p>
      <p className="order-station-line">
        <span>{i18n.t("hours", { start: station.business_start_time, end: station.business_end_time })}</span>{" "}
        <Tag color={openNow ? "success" : "default"} fill="outline">
          {i18n.t(openNow ? "openNow" : "closedNow")}
        </Tag>
      </p>
      <StationPrices station={station} />
      <p className="order-station-line order-discount">{i18n.t("discountVsPump", { amount: Money.formatYuan(Pricing.discountPerLitre(station.original_price, station.now_price)) })}</p>
      <InvoicePolicyLine policy={station.invoice_policy} />
    </Card>
  );
});
