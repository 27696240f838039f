import { Distance } from "@fuel/domain";
import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { refuse } from "../refusals/Refusal.ts";

/**
 * The sandbox stand-in for the map provider's reverse geocoder (DESIGN.md §4), registered only in
 * sandbox mode. One request, like AMap's regeocode, so /stationlist knows the device's city after
 * one round trip rather than the app reading every city's stations itself. The city is that of the
 * catalogue's nearest station, so "current location" always lands on a city with stations. A read
 * through the catalogue's caches: no transaction.
 */
export const geocodeSandboxRoutes = (app: FastifyInstance): void => {
  const { catalogue } = app.deps;

  registerEndpoint(app, Api.sandboxGeocode, async (position) => {
    const cities = await catalogue.cities();
    const lists = await Promise.all(cities.map((c) => catalogue.stationsOfCity(c.city)));
    const [nearest] = Distance.sortByDistance(lists.flat(), position);
    // An empty catalogue has no city to name: say so rather than invent one.
    if (nearest === undefined) throw refuse("StationNotFound");
    return { city: nearest.city };
  });
};
