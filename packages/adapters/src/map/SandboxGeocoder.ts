import { Effect } from "effect";
import type { ApiCaller } from "../ports/Api.ts";
import { GeocodeFailed, type Geocoder, type Position } from "../ports/Map.ts";

/**
 * The sandbox geocoder: the server's stand-in for the map provider's reverse geocoder
 * (`GET /api/sandbox/geocode`), which names the city of the catalogue's nearest station, so
 * "current location" works without AMap and always lands on a city that has stations. One
 * request, like the production provider: the app no longer reads every city's stations to find
 * the nearest (four chained round trips on a weak network before the list could start).
 */
export class SandboxGeocoder implements Geocoder {
  constructor(private readonly api: ApiCaller) {}

  cityOf(position: Position): Effect.Effect<string, GeocodeFailed> {
    return this.api.call("sandboxGeocode", { longitude: position.longitude, latitude: position.latitude }).pipe(
      Effect.map((answer) => answer.city),
      Effect.mapError((e) => new GeocodeFailed({ detail: e.message === "" ? e._tag : `${e._tag}: ${e.message}` })),
    );
  }
}
