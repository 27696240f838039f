import { Constants } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/StoresContext.tsx";
import type { RechargeQrView } from "../../stores/orders/RechargeDetailStore.ts";
import { RedemptionQr } from "../order/RedemptionQr.tsx";
import { confirmDialog } from "./confirm.ts";
import "./recharge.css";

interface RechargeQrPanelProps {
  readonly view: RechargeQrView;
  readonly canRegenerate: boolean;
  readonly regenerating: boolean;
  readonly onRegenerate: () => Promise<void>;
  readonly onRetry: () => void;
}

/** The minutes after payment during which a new code may be made (spec §9), for the hint under the button. */
const REGENERATE_MINUTES = Constants.RECHARGE_QR_REGENERATE_HIDDEN_AFTER_MS / 60_000;

/**
 * The QR area of a paid recharge order (spec §4): the server's code drawn large (RedemptionQr,
 * `qrcode` loaded on first draw) with its text under it; 'expired/used' once used, expired or more
 * than 24 h after payment; 'regenerate QR' while the store says the domain allows it, asking first
 * because the page then closes.
 */
export const RechargeQrPanel = observer(function RechargeQrPanel({ view, canRegenerate, regenerating, onRegenerate, onRetry }: RechargeQrPanelProps) {
  const { i18n } = useStores();
  if (view._tag === "None") return null;
  const regenerate = async () => {
    const sure = await confirmDialog({
      content: i18n.t("rechargeDetailRegenerateConfirm"),
      confirmText: i18n.t("ordersQrRegenerate"),
      cancelText: i18n.t("cancel"),
    });
    if (sure) await onRegenerate();
  };
  const body = () => {
    switch (view._tag) {
      case "ExpiredOrUsed":
        return (
          <p className="order-qr-gone" role="status">
            {i18n.t("ordersQrExpiredOrUsed")}
          </p>
        );
      case "Missing":
        return (
          <div className="recharge-qr-missing">
            <p role="status">{i18n.t("rechargeDetailQrMissing")}</p>
            <Button size="small" fill="outline" color="primary" onClick={onRetry}>
              {i18n.t("retry")}
            </Button>
          </div>
        );
      case "Shown":
        return (
          <>
            <p className="recharge-qr-hint">{i18n.t("rechargeDetailQrHint")}</p>
            <RedemptionQr code={view.code} />
            {canRegenerate ? (
              <div className="recharge-regenerate">
                <Button block fill="outline" color="primary" loading={regenerating} disabled={regenerating} onClick={() => void regenerate()}>
                  {i18n.t("ordersQrRegenerate")}
                </Button>
                <p className="recharge-regenerate-hint">{i18n.t("rechargeDetailRegenerateHint", { minutes: REGENERATE_MINUTES })}</p>
              </div>
            ) : null}
          </>
        );
    }
  };
  return (
    <section className="order-qr recharge-qr" aria-labelledby="recharge-qr-title">
      <h2 id="recharge-qr-title" className="order-section-title">
        {i18n.t("rechargeDetailQrTitle")}
      </h2>
      {body()}
    </section>
  );
});
