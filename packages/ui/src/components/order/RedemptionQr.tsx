import { RedeemCode } from "@fuel/domain";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useStores } from "../../stores/StoresContext.tsx";
import { CodeText } from "../orders/CodeText.tsx";

/** Drawn size in CSS pixels: at least 240 so a cashier's scanner reads it at arm's length. */
export const QR_SIZE_PX = 264;

/**
 * The QR of `text` as an SVG data URL: black on white, error correction M, a quiet zone of four
 * modules (the standard's minimum). `qrcode` is imported here, on first use, so its chunk loads
 * only on a page that shows a code (DESIGN §7).
 */
const qrImage = async (text: string): Promise<string> => {
  const { toString } = await import("qrcode");
  const svg = await toString(text, { type: "svg", margin: 4, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
};

/**
 * A redemption code as a large QR with the code as text under it in blocks of four (the cashier can
 * type it), and a hint to turn the screen up. The QR encodes that very text (`RedeemCode.shownText`).
 */
export const RedemptionQr = observer(function RedemptionQr({ code: stored }: { readonly code: string }) {
  const { i18n } = useStores();
  // The QR encodes exactly the text shown under it (issue 34): a code's display form, in groups.
  const code = RedeemCode.shownText(stored);
  const [image, setImage] = useState<{ readonly code: string; readonly src: string } | { readonly code: string; readonly failed: true } | undefined>(undefined);
  useEffect(() => {
    let current = true;
    qrImage(code).then(
      (src) => current && setImage({ code, src }),
      () => current && setImage({ code, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [code]);
  const shown = image?.code === code ? image : undefined;
  return (
    <figure className="redemption">
      {shown === undefined ? (
        <Skeleton animated className="redemption-qr" />
      ) : "src" in shown ? (
        <img className="redemption-qr" src={shown.src} alt={i18n.t("order.redemptionQr", { code })} width={QR_SIZE_PX} height={QR_SIZE_PX} />
      ) : (
        <p role="alert">{i18n.t("order.qrFailed")}</p>
      )}
      <figcaption>
        <span className="redemption-label">{i18n.t("order.redemptionCode")}</span>
        <span className="redemption-code" data-testid="redemption-code">
          <CodeText code={stored} />
        </span>
        <span className="redemption-brightness">{i18n.t("qrBrightnessHint")}</span>
      </figcaption>
    </figure>
  );
});
