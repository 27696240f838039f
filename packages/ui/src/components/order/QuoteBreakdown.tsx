import { Money, Pricing } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import { useStores } from "../../stores/StoresContext.tsx";

/** A line of the breakdown above the litres: what it is and its value, in words. */
export interface BreakdownRow {
  readonly term: string;
  readonly value: string;
}

/** What the price the litres are charged at is called: ours (a station's) or a card's. */
export type PriceName = "our" | "card";

/**
 * Issue 25: a quote's lines as the customer checks them: 'litres x our price' (their product is the
 * payable, `Pricing.quote`), then the base price the litres are counted at, by name, with the
 * saving per litre against it. The breakdown and the checklist both show these.
 */
export const quoteRows = (i18n: I18nStore, quote: Pricing.Quote, base: Pricing.PriceBase, price: PriceName = "our"): ReadonlyArray<BreakdownRow> => [
  {
    term: i18n.t(price === "card" ? "order.litresTimesCardPrice" : "order.litresTimesOurPrice"),
    value: i18n.t("order.litresTimesPrice", { litres: quote.litres, price: Money.formatYuan(quote.nowPrice) }),
  },
  baseRow(i18n, Pricing.savingAgainst(quote.nowPrice, base, quote.originalPrice)),
];

/** The base price by name and, when there is one, the saving per litre against it (`Pricing.savingAgainst`). */
const baseRow = (i18n: I18nStore, saving: Pricing.SavingAgainst): BreakdownRow => ({
  term: i18n.t(`order.base_${saving.base}`),
  value:
    saving.perLitre > 0
      ? i18n.t("order.basePriceSaving", { price: Money.formatYuan(saving.basePrice), saving: Money.formatYuan(saving.perLitre) })
      : i18n.t("perLitre", { price: Money.formatYuan(saving.basePrice) }),
});

interface QuoteBreakdownProps {
  /** `Pricing.quote` of the amount, or undefined while the amount does not read. */
  readonly quote: Pricing.Quote | undefined;
  /** The pump price the litres are counted at, cents; undefined while it is not known. */
  readonly litresPrice: number | undefined;
  /** Lines shown first (a card page's price per litre). */
  readonly leadingRows?: ReadonlyArray<BreakdownRow>;
  /** The price the litres are counted at, by name: a station's or the site's pump price, or /heartcard's list price. */
  readonly base?: Pricing.PriceBase;
  /** What the price charged is called: a card page's is the card price. */
  readonly price?: PriceName;
}

/**
 * The live breakdown under an amount: any leading lines, 'litres x our price', the base price and
 * the saving per litre against it, the saving, and the payable in bold (`Pricing.quote`, what the server charges). A polite live region, so a
 * screen reader hears the payable as the amount is typed; until the figures are known it says it
 * is waiting for them.
 */
export const QuoteBreakdown = observer(function QuoteBreakdown({ quote, litresPrice, leadingRows = [], base = "pump", price = "our" }: QuoteBreakdownProps) {
  const { i18n } = useStores();
  return (
    <div className="order-breakdown" aria-live="polite" aria-atomic="true" data-testid="breakdown">
      {quote === undefined || litresPrice === undefined ? (
        <p className="order-breakdown-waiting">{i18n.t("order.breakdownWaiting")}</p>
      ) : (
        <dl aria-label={i18n.t("order.breakdown")}>
          {[...leadingRows, ...quoteRows(i18n, quote, base, price)].map((row) => (
            <div key={row.term}>
              <dt>{row.term}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
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
