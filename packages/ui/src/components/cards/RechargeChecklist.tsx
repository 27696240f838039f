import { Money } from "@fuel/domain";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useStores } from "../../app/StoresContext.tsx";
import type { ConfirmedRecharge } from "../../stores/cards/RechargeDraftStore.ts";
import type { Station } from "@fuel/domain/api";

/** One line of the checklist: what it is on the left, its value on the right. */
function Row({ label, className, children }: { readonly label: string; readonly className?: string; readonly children: ReactNode }) {
  return (
    <List.Item className={className ?? ""} extra={<span className="order-checklist-value">{children}</span>}>
      <span className="order-checklist-label">{label}</span>
    </List.Item>
  );
}

/**
 * The recharge checklist (spec §2 /rechargeordernew, §3): card (its last 7 digits), team, type,
 * amount, payable (bold, `Pricing.quote` at the card's price), phone, second phone, station (or a
 * way to choose one), remark.
 */
export const RechargeChecklist = observer(function RechargeChecklist({
  draft,
  station,
  chooseStationTo,
}: {
  readonly draft: Omit<ConfirmedRecharge, "station" | "wire">;
  readonly station: Station | undefined;
  readonly chooseStationTo: string;
}) {
  const { i18n } = useStores();
  const none = i18n.t("order.noRemark");
  return (
    <List className="order-checklist" aria-label={i18n.t("cards.checklistIntro")}>
      <Row label={i18n.t("cards.card")}>{i18n.t("cards.cardEnding", { last: draft.card.lastNumber })}</Row>
      <Row label={i18n.t("cards.team")}>{draft.card.team === "" ? none : draft.card.team}</Row>
      <Row label={i18n.t("cards.cardType")}>{i18n.t(`cards.type_${draft.card.cardType}`)}</Row>
      <Row label={i18n.t("order.amountLine")}>{Money.formatYuan(draft.amount)}</Row>
      <Row label={i18n.t("order.payable")} className="order-payable">
        <strong>{Money.formatYuan(draft.quote.payable)}</strong>
      </Row>
      <Row label={i18n.t("order.phone")}>{draft.phone}</Row>
      <Row label={i18n.t("cards.secondPhone")}>{draft.secondPhone === "" ? none : draft.secondPhone}</Row>
      <List.Item
        className="order-checklist-station"
        description={station?.address}
        extra={
          <Link className="cards-link" to={chooseStationTo}>
            {i18n.t(station === undefined ? "cards.chooseStation" : "cards.changeStation")}
          </Link>
        }
      >
        <span className="order-checklist-label">{i18n.t("cards.station")}</span>
        <span className="order-checklist-station-name">{station?.title ?? i18n.t("cards.noStation")}</span>
      </List.Item>
      <Row label={i18n.t("order.remark")}>{draft.remark === "" ? none : draft.remark}</Row>
    </List>
  );
});
