import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { OrderField } from "../components/order/OrderField.tsx";
import { CardPicker } from "../components/cards/CardPicker.tsx";
import { RechargeAmount, RechargePhone } from "../components/cards/RechargeAmount.tsx";
import { RechargeTips } from "../components/cards/RechargeTips.tsx";
import { RechargeInvoiceLine } from "../components/invoices/InvoicePolicyLine.tsx";
import { StationChoice } from "../components/cards/StationChoice.tsx";
import { Page } from "../components/Page.tsx";
import { cardsStore } from "../stores/cards/CardsStore.ts";
import { rechargeDraftStore } from "../stores/cards/RechargeDraftStore.ts";
import { RECHARGE_STATIONS_PATH } from "../stores/cards/rechargeRoutes.ts";
import { Constants } from "@fuel/domain";
import "../components/forms/forms.css";
import "../components/order/order.css";
import "../components/cards/cards.css";
import { StoreForm } from "../components/forms/StoreForm.tsx";
import { PHONE_INPUT } from "../components/forms/phoneInput.ts";

/** The remark's limit: the contract's line of text. */
const REMARK_MAX = 256;

/**
 * Spec §2 /recharge2 (on the tab bar): entity card recharge. The card (the customer's entity cards,
 * a look-up by phone or team, or the last 7 digits typed with team and type), the amount (at most
 * 5000 yuan) with the live payable at the entity card price, the site's tips, the station (chosen
 * on /rechargeStationList), the phones and a remark; Continue opens the checklist.
 */
export default observer(function Recharge2Page() {
  const { i18n } = useStores();
  const draft = useStore(rechargeDraftStore);
  const cards = useStore(cardsStore);
  useEffect(() => {
    void draft.open("entityRecharge");
    void cards.loadOwnStatus();
  }, [draft, cards]);
  return (
    <Page tabBar back={false}>
      <RechargeTips entity />
      <RechargeInvoiceLine />
      <StoreForm
        onSubmit={draft.proceed}
        footer={
          <div className="form-footer">
            <Button block type="submit" color="primary" size="large">
              {i18n.t("order.continue")}
            </Button>
          </div>
        }
      >
        <CardPicker />
        <RechargeAmount />
        <StationChoice to={RECHARGE_STATIONS_PATH} />
        <RechargePhone />
        <OrderField
          id="recharge-second-phone"
          label={i18n.t("cards.secondPhone")}
          hint={i18n.t("cards.secondPhoneHint", { n: Constants.PHONE_LENGTH })}
          error={draft.secondPhoneError}
          value={draft.secondPhone}
          onChange={draft.setSecondPhone}
          required={false}
          input={{ ...PHONE_INPUT, autoComplete: "off", clearable: true, onBlur: draft.touch }}
        />
        <OrderField
          id="recharge-remark"
          label={i18n.t("order.remark")}
          hint={i18n.t("order.remarkHint", { n: REMARK_MAX })}
          error={undefined}
          required={false}
          value={draft.remark}
          onChange={draft.setRemark}
          input={{ maxLength: REMARK_MAX, autoComplete: "off", clearable: true }}
        />
      </StoreForm>
    </Page>
  );
});
