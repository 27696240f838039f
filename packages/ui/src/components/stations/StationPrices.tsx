import { Money } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/StoresContext.tsx";

/** A station's three per-litre prices (spec §3): ours in bold, the pump's and the national one. */
export const StationPrices = observer(function StationPrices({ station }: { readonly station: { readonly now_price: number; readonly original_price: number; readonly nation_price: number } }) {
  const { i18n } = useStores();
  const perLitre = (cents: number) => i18n.t("perLitre", { price: Money.formatYuan(cents) });
  return (
    <dl className="station-prices">
      <div>
        <dt>{i18n.t("priceNow")}</dt>
        <dd className="price-now">{perLitre(station.now_price)}</dd>
      </div>
      <div>
        <dt>{i18n.t("priceOriginal")}</dt>
        <dd>{perLitre(station.original_price)}</dd>
      </div>
      <div>
        <dt>{i18n.t("priceNation")}</dt>
        <dd>{perLitre(station.nation_price)}</dd>
      </div>
    </dl>
  );
});
