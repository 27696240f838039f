import { Money, type Pricing } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/StoresContext.tsx";

/** A line of the breakdown above the litres: what it is and its value, in words. */
export interface BreakdownRow {
  readonly term: string;
  readonly value: string;
}

interface QuoteBreakdownProps {
  /** `Pricing.quote` of the amount, or undefined while the amount does not read. */
  readonly quote: Pricing.Quote | undefined;
  /** The pump price the litres are counted at, cents; undefined while it is not known. */
  readonly litresPrice: number | undefined;
  /** Lines shown first (a card page's price per litre). */
  readonly leadingRows?: ReadonlyArray<BreakdownRow>;
}

/**
 * The live breakdown under an amount: any leading lines, the litres at the pump price, the saving,
 * and the payable in bold (`Pricing.quote`, what the server charges). A polite live region, so a
 * screen reader hears the payable as the amount is typed; until the figures are known it says it
 * is waiting for them.
 */
export const QuoteBreakdown = observer(function QuoteBreakdown({ quote, litresPrice, leadingRows = [] }: QuoteBreakdownProps) {
  const { i18n } = useStores();
  return (
    <div className="order-breakdown" aria-live="polite" aria-atomic="true" data-testid="breakdown">
      {quote === undefined || litresPrice === undefined ? (
        <p className="order-breakdown-waiting">{i18n.t("order.breakdownWaiting")}</p>
      ) : (
        <dl aria-label={i18n.t("order.breakdown")}>
          {leadingRows.map((row) => (
            <div key={row.term}>
              <dt>{row.term}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
          <div>
            <dt>{i18n.t("order.litres")}</dt>
            <dd>{i18n.t("order.litresAt", { litres: quote.litres, price: Money.formatYuan(litresPrice) })}</dd>
          </div>
          <div>
            <dt>{i18n.t("order.saving")}</dt>
            <dd>{Money.formatYuan(quote.saving)}</dd>
          </div>
          <div className="order-payable">
            <dt>{i18n.t("order.payable")}</dt>
            <dd>
              <strong>{Money.formatYuan(quote.payable)}</strong>
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
});
