import { Money } from "@fuel/domain";
import type { PayType } from "@fuel/domain/api";
import Button from "antd-mobile/es/components/button";
import ErrorBlock from "antd-mobile/es/components/error-block";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { useStores } from "../../app/StoresContext.tsx";
import { Page } from "../Page.tsx";
import { PageError } from "../PageError.tsx";
import { Checklist } from "./Checklist.tsx";
import "../forms/forms.css";
import "./order.css";

/** What the pay button set going, in words, in a live region (never colour alone). */
const PayStatus = observer(function PayStatus({ paytype }: { readonly paytype: PayType }) {
  const { fuelOrder, i18n } = useStores();
  const phase = fuelOrder.phase;
  const line = (() => {
    switch (phase._tag) {
      case "Creating":
        return i18n.t("order.creating");
      case "Paying":
        return i18n.t("order.paying");
      case "Confirming":
        return i18n.t("order.confirming");
      case "NeedsOauth":
        return `${i18n.t("OauthRequired")} ${i18n.t("order.redirectingToAuth")}`;
      case "Paid":
        return i18n.t("order.paid");
      default:
        return "";
    }
  })();
  return (
    <>
      <p className="order-status" role="status" aria-live="polite" data-testid="pay-status">
        {line}
      </p>
      {phase._tag === "Failed" ? (
        <p className="refusal" role="alert">
          {phase.message}
        </p>
      ) : null}
      {phase._tag === "Pending" ? (
        <div className="order-pending">
          <h2>{i18n.t("order.pending")}</h2>
          <p>{i18n.t("order.pendingHint")}</p>
          <Link className="order-follow-up" to={fuelOrder.followUpPath(paytype, phase.orderId)}>
            {paytype === "fy" ? i18n.t("order.viewOrder") : i18n.t("order.viewOrders")}
          </Link>
        </div>
      ) : null}
    </>
  );
});

/**
 * The checklist and pay button of /order (JSAPI channel) and /orderNew (FY channel), spec §2: one
 * tap is one order, the button is busy until the answer, the server's word decides paid.
 */
export const ChecklistScreen = observer(function ChecklistScreen({ paytype }: { readonly paytype: PayType }) {
  const { fuelDraft, fuelOrder, i18n } = useStores();
  const navigate = useNavigate();
  useEffect(() => {
    fuelOrder.reset();
    void fuelDraft.openChecklist(paytype);
  }, [fuelDraft, fuelOrder, paytype]);

  const body = () => {
    const draft = fuelDraft.confirmed;
    // Paid: the draft is done and the app is on its way to the order; say so rather than "no order".
    if (draft === undefined && fuelOrder.phase._tag === "Paid") return <PayStatus paytype={paytype} />;
    if (draft === undefined) {
      if (fuelDraft.stationId !== undefined && fuelDraft.station._tag === "Loading") {
        return (
          <div aria-busy="true">
            <Skeleton.Paragraph lineCount={8} animated />
          </div>
        );
      }
      if (fuelDraft.station._tag === "Failed") return <PageError description={fuelDraft.station.message} />;
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
        <p className="form-intro">{i18n.t("order.checklistIntro")}</p>
        <Checklist draft={draft} />
        <PayStatus paytype={paytype} />
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
