import { Constants } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { OrderField } from "./OrderField.tsx";
import { QuoteBreakdown } from "./QuoteBreakdown.tsx";
import { fuelDraftStore } from "../../stores/FuelDraftStore.ts";
import { StoreFormItem } from "../forms/StoreForm.tsx";

/**
 * The amount of /oneKeyGas (spec §5): yuan with at most two decimals, 'amount cannot be empty' and
 * 'cannot exceed 10000 yuan' in words under it, quick amounts, and the live breakdown.
 */
export const AmountEntry = observer(function AmountEntry() {
  const fuelDraft = useStore(fuelDraftStore);
  const { i18n } = useStores();
  const station = fuelDraft.station._tag === "Loaded" ? fuelDraft.station.value : undefined;
  return (
    <>
      <OrderField
        id="order-amount"
        label={i18n.t("order.amount")}
        hint={i18n.t("order.amountHint", { max: Constants.ONE_KEY_MAX_YUAN })}
        error={fuelDraft.amountError}
        value={fuelDraft.amountText}
        onChange={fuelDraft.setAmount}
        input={{ inputMode: "decimal", autoComplete: "off", placeholder: i18n.t("order.amountPlaceholder"), clearable: true, onBlur: fuelDraft.touch }}
      />
      <StoreFormItem className="order-amount-extras">
        <div className="quick-amounts" role="group" aria-label={i18n.t("order.quickAmounts")}>
          {Constants.ONE_KEY_QUICK_AMOUNTS_YUAN.map((yuan) => (
            <Button
              key={yuan}
              size="small"
              fill="outline"
              color={fuelDraft.amountText === String(yuan) ? "primary" : "default"}
              aria-pressed={fuelDraft.amountText === String(yuan)}
              aria-label={i18n.t("order.quickAmountLabel", { yuan: yuan.toLocaleString("en-US") })}
              onClick={() => fuelDraft.pickQuickAmount(yuan)}
            >
              {i18n.t("order.quickAmount", { yuan: yuan.toLocaleString("en-US") })}
            </Button>
          ))}
        </div>
        <QuoteBreakdown quote={fuelDraft.quote} litresPrice={station?.original_price} />
      </StoreFormItem>
    </>
  );
});
