import Card from "antd-mobile/es/components/card";
import Skeleton from "antd-mobile/es/components/skeleton";

/** One line of text while it loads, `width` of the line (the card's lines have fixed heights). */
export const skeletonBar = (width: string) => <Skeleton animated style={{ "--width": width, "--height": "14px", "--border-radius": "4px" }} />;

/**
 * A station card while the list loads: the same card, lines and heights as {@link StationCard}
 * (the CSS fixes each line's height), so the real cards take exactly its place (no layout shift).
 */
export function StationCardSkeleton() {
  return (
    <Card className="station-card" title={<div className="station-title">{skeletonBar("60%")}</div>} extra={<span className="station-distance">{skeletonBar("40px")}</span>}>
      <div className="station-line station-address">{skeletonBar("80%")}</div>
      <div className="station-prices">
        {[0, 1, 2].map((i) => (
          <div key={i}>
            <div className="skeleton-dt">{skeletonBar("70%")}</div>
            <div className="skeleton-dd">{skeletonBar("80%")}</div>
          </div>
        ))}
      </div>
      <div className="station-line station-savings">{skeletonBar("70%")}</div>
      <div className="station-line station-hours">{skeletonBar("50%")}</div>
      <div className="station-actions">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} animated style={{ "--width": "100%", "--height": "44px", "--border-radius": "4px" }} />
        ))}
      </div>
    </Card>
  );
}
