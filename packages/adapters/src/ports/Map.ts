import type { Distance } from "@fuel/domain";
import { Data, type Effect } from "effect";

/**
 * The map's ports: where the customer is, which city that is, the driving route to a station
 * (/stationmap), and handing over to turn-by-turn navigation. Positions are GCJ-02, the datum of
 * Chinese maps and of our stations.
 */

export type Position = Distance.LngLat;

/** Spec §8 'failed to get location': denied, unavailable, not answered in time (§9: 8-10 s), or no geolocation at all. */
export class LocationFailed extends Data.TaggedError("LocationFailed")<{
  readonly reason: "denied" | "unavailable" | "timeout" | "unsupported";
}> {}

/** The position could not be had, for `reason` (the UI words every reason as the catalogue's LocationFailed). */
export const locationFailed = (reason: LocationFailed["reason"]): LocationFailed => new LocationFailed({ reason });

/** The position could not be turned into a city. */
export class GeocodeFailed extends Data.TaggedError("GeocodeFailed")<{ readonly detail: string }> {}

/** No driving route could be planned. */
export class RouteFailed extends Data.TaggedError("RouteFailed")<{ readonly detail: string }> {}

/** Navigation could not be opened. */
export class NavigationFailed extends Data.TaggedError("NavigationFailed")<{ readonly detail: string }> {}

/** The device's position, in GCJ-02. */
export interface Geolocation {
  current(): Effect.Effect<Position, LocationFailed>;
}

/** The city a position is in, named as the station catalogue names cities ("深圳市"). */
export interface Geocoder {
  cityOf(position: Position): Effect.Effect<string, GeocodeFailed>;
}

/** A driving route: its length, the time it takes, and the line to draw (GCJ-02). */
export interface Route {
  readonly distanceMetres: number;
  readonly durationSeconds: number;
  readonly path: ReadonlyArray<Position>;
  /** A straight line estimated without a routing service (the sandbox), not roads. */
  readonly estimated: boolean;
}

export interface RoutePlanner {
  drive(from: Position, to: Position): Effect.Effect<Route, RouteFailed>;
}

/** A place to navigate to. */
export interface Destination extends Position {
  readonly name: string;
  readonly address?: string;
}

/** Opens turn-by-turn navigation to a station in the map app (or the messaging app's map). */
export interface Navigator {
  navigateTo(destination: Destination): Effect.Effect<void, NavigationFailed>;
}
