import { RedeemCode } from "@fuel/domain";
import Button from "antd-mobile/es/components/button";
import Skeleton from "antd-mobile/es/components/skeleton";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { useEffect, useMemo, useState } from "react";
import { useStores } from "../../stores/StoresContext.tsx";
import type { QrView } from "../../stores/orders/OrderDetailStore.ts";
import { PageError } from "../PageError.tsx";
import { confirmDialog } from "./confirm.ts";
import { timeLeftText } from "../../i18n/timeLeft.ts";
import { drawnQrNow, drawQr, loadQrLibrary } from "./qrDrawing.ts";
import { describeError } from "../../stores/messages.ts";
import { CodeText } from "./CodeText.tsx";

/** The drawn code's side in CSS px: at least 240 so a cashier's scanner reads it from a cheap phone at arm's length. */
export const QR_SIZE_PX = 260;

/**
 * The image of a code, drawn once per code (./qrDrawing.ts: black on white, quiet zone), encoding
 * the code as CodeText shows it (`RedeemCode.shownText`). With
 * `qrcode` already fetched (the panel starts it while the code is asked for) it is drawn in this
 * very render, with no skeleton frame between the code's answer and its image.
 */
function CodeImage({ code: stored }: { readonly code: string }) {
  const { i18n } = useStores();
  // The QR encodes exactly the text shown under it (issue 34): a code's display form, in groups.
  const code = RedeemCode.shownText(stored);
  const ready = useMemo(() => drawnQrNow(code), [code]);
  const [drawn, setDrawn] = useState<{ readonly code: string; readonly src: string } | undefined>(undefined);
  useEffect(() => {
    if (ready !== undefined) return;
    let current = true;
    void drawQr(code).then((src) => current && setDrawn({ code, src }));
    return () => {
      current = false;
    };
  }, [code, ready]);
  const src = ready ?? (drawn?.code === code ? drawn.src : undefined);
  if (src === undefined) return <Skeleton animated className="order-qr-image" />;
  return <img className="order-qr-image" src={src} width={QR_SIZE_PX} height={QR_SIZE_PX} alt={i18n.t("ordersQrImage", { code })} />;
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
 * in blocks of four, a live countdown to the end of its 48 h and a hint to turn the screen up; 'offline copy' when it is the one kept on the
 * phone; 'expired/used' once redeemed or past 48 h; 'regenerate QR' while the domain allows it.
 */
export const QrPanel = observer(function QrPanel({ view, canRegenerate, regenerating, onRegenerate, onRetry }: QrPanelProps) {
  const { i18n } = useStores();
  if (view._tag === "None") return null;
  // A code will show: fetch its drawing library now, alongside `kepai/getqrcode`, not after it
  // (issue 23). Idempotent (one kept promise), so calling it while rendering only starts a download.
  if (view._tag === "Loading") void loadQrLibrary().catch(() => undefined);
  const regenerate = async () => {
    const sure = await confirmDialog({ content: i18n.t("ordersQrRegenerateConfirm"), confirmText: i18n.t("ordersQrRegenerate"), cancelText: i18n.t("cancel") });
    if (sure) await onRegenerate();
  };
  const body = () => {
    switch (view._tag) {
      case "Loading":
        // The code's lines keep their place while it comes, so the sections below do not move
        // when it arrives (CLS; on weak 4G the code comes seconds after the page).
        return (
          <>
            <Skeleton animated className="order-qr-image" aria-label={i18n.t("ordersQrLoading")} />
            <p className="order-qr-text" aria-hidden="true">
              {"\u00a0"}
            </p>
            <p className="order-qr-countdown" aria-hidden="true">
              {"\u00a0"}
            </p>
          </>
        );
      case "Failed":
        return <PageError description={describeError(view.error, i18n)} onRetry={onRetry} />;
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
            <p className="order-qr-text">
              <CodeText code={view.code.value} />
            </p>
            <p className="order-qr-countdown" role="timer" aria-live="polite" aria-atomic="true">
              {i18n.t("ordersQrValidFor", { time: timeLeftText(view.secondsLeft, i18n) })}
            </p>
            <p className="order-qr-brightness">{i18n.t("qrBrightnessHint")}</p>
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
      {canRegenerate && (view._tag === "Shown" || view._tag === "Loading") ? (
        <Button block fill="outline" loading={regenerating} disabled={view._tag !== "Shown"} onClick={() => void regenerate()}>
          {i18n.t("ordersQrRegenerate")}
        </Button>
      ) : null}
    </section>
  );
});
