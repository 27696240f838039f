import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { useStores } from "../../stores/StoresContext.tsx";
import type { PayPhase } from "../../stores/checkout/CheckoutFlow.ts";
import { describeError } from "../../stores/messages.ts";

interface PayStatusProps {
  readonly phase: PayPhase;
  /** Where a payment still being confirmed can be followed (the order, or the order list). */
  readonly followUpTo: (orderId: number) => string;
  /** The follow-up link's words. */
  readonly followUpLabel: string;
}

/**
 * What a checkout page's pay button set going, in words in a live region (never colour alone):
 * creating, paying, confirming, the oauth redirect, paid; a failure as an alert; 'payment being
 * confirmed' with a link to follow it up.
 */
export const PayStatus = observer(function PayStatus({ phase, followUpTo, followUpLabel }: PayStatusProps) {
  const { i18n } = useStores();
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
          {describeError(phase.error, i18n)}
        </p>
      ) : null}
      {phase._tag === "Pending" ? (
        <div className="order-pending">
          <h2>{i18n.t("order.pending")}</h2>
          <p>{i18n.t("order.pendingHint")}</p>
          <Link className="order-follow-up" to={followUpTo(phase.orderId)}>
            {followUpLabel}
          </Link>
        </div>
      ) : null}
    </>
  );
});
