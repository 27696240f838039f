import { Schema } from "effect";
import { Station } from "./Entities.ts";
import { Count, ShortText } from "./Primitives.ts";

/**
 * What anyone may read: the version, the site settings, the cities and their stations
 * (spec §2 /stationlist and /citylist are public, §7).
 * @module
 */

/**
 * `GET /api/version`: the version and the production label printed at start-up (spec §9), and
 * whether the server runs its sandbox stand-ins (DESIGN.md §4), so the app served with it opens
 * the sandbox pay sheet and map rather than the messaging app's and AMap's.
 */
export const VersionResponse = Schema.Struct({
  version: ShortText,
  label: ShortText,
  mode: Schema.optionalKey(Schema.Literals(["sandbox", "production"])),
}).annotate({ identifier: "VersionResponse" });
export type VersionResponse = typeof VersionResponse.Type;

/** A city offered by /citylist, with how many stations it has when the server counts them. */
export const CityEntry = Schema.Struct({
  city: ShortText,
  count: Schema.optionalKey(Count),
}).annotate({ identifier: "CityEntry" });
export type CityEntry = typeof CityEntry.Type;

/** `GET /api/station/citylist`: the cities, in display order. */
export const CityListResponse = Schema.Array(CityEntry).annotate({ identifier: "CityListResponse" });
export type CityListResponse = typeof CityListResponse.Type;

/** `POST /api/station/current_city_list`: the stations of one city. */
export const CityStationsRequest = Schema.Struct({ city: ShortText }).annotate({ identifier: "CityStationsRequest" });
export type CityStationsRequest = typeof CityStationsRequest.Type;

/**
 * The stations of a city. Order is not meaningful: the client sorts nearest first
 * (`Distance`), because only it knows where the customer is.
 */
export const StationListResponse = Schema.Array(Station).annotate({ identifier: "StationListResponse" });
export type StationListResponse = typeof StationListResponse.Type;
