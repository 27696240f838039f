import { Constants } from "@fuel/domain";
import { endpoint } from "@fuel/domain/api";
import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../http/endpoint.ts";

/**
 * GET /api/version (spec §7): the version label the UI shell shows. The contract entry lives here
 * until `@fuel/domain/api` lists it; then this file imports it from there.
 */
export const Version = endpoint({
  method: "GET",
  path: "/api/version",
  access: "none",
  request: Schema.Struct({}),
  response: Schema.Struct({ version: Schema.String, label: Schema.String }),
  summary: "The app's version and production label (spec §9).",
});

export const versionRoutes = (app: FastifyInstance): void => {
  registerEndpoint(app, Version, () => ({ version: Constants.APP_VERSION, label: Constants.PRODUCTION_LABEL }));
};
