import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { refuse } from "../refusals/Refusal.ts";

export { CATALOGUE_TTL_MS } from "../catalogue/catalogue.ts";

declare module "fastify" {
  interface FastifyInstance {
    clearCatalogueCache(): void;
  }
}

/** Spec §7 catalogue: the city list, the stations of a city, the site settings. Public, served from a short-lived cache. */
export const catalogueRoutes = (app: FastifyInstance): void => {
  const { catalogue } = app.deps;
  // Tests (and an operator endpoint, if one ever writes the catalogue) empty the caches at once.
  app.decorate("clearCatalogueCache", () => catalogue.clear());

  registerEndpoint(app, Api.cityList, () => catalogue.cities());

  registerEndpoint(app, Api.cityStations, ({ city }) => catalogue.stationsOfCity(city.trim()));

  registerEndpoint(app, Api.webInfo, async () => {
    const found = await catalogue.webInfo();
    // Only an operator's mistake (an emptied table) gets here: say so rather than answer nonsense.
    if (found === undefined) throw refuse("SiteSettingsMissing");
    return found;
  });
};
