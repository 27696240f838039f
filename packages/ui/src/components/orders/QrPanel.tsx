import Button from "antd-mobile/es/components/button";
import Dialog from "antd-mobile/es/components/dialog";
import Skeleton from "antd-mobile/es/components/skeleton";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useStores } from "../../app/StoresContext.tsx";
import type { QrView } from "../../stores/orders/OrderDetailStore.ts";
import { PageError } from "../PageError.tsx";
import { formatCountdown } from "./format.ts";

/** The drawn code's side in CSS px: at least 240 so a cashier's scanner reads it from a cheap phone at arm's length. */
export const QR_SIZE_PX = 260;

/**
 * The code as a black-on-white SVG with the standard 4-module quiet zone. `qrcode` is imported
 * here on first use, so only a page that shows a code loads its chunk (DESIGN §7).
 */
const drawCode = async (text: string): Promise<string> => {
  const { toString } = await import("qrcode");
  const svg = await toString(text, { type: "svg", margin: 4, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
};

/** The image of a code, drawn once per code. */
function CodeImage({ code }: { readonly code: string }) {
  const { i18n } = useStores();
  const [image, setImage] = useState<{ readonly code: string; readonly src: string } | undefined>(undefined);
  useEffect(() => {
    if (image?.code === code) return;
    let current = true;
    void drawCode(code).then((src) => current && setImage({ code, src }));
    return () => {
      current = false;
    };
  }, [code, image]);
  if (image?.code !== code) return <Skeleton animated className="order-qr-image" />;
  return <img className="order-qr-image" src={image.src} width={QR_SIZE_PX} height={QR_SIZE_PX} alt={i18n.t("ordersQrImage", { code })} />;
}

interface QrPanelProps {
  readonly view: QrView;
  readonly canRegenerate: boolean;
  readonly regenerating: boolean;
  readonly onRegenerate: () => Promise<void>;
  readonly onRetry: () => void;
}

/**
 * The cashier code of a paid fuel order (issue 12): large, high contrast, with its text under it
 * and a live countdown to the end of its 48 h; 'offline copy' when it is the one kept on the
 * phone; 'expired/used' once redeemed or past 48 h; 'regenerate QR' while the domain allows it.
 */
export const QrPanel = observer(function QrPanel({ view, canRegenerate, regenerating, onRegenerate, onRetry }: QrPanelProps) {
  const { i18n } = useStores();
  if (view._tag === "None") return null;
  const regenerate = async () => {
    const sure = await Dialog.confirm({ content: i18n.t("ordersQrRegenerateConfirm"), confirmText: i18n.t("ordersQrRegenerate"), cancelText: i18n.t("cancel") });
    if (sure) await onRegenerate();
  };
  const body = () => {
    switch (view._tag) {
      case "Loading":
        return <Skeleton animated className="order-qr-image" aria-label={i18n.t("ordersQrLoading")} />;
      case "Failed":
        return <PageError description={view.message} onRetry={onRetry} />;
      case "ExpiredOrUsed":
        return (
          <p className="order-qr-gone" role="status">
            {i18n.t("ordersQrExpiredOrUsed")}
          </p>
        );
      case "Shown":
        return (
          <>
            {view.code.offline ? (
              <p className="order-qr-offline" role="status">
                <Tag color="warning" fill="solid">
                  {i18n.t("ordersQrOffline")}
                </Tag>{" "}
                {i18n.t("ordersQrOfflineHint")}
              </p>
            ) : null}
            <CodeImage code={view.code.value} />
            <p className="order-qr-text">{view.code.value}</p>
            <p className="order-qr-countdown" role="timer" aria-live="polite" aria-atomic="true">
              {i18n.t("ordersQrValidFor", { time: formatCountdown(view.secondsLeft) })}
            </p>
          </>
        );
    }
  };
  return (
    <section className="order-qr" aria-labelledby="order-qr-title">
      <h2 id="order-qr-title" className="order-section-title">
        {i18n.t("ordersQrTitle")}
      </h2>
      {body()}
      {canRegenerate && view._tag === "Shown" ? (
        <Button block fill="outline" loading={regenerating} onClick={() => void regenerate()}>
          {i18n.t("ordersQrRegenerate")}
        </Button>
      ) : null}
    </section>
  );
});
