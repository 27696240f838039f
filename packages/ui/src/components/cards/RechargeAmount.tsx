import { Constants } from "@fuel/domain";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { rechargeDraftStore } from "../../stores/cards/RechargeDraftStore.ts";
import { OrderField } from "../order/OrderField.tsx";
import { QuoteBreakdown } from "../order/QuoteBreakdown.tsx";
import { PHONE_INPUT } from "../forms/phoneInput.ts";

/**
 * The recharge amount in yuan (spec §5): its limit in words by page (/recharge2: at most 5000 yuan;
 * the card page: over 10000 contact the distributor), the rule's message under it once the field
 * is left, and the live payable at the card's price (`Pricing.quote`).
 */
export const RechargeAmount = observer(function RechargeAmount() {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  const cardPage = draft.page === "cardPage";
  return (
    <OrderField
      id="recharge-amount"
      label={i18n.t("cards.amount")}
      hint={
        cardPage
          ? i18n.t("cards.amountHintCardPage", { max: Constants.CONSUMPTION_CONTACT_DISTRIBUTOR_ABOVE_YUAN })
          : i18n.t("cards.amountHint", { max: Constants.ENTITY_RECHARGE_MAX_YUAN })
      }
      error={draft.amountError}
      value={draft.amountText}
      onChange={draft.setAmount}
      input={{ inputMode: "decimal", autoComplete: "off", placeholder: i18n.t("order.amountPlaceholder"), clearable: true, onBlur: draft.touch }}
    >
      <QuoteBreakdown quote={draft.quote} litresPrice={draft.webInfo?.price_0_original} price="card" />
    </OrderField>
  );
});

/** The phone (from the profile) of a recharge. */
export const RechargePhone = observer(function RechargePhone() {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  return (
    <OrderField
      id="recharge-phone"
      label={i18n.t("order.phone")}
      hint={i18n.t("order.phoneHint", { n: Constants.PHONE_LENGTH })}
      error={draft.phoneError}
      value={draft.phone}
      onChange={draft.setPhone}
      input={{ ...PHONE_INPUT, clearable: true, onBlur: draft.touch }}
    />
  );
});
