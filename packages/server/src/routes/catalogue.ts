import { Api, type CityListResponse, type StationListResponse, type WebInfo } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { TtlCache } from "../catalogue/cache.ts";
import { listCities, readSiteSettings, siteSettingsToWire, stationsOfCity, stationToWire } from "../catalogue/stations.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { HttpError } from "../http/errors.ts";

declare module "fastify" {
  interface FastifyInstance {
    clearCatalogueCache(): void;
  }
}

/** How long an operator's catalogue change may take to reach customers. */
export const CATALOGUE_TTL_MS = 5_000;

/** Spec §7 catalogue: the city list, the stations of a city, the site settings. Public, served from a short-lived cache. */
export const catalogueRoutes = (app: FastifyInstance): void => {
  const { db } = app.deps;
  // Wall-clock time, not the sandbox clock: moving the sandbox clock must not freeze or flush the cache.
  const cities = new TtlCache<CityListResponse>(CATALOGUE_TTL_MS, Date.now);
  const stations = new TtlCache<StationListResponse>(CATALOGUE_TTL_MS, Date.now);
  const settings = new TtlCache<WebInfo | undefined>(CATALOGUE_TTL_MS, Date.now);
  // Tests (and an operator endpoint, if one ever writes the catalogue) empty the caches at once.
  app.decorate("clearCatalogueCache", () => {
    cities.clear();
    stations.clear();
    settings.clear();
  });

  registerEndpoint(app, Api.cityList, () => cities.get("", () => listCities(db)));

  registerEndpoint(app, Api.cityStations, ({ city }) =>
    stations.get(city.trim(), async () => (await stationsOfCity(db, city.trim())).map(stationToWire)),
  );

  registerEndpoint(app, Api.webInfo, async () => {
    const found = await settings.get("", async () => {
      const row = await readSiteSettings(db);
      return row === undefined ? undefined : siteSettingsToWire(row);
    });
    // Only an operator's mistake (an emptied table) gets here: say so rather than answer nonsense.
    if (found === undefined) throw new HttpError(503, "site settings are not configured yet, try again later");
    return found;
  });
};
