import { Money, Routes } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useNavigate } from "../router/index.tsx";
import { useStore, useStores } from "../stores/StoresContext.tsx";
import { MaintenanceNotice } from "../components/cards/MaintenanceNotice.tsx";
import { RechargeInvoiceLine } from "../components/invoices/InvoicePolicyLine.tsx";
import { RechargeChecklist } from "../components/cards/RechargeChecklist.tsx";
import { useStoreAlert } from "../components/cards/useStoreAlert.tsx";
import { PayStatus } from "../components/order/PayStatus.tsx";
import { Page } from "../components/Page.tsx";
import { PageError } from "../components/PageError.tsx";
import { cardCheckoutStore } from "../stores/cards/CardCheckoutStore.ts";
import { rechargeDraftStore } from "../stores/cards/RechargeDraftStore.ts";
import { RECHARGE2_PATH, RECHARGE_STATIONS_FROM_CHECKLIST } from "../stores/cards/rechargeRoutes.ts";
import "../components/forms/forms.css";
import "../components/order/order.css";
import "../components/cards/cards.css";
import { describeError } from "../stores/messages.ts";

/** Where the draft was made: /recharge2, or the card page (its card's address when it has one). */
const draftPagePath = (page: "entityRecharge" | "cardPage"): string => (page === "cardPage" ? "/recharge" : RECHARGE2_PATH);

/**
 * Spec §2 /rechargeordernew: the recharge checklist, paid through the FY channel. Without a station,
 * paying says 'select a station first' in a dialog and the station line leads to the list; during
 * the maintenance window (spec §8) 'card service paused for system upgrade' and no paying. One tap
 * is one order (`CardCheckoutStore`); the server's word decides paid; the channel's `result_msg`
 * is shown when it does not take the order.
 */
export default observer(function RechargeOrderNewPage() {
  const { i18n, site } = useStores();
  const draft = useStore(rechargeDraftStore);
  const checkout = useStore(cardCheckoutStore);
  const navigate = useNavigate();
  useEffect(() => {
    checkout.reset();
    void draft.openChecklist();
  }, [draft, checkout]);
  useStoreAlert(draft.alert, draft.dismissAlert, i18n.t("ok"));

  const pay = () => {
    const order = draft.checkoutOrder();
    if (order !== undefined) void checkout.pay(order);
  };

  const body = () => {
    const phase = checkout.phaseOf("recharge");
    const payStatus = <PayStatus phase={phase} followUpTo={Routes.rechargeOrderDetailPath} followUpLabel={i18n.t("order.viewOrder")} />;
    // Paid: the draft is done and the app is on its way to the order; say so rather than "nothing to confirm".
    if (phase._tag === "Paid") return payStatus;
    const summary = draft.summary;
    if (summary === undefined) {
      if (site.info._tag === "Idle" || site.info._tag === "Loading") {
        return (
          <div aria-busy="true">
            <Skeleton.Paragraph lineCount={8} animated />
          </div>
        );
      }
      if (site.info._tag === "Failed") return <PageError description={describeError(site.info.error, i18n)} onRetry={() => void site.load()} />;
      return (
        <ErrorBlock status="empty" title={i18n.t("cards.noDraft")} description={i18n.t("cards.noDraftHint")}>
          <Button color="primary" onClick={() => navigate(draftPagePath(draft.page))}>
            {i18n.t("cards.toRecharge")}
          </Button>
        </ErrorBlock>
      );
    }
    const paused = checkout.underMaintenance;
    return (
      <>
        {paused ? <MaintenanceNotice /> : null}
        <p className="form-intro">{i18n.t("cards.checklistIntro")}</p>
        <RechargeInvoiceLine />
        <RechargeChecklist draft={summary} station={draft.stationValue} chooseStationTo={RECHARGE_STATIONS_FROM_CHECKLIST} />
        {payStatus}
        {phase._tag === "Pending" ? null : (
          <div className="form-footer">
            <Button block color="primary" size="large" loading={checkout.busy} disabled={checkout.busy || paused} onClick={pay}>
              {i18n.t("order.pay", { amount: Money.formatYuan(summary.quote.payable) })}
            </Button>
          </div>
        )}
      </>
    );
  };
  return <Page backTo={draftPagePath(draft.page)}>{body()}</Page>;
});
