import { Money, type Pricing } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useStores } from "../../app/StoresContext.tsx";

interface QuoteBreakdownProps {
  /** `Pricing.quote` of the amount, or undefined while the amount does not read. */
  readonly quote: Pricing.Quote | undefined;
  /** The price per litre the payable is at (the card's price), cents. */
  readonly price: number | undefined;
  /** The pump price the litres are counted at, cents. */
  readonly originalPrice: number | undefined;
}

/**
 * The live breakdown under a card amount: the card's price per litre, the litres at the pump price,
 * the saving, and the payable in bold (`Pricing.quote`, what the server charges). A polite live
 * region, so a screen reader hears the payable as the amount is typed.
 */
export const QuoteBreakdown = observer(function QuoteBreakdown({ quote, price, originalPrice }: QuoteBreakdownProps) {
  const { i18n } = useStores();
  return (
    <div className="order-breakdown" aria-live="polite" aria-atomic="true" data-testid="breakdown">
      {quote === undefined || price === undefined || originalPrice === undefined ? (
        <p className="order-breakdown-waiting">{i18n.t("order.breakdownWaiting")}</p>
      ) : (
        <dl aria-label={i18n.t("order.breakdown")}>
          <div>
            <dt>{i18n.t("cards.cardPrice")}</dt>
            <dd>{i18n.t("cards.pagePrice", { price: Money.formatCents(price) })}</dd>
          </div>
          <div>
            <dt>{i18n.t("order.litres")}</dt>
            <dd>{i18n.t("order.litresAt", { litres: quote.litres, price: Money.formatYuan(originalPrice) })}</dd>
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
