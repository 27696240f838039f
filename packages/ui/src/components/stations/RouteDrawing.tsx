import type { Position } from "@fuel/adapters/ports";

/** The drawing's size in SVG units; it scales to the page's width at this aspect ratio. */
const WIDTH = 320;
const HEIGHT = 220;
const MARGIN = 44;

/**
 * Projects positions onto the drawing: longitude shrunk by the cosine of the latitude (so a
 * kilometre is as long east-west as north-south at city scale), north up, the whole path fitted
 * inside the margins and centred.
 */
export const project = (path: ReadonlyArray<Position>): ReadonlyArray<readonly [x: number, y: number]> => {
  if (path.length === 0) return [];
  const midLat = path.reduce((sum, p) => sum + p.latitude, 0) / path.length;
  const k = Math.cos((midLat * Math.PI) / 180);
  const xs = path.map((p) => p.longitude * k);
  const ys = path.map((p) => -p.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = spanX === 0 && spanY === 0 ? 0 : Math.min(spanX === 0 ? Infinity : (WIDTH - 2 * MARGIN) / spanX, spanY === 0 ? Infinity : (HEIGHT - 2 * MARGIN) / spanY);
  const offsetX = (WIDTH - spanX * scale) / 2;
  const offsetY = (HEIGHT - spanY * scale) / 2;
  return xs.map((x, i) => [offsetX + (x - minX) * scale, offsetY + ((ys[i] as number) - minY) * scale] as const);
};

/**
 * The route of /stationmap drawn from the `RoutePlanner` port's path alone (no map tiles, nothing
 * fetched, so it draws offline): the line, the customer's end and the station's end, each labelled.
 * A straight-line (sandbox) route is dashed, as an estimate.
 */
export function RouteDrawing({ path, estimated, label, fromLabel, toLabel }: {
  readonly path: ReadonlyArray<Position>;
  readonly estimated: boolean;
  /** What the drawing shows, for screen readers. */
  readonly label: string;
  readonly fromLabel: string;
  readonly toLabel: string;
}) {
  const points = project(path);
  const start = points[0];
  const end = points[points.length - 1];
  if (start === undefined || end === undefined) return null;
  // Each label sits on the side of its end away from the other end, so the line never crosses it.
  const startBelow = end[1] < start[1];
  const fromY = startBelow ? start[1] + 26 : start[1] - 14;
  const toY = startBelow ? end[1] - 26 : end[1] + 22;
  return (
    <svg className="route-drawing" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <rect x="0" y="0" width={WIDTH} height={HEIGHT} rx="8" className="route-ground" />
      <polyline points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")} className="route-line" strokeDasharray={estimated ? "8 6" : undefined} />
      <circle cx={start[0]} cy={start[1]} r="8" className="route-from" />
      <text x={start[0]} y={fromY} textAnchor="middle" className="route-label">
        {fromLabel}
      </text>
      <path d={`M ${end[0]} ${end[1]} l -8 -14 a 9 9 0 1 1 16 0 z`} className="route-to" />
      <text x={end[0]} y={toY} textAnchor="middle" className="route-label">
        {toLabel}
      </text>
    </svg>
  );
}
