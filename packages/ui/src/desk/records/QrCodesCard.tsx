import { Time } from "@fuel/domain";
import type { DeskOrderResponse } from "@fuel/domain/api";
import Card from "antd-mobile/es/components/card";
import { observer } from "mobx-react-lite";
import type { DeskI18n } from "../i18n/DeskI18n.ts";
import { useDesk } from "../stores/DeskContext.tsx";
import { Facts } from "./Facts.tsx";
import { deskTime } from "./format.ts";

type QrCodeRecord = DeskOrderResponse["qr_codes"][number];

/** A code's state: redeemed (when, by whom), voided (regenerated or refunded), or live. */
const stateOf = (code: QrCodeRecord, i18n: DeskI18n): string => {
  if (code.redeemed_at !== null) return i18n.t("desk.records.qr.redeemed", { at: deskTime(code.redeemed_at), by: code.redeemed_by ?? "?" });
  if (code.voided_at !== null) return i18n.t("desk.records.qr.voided", { at: deskTime(code.voided_at) });
  return i18n.t("desk.records.qr.live");
};

/**
 * Every QR code issued for the order, oldest first; the live one with the time it stops being
 * valid (spec §4: 48 h after payment, the order's own rule, not the code's).
 */
export const QrCodesCard = observer(function QrCodesCard({ codes, validUntil }: { readonly codes: DeskOrderResponse["qr_codes"]; readonly validUntil: number | undefined }) {
  const { i18n } = useDesk();
  return (
    <Card title={<h2 className="records-heading">{i18n.t("desk.records.qrCodes")}</h2>}>
      {codes.length === 0 ? (
        <p className="records-none">{i18n.t("desk.records.noQrCodes")}</p>
      ) : (
        <ol className="records-items">
          {codes.map((code) => {
            const live = code.redeemed_at === null && code.voided_at === null;
            return (
              <li key={code.code}>
                <Facts
                  facts={[
                    [i18n.t("desk.records.qrCode"), <span key="code" className="records-wrap records-code">{code.code}</span>],
                    [i18n.t("desk.records.qrState"), <strong key="state">{stateOf(code, i18n)}</strong>],
                    [i18n.t("desk.records.qrIssuedAt"), deskTime(code.issued_at)],
                    [i18n.t("desk.records.qrValidUntil"), live && validUntil !== undefined ? deskTime(Time.formatChinaIso(validUntil)) : undefined],
                  ]}
                />
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
});
