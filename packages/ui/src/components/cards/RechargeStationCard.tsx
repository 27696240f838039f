import Button from "antd-mobile/es/components/button";
import Card from "antd-mobile/es/components/card";
import Skeleton from "antd-mobile/es/components/skeleton";
import Tag from "antd-mobile/es/components/tag";
import { observer } from "mobx-react-lite";
import { useStores } from "../../stores/StoresContext.tsx";
import type { StationRow } from "../../stores/StationsStore.ts";
import { skeletonBar } from "../stations/StationCardSkeleton.tsx";
import { NoDieselNote, StationDistance, StationHours } from "../stations/StationLines.tsx";

/**
 * One station of /rechargeStationList: name and distance, address, opening hours with whether it is
 * open now (in words), whether it is the draft's station, and 'Recharge here'. A station without
 * 0# cannot take a recharge (spec §5: the card is loaded with diesel): the button is off and says why.
 * Lines have the station card's fixed heights, so the skeleton below does not jump.
 */
export const RechargeStationCard = observer(function RechargeStationCard({ row, chosen, onChoose }: { readonly row: StationRow; readonly chosen: boolean; readonly onChoose: () => void }) {
  const { i18n } = useStores();
  const { station, computed, sellsDiesel, openNow } = row;
  const noDieselId = `recharge-station-${station.id}-no-diesel`;
  return (
    <Card
      className="station-card recharge-station"
      title={<h2 className="station-title">{station.title}</h2>}
      extra={<StationDistance text={computed.distanceText} />}
    >
      <p className="station-line station-address">{station.address}</p>
      <StationHours station={station} openNow={openNow}>
        {chosen ? (
          <Tag color="primary" fill="solid">
            {i18n.t("cards.chosenStation")}
          </Tag>
        ) : null}
      </StationHours>
      {sellsDiesel ? null : <NoDieselNote id={noDieselId} />}
      <div className="station-actions">
        <Button
          size="small"
          color="primary"
          disabled={!sellsDiesel}
          aria-label={i18n.t("cards.rechargeAt", { name: station.title })}
          aria-describedby={sellsDiesel ? undefined : noDieselId}
          onClick={onChoose}
        >
          {i18n.t("cards.rechargeHere")}
        </Button>
      </div>
    </Card>
  );
});

/** A recharge station card while the list loads: the same lines and heights. */
export function RechargeStationCardSkeleton() {
  return (
    <Card className="station-card recharge-station" title={<div className="station-title">{skeletonBar("60%")}</div>} extra={<span className="station-distance">{skeletonBar("40px")}</span>}>
      <div className="station-line station-address">{skeletonBar("80%")}</div>
      <div className="station-line station-hours">{skeletonBar("50%")}</div>
      <div className="station-actions">
        <Skeleton animated style={{ "--width": "8em", "--height": "44px", "--border-radius": "4px" }} />
      </div>
    </Card>
  );
}
