import { Constants, Money, Pricing, Routes } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Card from "antd-mobile/es/components/card";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { OrderField } from "../components/order/OrderField.tsx";
import { PayStatus } from "../components/order/PayStatus.tsx";
import { QuoteBreakdown } from "../components/order/QuoteBreakdown.tsx";
import { savingText } from "../components/cards/cardPriceRow.ts";
import { MaintenanceNotice } from "../components/cards/MaintenanceNotice.tsx";
import { RechargeInvoiceLine } from "../components/invoices/InvoicePolicyLine.tsx";
import { Page } from "../components/Page.tsx";
import { cardCheckoutStore } from "../stores/cards/CardCheckoutStore.ts";
import { cardPurchaseStore } from "../stores/cards/CardPurchaseStore.ts";
import "../components/forms/forms.css";
import "../components/order/order.css";
import "../components/cards/cards.css";
import { StoreForm } from "../components/forms/StoreForm.tsx";
import { PHONE_INPUT } from "../components/forms/phoneInput.ts";

/** The page's fixed prices in cents per litre (4.61 now, 5.11 its list price), for the breakdown. */
const PRICES = Pricing.cardPurchasePrices();
/** Spec §9's 0.5 off, said with the list price it is off (issue 25). */
const SAVING = Pricing.cardPurchaseSaving();

/**
 * Spec §2 /heartcard: buy a diesel card by amount. The page always shows 4.61 a litre and 0.5 off
 * (spec §9); the amount refuses a 5th digit and is at most 5000 yuan (spec §5); the payable is
 * `Pricing.cardPurchaseQuote`; paying goes through the FY channel with one key per tap (the same
 * checkout as a recharge), and a paid purchase opens its order (/orderDetail/2/:id).
 */
export default observer(function HeartCardPage() {
  const { i18n } = useStores();
  const purchase = useStore(cardPurchaseStore);
  const checkout = useStore(cardCheckoutStore);
  useEffect(() => {
    checkout.reset();
    void purchase.open();
  }, [purchase, checkout]);
  const phase = checkout.phaseOf("cardPurchase");
  const paused = checkout.underMaintenance;
  const quote = purchase.quote;
  const pay = () => {
    const order = purchase.checkoutOrder();
    if (order !== undefined) void checkout.pay(order);
  };
  return (
    <Page backTo="/recharge">
      {paused ? <MaintenanceNotice /> : null}
      <Card className="cards-price" title={<h2 className="cards-card-title">{i18n.t("cards.cardPrice")}</h2>}>
        <p className="cards-price-figures">
          <strong>{i18n.t("cards.pagePrice", { price: purchase.pagePrice.priceYuan })}</strong>
          <span className="cards-price-discount">{savingText(i18n, SAVING)}</span>
        </p>
        <p className="cards-intro">{i18n.t("cards.buyIntro")}</p>
      </Card>
      <RechargeInvoiceLine />
      <StoreForm
        onSubmit={pay}
        footer={
          phase._tag === "Pending" ? null : (
            <div className="form-footer">
              <Button block type="submit" color="primary" size="large" loading={checkout.busy} disabled={checkout.busy || paused || purchase.amountError !== undefined}>
                {quote === undefined ? i18n.t("cards.buyCard") : i18n.t("order.pay", { amount: Money.formatYuan(quote.payable) })}
              </Button>
            </div>
          )
        }
      >
        <OrderField
          id="purchase-amount"
          label={i18n.t("cards.purchaseAmount")}
          hint={i18n.t("cards.purchaseAmountHint", { max: Constants.CARD_PURCHASE_MAX_YUAN, digits: Constants.CARD_PURCHASE_MAX_DIGITS })}
          error={purchase.amountError}
          value={purchase.amountText}
          onChange={purchase.setAmount}
          input={{ inputMode: "decimal", autoComplete: "off", placeholder: i18n.t("order.amountPlaceholder"), clearable: true, onBlur: purchase.touch }}
        >
          <QuoteBreakdown quote={quote} litresPrice={PRICES.originalPrice} base="list" price="card" />
        </OrderField>
        <OrderField
          id="purchase-phone"
          label={i18n.t("order.phone")}
          hint={i18n.t("order.phoneHint", { n: Constants.PHONE_LENGTH })}
          error={purchase.phoneError}
          value={purchase.phone}
          onChange={purchase.setPhone}
          input={{ ...PHONE_INPUT, clearable: true, onBlur: purchase.touch }}
        />
      </StoreForm>
      <PayStatus phase={phase} followUpTo={Routes.rechargeOrderDetailPath} followUpLabel={i18n.t("order.viewOrder")} />
    </Page>
  );
});
