import Skeleton from "antd-mobile/es/components/skeleton";

/** One line of text while it loads, `width` of the line (the card's lines have fixed heights). */
export const skeletonBar = (width: string) => <Skeleton animated style={{ "--width": width, "--height": "14px", "--border-radius": "4px" }} />;

/**
 * A station card while the list loads: the same box, lines and heights as {@link StationCard}
 * (the CSS fixes each line's height), so the real cards take exactly its place (no layout shift).
 */
export function StationCardSkeleton() {
  return (
    <div className="station-card station-finder">
      <div className="station-head">
        <div className="station-title">{skeletonBar("60%")}</div>
        <span className="station-distance">{skeletonBar("40px")}</span>
      </div>
      <div className="station-line station-address">{skeletonBar("80%")}</div>
      <div className="invoice-policy">{skeletonBar("70%")}</div>
      <div className="station-line station-price-line">{skeletonBar("50%")}</div>
      <div className="station-foot">
        <span className="station-state">{skeletonBar("70%")}</span>
        {[0, 1].map((i) => (
          <Skeleton key={i} animated style={{ "--width": "64px", "--height": "32px", "--border-radius": "4px" }} />
        ))}
      </div>
    </div>
  );
}
