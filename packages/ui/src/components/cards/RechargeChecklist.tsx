import { Money } from "@fuel/domain";
import List from "antd-mobile/es/components/list";
import { observer } from "mobx-react-lite";
import { Link } from "../../router/index.tsx";
import { useStores } from "../../stores/StoresContext.tsx";
import type { ConfirmedRecharge } from "../../stores/cards/confirmedRecharge.ts";
import { ChecklistRow } from "../order/Checklist.tsx";
import type { Station } from "@fuel/domain/api";

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
      <ChecklistRow label={i18n.t("cards.card")}>{i18n.t("cards.cardEnding", { last: draft.card.lastNumber })}</ChecklistRow>
      <ChecklistRow label={i18n.t("cards.team")}>{draft.card.team === "" ? none : draft.card.team}</ChecklistRow>
      <ChecklistRow label={i18n.t("cards.cardType")}>{i18n.t(`cards.type_${draft.card.cardType}`)}</ChecklistRow>
      <ChecklistRow label={i18n.t("order.amountLine")}>{Money.formatYuan(draft.amount)}</ChecklistRow>
      <ChecklistRow label={i18n.t("order.payable")} className="order-payable">
        <strong>{Money.formatYuan(draft.quote.payable)}</strong>
      </ChecklistRow>
      <ChecklistRow label={i18n.t("order.phone")}>{draft.phone}</ChecklistRow>
      <ChecklistRow label={i18n.t("cards.secondPhone")}>{draft.secondPhone === "" ? none : draft.secondPhone}</ChecklistRow>
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
      <ChecklistRow label={i18n.t("order.remark")}>{draft.remark === "" ? none : draft.remark}</ChecklistRow>
    </List>
  );
});
