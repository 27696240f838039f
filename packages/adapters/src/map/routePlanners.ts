import { Distance } from "@fuel/domain";
import { Effect } from "effect";
import { RouteFailed, type Position, type Route, type RoutePlanner } from "../ports/Map.ts";

/**
 * The sandbox route planner: a straight line, its length by the domain's distance, and a time at
 * an urban driving average, so /stationmap works with no map service and says the route is
 * estimated.
 */
export const URBAN_AVERAGE_KMH = 30;

export class StraightLineRoutePlanner implements RoutePlanner {
  drive(from: Position, to: Position): Effect.Effect<Route, RouteFailed> {
    const metres = Distance.distanceMetres(from, to);
    if (metres === undefined) return Effect.fail(new RouteFailed({ detail: "unknown position" }));
    return Effect.succeed({
      // Unrounded: the page words it with Distance.distanceText, as the station list does, so the
      // two never disagree by a metre (704.6 m reads 704m in both).
      distanceMetres: metres,
      durationSeconds: Math.round(metres / ((URBAN_AVERAGE_KMH * 1000) / 3600)),
      path: [from, to],
      estimated: true,
    });
  }
}
