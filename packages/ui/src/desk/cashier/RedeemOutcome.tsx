import { Money, Pricing } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import DotLoading from "antd-mobile/es/components/dot-loading";
import { observer } from "mobx-react-lite";
import type { RedeemStore } from "../stores/cashier/RedeemStore.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import { describeDeskError } from "../stores/deskMessages.ts";
import { FoundOrder } from "./FoundOrder.tsx";
import "./cashier.css";

/** A failed look-up worth trying again: the network or the server, not a refusal of the code. */
const retryable = (tag: string): boolean => tag === "Offline" || tag === "TimedOut" || tag === "ServerFailed" || tag === "BadAnswer";

/**
 * What the cashier sees under the code field: the look-up under way or failed, the order (what to
 * pump first) and its redeem button, the refusal that says not to fuel, and the outcome of a
 * redeem: the pump amount to dispense, and the order as used. Success shows only once the server
 * said so.
 */
export const RedeemOutcome = observer(function RedeemOutcome({ store, onNext }: { readonly store: RedeemStore; readonly onNext: () => void }) {
  const { i18n } = useDesk();
  const step = store.step;
  const next = (
    <Button block size="large" color={step._tag === "Redeemed" ? "primary" : "default"} onClick={onNext}>
      {i18n.t("desk.cashier.next")}
    </Button>
  );
  switch (step._tag) {
    case "Typing":
      return null;
    case "LookingUp":
      return (
        <div className="desk-loading" role="status" aria-label={i18n.t("desk.loading")}>
          <DotLoading color="primary" />
        </div>
      );
    case "LookupFailed":
      return (
        <div className="desk-card desk-section">
          <p className="desk-refusal" role="alert">
            {describeDeskError(step.problem, i18n)}
          </p>
          {retryable(step.problem._tag) ? (
            <Button block color="primary" onClick={() => void store.retry()}>
              {i18n.t("desk.retry")}
            </Button>
          ) : null}
        </div>
      );
    case "Redeemed": {
      // What to pump, as the look-up led with it: never the amount paid.
      const pump = Pricing.atThePump(step.order.order_amount, step.order.amount, step.order.gas_original_price);
      const amount = Money.formatYuan(pump.pumpAmount);
      const summary =
        pump.litres === null ? i18n.t("desk.cashier.redeemedSummaryNoLitres", { amount }) : i18n.t("desk.cashier.redeemedSummary", { litres: pump.litres, amount });
      return (
        <div className="desk-card desk-section">
          <div className="desk-redeemed" role="status">
            <p className="desk-redeemed-title">{i18n.t("desk.cashier.redeemedTitle")}</p>
            <p className="desk-redeemed-summary">{summary}</p>
            <p className="desk-redeemed-go">{i18n.t("desk.cashier.redeemedGo")}</p>
          </div>
          <FoundOrder order={step.order} />
          {next}
        </div>
      );
    }
    default: {
      const { order } = step;
      const refusal = order.refusal;
      return (
        <div className="desk-card desk-section">
          {refusal === null ? null : (
            <p className="desk-refusal" role="alert">
              <strong>{i18n.t("desk.cashier.doNotFuel")}</strong>
              {describeDeskError({ _tag: refusal.tag, params: refusal.params }, i18n)}
            </p>
          )}
          <FoundOrder order={order} />
          {step._tag === "Unsent" ? (
            <p className="desk-warning" role="alert">
              {i18n.t("desk.cashier.redeemOffline")}
            </p>
          ) : null}
          {step._tag === "Unknown" ? (
            <p className="desk-warning" role="alert">
              {i18n.t("desk.cashier.redeemUnknown")}
            </p>
          ) : null}
          {step._tag === "Refused" ? (
            <p className="desk-refusal" role="alert">
              <strong>{i18n.t("desk.cashier.doNotFuel")}</strong>
              {describeDeskError(step.problem, i18n)}
            </p>
          ) : null}
          {step._tag === "Unknown" ? (
            <Button block size="large" color="primary" onClick={() => void store.checkAgain()}>
              {i18n.t("desk.cashier.checkAgain")}
            </Button>
          ) : order.may_redeem && step._tag !== "Refused" ? (
            <Button block size="large" color="primary" loading={step._tag === "Redeeming"} disabled={step._tag === "Redeeming"} onClick={() => void store.redeem()}>
              {i18n.t("desk.cashier.redeem")}
            </Button>
          ) : (
            next
          )}
        </div>
      );
    }
  }
});
