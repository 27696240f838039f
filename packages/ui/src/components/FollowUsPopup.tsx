import Button from "antd-mobile/es/components/button";
import CenterPopup from "antd-mobile/es/components/center-popup";
import Skeleton from "antd-mobile/es/components/skeleton";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { useStores } from "../stores/StoresContext.tsx";
import { PageError } from "./PageError.tsx";
import { valueOf } from "../stores/Load.ts";
import { describeError } from "../stores/messages.ts";

/** The QR image of `text` as an SVG data URL; `qrcode` is imported on first use (DESIGN §7: not in the first chunk). */
const qrImage = async (text: string): Promise<string> => {
  const { toString } = await import("qrcode");
  const svg = await toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
};

/**
 * /personal's follow-us overlay (spec §2, §5: topping up requires following): the official
 * account's QR image the operator set in the site settings (`follow_qrcode`, an image or data URL),
 * else a code drawn from its page's address (`follow_url`). With neither it says how to follow
 * instead: search for the account by name in the messaging app (`follow_account_name`).
 */
export const FollowUsPopup = observer(function FollowUsPopup({ visible, onClose }: { readonly visible: boolean; readonly onClose: () => void }) {
  const { i18n, site } = useStores();
  const info = valueOf(site.info);
  const set = info?.follow_qrcode ?? undefined;
  const url = set === undefined ? (info?.follow_url ?? undefined) : undefined;
  const name = info?.follow_account_name ?? undefined;
  const [image, setImage] = useState<{ readonly url: string; readonly src: string } | undefined>(undefined);
  useEffect(() => {
    if (visible) void site.load();
  }, [visible, site]);
  useEffect(() => {
    if (!visible || url === undefined || image?.url === url) return;
    let current = true;
    void qrImage(url).then((src) => current && setImage({ url, src }));
    return () => {
      current = false;
    };
  }, [visible, url, image]);
  const search = name === undefined ? i18n.t("personalFollowUsSearchAny") : i18n.t("personalFollowUsSearch", { name });
  const body = () => {
    if (info === undefined && site.info._tag === "Failed") return <PageError description={describeError(site.info.error, i18n)} onRetry={() => void site.load()} />;
    if (info === undefined || (url !== undefined && image?.url !== url)) return <Skeleton animated className="follow-us-qr" />;
    const src = set ?? (url === undefined ? undefined : image?.src);
    if (src === undefined) return <p role="status">{search}</p>;
    return (
      <>
        <img className="follow-us-qr" src={src} alt={i18n.t("personalFollowUsQr")} width={200} height={200} />
        <p>{i18n.t("personalFollowUsHint")}</p>
        {name === undefined ? null : <p className="follow-us-search">{i18n.t("personalFollowUsOrSearch", { name })}</p>}
      </>
    );
  };
  return (
    <CenterPopup visible={visible} onMaskClick={onClose} onClose={onClose} role="dialog" aria-label={i18n.t("personalFollowUs")} destroyOnClose>
      <div className="follow-us">
        <h2 className="follow-us-title">{i18n.t("personalFollowUs")}</h2>
        {body()}
        <Button block onClick={onClose}>
          {i18n.t("personalClose")}
        </Button>
      </div>
    </CenterPopup>
  );
});
