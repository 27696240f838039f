import { Constants } from "@fuel/domain";
import { Api } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { DATABASE_RETRY_AFTER_SECONDS } from "../http/errorHandler.ts";
import { registerEndpoint } from "../http/endpoint.ts";
import { refuse } from "../refusals/Refusal.ts";

/** GET /api/version (spec §7): the version and the production label (spec §9). The liveness answer: it never touches the database. */
export const versionRoutes = (app: FastifyInstance): void => {
  registerEndpoint(app, Api.version, () => ({ version: Constants.APP_VERSION, label: Constants.PRODUCTION_LABEL, mode: app.deps.config.mode }));
  // Readiness (issue 22): a load balancer sends customers here only while the database answers.
  registerEndpoint(app, Api.ready, async () => {
    const { health } = app.deps;
    if (!health.accepting || !(await health.check())) throw refuse("DatabaseUnavailable", undefined, DATABASE_RETRY_AFTER_SECONDS);
    return null;
  });
};
