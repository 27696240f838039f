import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";
import { usableSettings } from "../catalogue/usableSettings.ts";

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

  // Only an operator's mistake (an emptied table, a hand-made change) is refused: said so rather than answered with nonsense or a 500.
  registerEndpoint(app, Api.webInfo, async () => usableSettings(await catalogue.settings()).wire);
};
