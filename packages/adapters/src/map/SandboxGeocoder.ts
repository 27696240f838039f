import { Distance } from "@fuel/domain";
import type { Station } from "@fuel/domain/api";
import { Effect } from "effect";
import type { StationsApi } from "../ports/Api.ts";
import { GeocodeFailed, type Geocoder, type Position } from "../ports/Map.ts";

/**
 * The sandbox geocoder: the city of the nearest station in the catalogue (the seeded cities), so
 * "current location" works offline and always lands on a city that has stations. The catalogue is
 * read once and kept.
 */
export class SandboxGeocoder implements Geocoder {
  #stations: Promise<readonly Station[]> | undefined;

  constructor(private readonly stations: StationsApi) {}

  #all(): Effect.Effect<readonly Station[], GeocodeFailed> {
    const api = this.stations;
    const load = Effect.gen(function* () {
      const cities = yield* api.cities();
      const lists = yield* Effect.forEach(cities, (c) => api.stationsOfCity(c.city), { concurrency: 4 });
      return lists.flat();
    }).pipe(Effect.mapError((e) => new GeocodeFailed({ detail: e.message })));
    return Effect.suspend(() => {
      if (this.#stations === undefined) {
        const pending = Effect.runPromise(load);
        this.#stations = pending;
        pending.catch(() => (this.#stations = undefined));
      }
      const loading = this.#stations;
      return Effect.tryPromise({ try: () => loading, catch: (e) => (e instanceof GeocodeFailed ? e : new GeocodeFailed({ detail: String(e) })) });
    });
  }

  cityOf(position: Position): Effect.Effect<string, GeocodeFailed> {
    return Effect.flatMap(this.#all(), (stations) => {
      const [nearest] = Distance.sortByDistance(stations, position);
      return nearest === undefined ? Effect.fail(new GeocodeFailed({ detail: "the catalogue has no stations" })) : Effect.succeed(nearest.city);
    });
  }
}
