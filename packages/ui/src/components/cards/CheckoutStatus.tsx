import { observer } from "mobx-react-lite";
import { Link } from "react-router";
import { useStores } from "../../app/StoresContext.tsx";
import type { CardCheckoutStore, CheckoutKind } from "../../stores/cards/CardCheckoutStore.ts";
import { rechargeOrderPath } from "../../stores/cards/CardCheckoutStore.ts";

/**
 * What the pay button of a card page set going, in words in a live region (never colour alone):
 * creating, paying, confirming, the oauth redirect, paid; a failure (a refusal, the channel's
 * `result_msg`, the maintenance window) as an alert; 'payment being confirmed' with a link to the order.
 */
export const CheckoutStatus = observer(function CheckoutStatus({ checkout, kind }: { readonly checkout: CardCheckoutStore; readonly kind: CheckoutKind }) {
  const { i18n } = useStores();
  const phase = checkout.phaseOf(kind);
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
          <Link className="order-follow-up" to={rechargeOrderPath(phase.orderId)}>
            {i18n.t("order.viewOrder")}
          </Link>
        </div>
      ) : null}
    </>
  );
});

/** Spec §8/§9: card services paused for the upgrade; the pay button is off meanwhile. */
export const MaintenanceNotice = observer(function MaintenanceNotice() {
  const { i18n } = useStores();
  return (
    <div className="refusal cards-maintenance" role="alert">
      <strong>{i18n.t("MaintenanceWindow")}</strong>{" "}
      <span>{i18n.t("cards.maintenanceHint")}</span>
    </div>
  );
});
