import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { listCities, readSiteSettings, siteSettingsToWire, stationsOfCity, stationToWire } from "../catalogue/stations.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { HttpError } from "../http/errors.ts";

/** Spec §7 catalogue: the city list, the stations of a city, the site settings. Public. */
export const catalogueRoutes = (app: FastifyInstance): void => {
  const { db } = app.deps;

  registerEndpoint(app, Api.cityList, async () => listCities(db));

  registerEndpoint(app, Api.cityStations, async ({ city }) => (await stationsOfCity(db, city.trim())).map(stationToWire));

  registerEndpoint(app, Api.webInfo, async () => {
    const settings = await readSiteSettings(db);
    // Only an operator's mistake (an emptied table) gets here: say so rather than answer nonsense.
    if (settings === undefined) throw new HttpError(503, "site settings are not configured yet, try again later");
    return siteSettingsToWire(settings);
  });
};
