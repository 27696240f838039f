import { Money } from "@fuel/domain";
import type { PayType } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useNavigate } from "../../router/index.tsx";
import { useStore, useStores } from "../../stores/StoresContext.tsx";
import { Page } from "../Page.tsx";
import { PageError } from "../PageError.tsx";
import { Checklist } from "./Checklist.tsx";
import { PayStatus } from "./PayStatus.tsx";
import { fuelDraftStore } from "../../stores/FuelDraftStore.ts";
import { fuelOrderStore } from "../../stores/FuelOrderStore.ts";
import "../forms/forms.css";
import "./order.css";
import { describeError } from "../../stores/messages.ts";

/**
 * The checklist and pay button of /order (JSAPI channel) and /orderNew (FY channel), spec §2: one
 * tap is one order, the button is busy until the answer, the server's word decides paid.
 */
export const ChecklistScreen = observer(function ChecklistScreen({ paytype }: { readonly paytype: PayType }) {
  const fuelDraft = useStore(fuelDraftStore);
  const fuelOrder = useStore(fuelOrderStore);
  const { i18n } = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    fuelOrder.reset();
    void fuelDraft.openChecklist(paytype);
  }, [fuelDraft, fuelOrder, paytype]);

  const payStatus = (
    <PayStatus
      phase={fuelOrder.phase}
      followUpTo={(orderId) => fuelOrder.followUpPath(paytype, orderId)}
      followUpLabel={i18n.t("order.viewOrder")}
    />
  );
  const body = () => {
    const draft = fuelDraft.confirmed;
    // Paid: the draft is done and the app is on its way to the order; say so rather than "no order".
    if (draft === undefined && fuelOrder.phase._tag === "Paid") return payStatus;
    if (draft === undefined) {
      if (fuelDraft.stationId !== undefined && fuelDraft.station._tag === "Loading") {
        return (
          <div aria-busy="true">
            <Skeleton.Paragraph lineCount={8} animated />
          </div>
        );
      }
      if (fuelDraft.station._tag === "Failed") return <PageError description={describeError(fuelDraft.station.error, i18n)} />;
      return (
        <ErrorBlock status="empty" title={i18n.t("order.noDraft")} description={i18n.t("order.noDraftHint")}>
          <Button color="primary" onClick={() => navigate("/stationlist")}>
            {i18n.t("order.toStations")}
          </Button>
        </ErrorBlock>
      );
    }
    return (
      <>
        {/* No intro line above the list (the title says it, the list is labelled with it): at
            360x640 the pay button stays on the first screen with 'litres x our price' and the
            named pump price as two lines (issue 25). */}
        <Checklist draft={draft} />
        {payStatus}
        {fuelOrder.phase._tag === "Pending" ? null : (
          <div className="form-footer">
            <Button
              block
              color="primary"
              size="large"
              loading={fuelOrder.busy}
              disabled={fuelOrder.busy}
              onClick={() => void fuelOrder.pay(paytype)}
            >
              {i18n.t("order.pay", { amount: Money.formatYuan(draft.quote.payable) })}
            </Button>
          </div>
        )}
      </>
    );
  };
  const back = fuelDraft.stationId === undefined ? "/stationlist" : `/oneKeyGas?station_id=${fuelDraft.stationId}`;
  return <Page backTo={back}>{body()}</Page>;
});
