import { Constants } from "@fuel/domain";
import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";

/** GET /api/version (spec §7): the version and the production label (spec §9). */
export const versionRoutes = (app: FastifyInstance): void => {
  registerEndpoint(app, Api.version, () => ({ version: Constants.APP_VERSION, label: Constants.PRODUCTION_LABEL, mode: app.deps.config.mode }));
};
