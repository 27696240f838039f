import { findEndpoint } from "@fuel/domain/api";
import type { FastifyInstance } from "fastify";
import { declaredTags } from "../../src/http/refusalAnswers.ts";

/**
 * The contract lists each endpoint's refusals (`Endpoint.refusals`, docs/api.md). Every app the
 * tests boot records each answered `x-error-tag` its endpoint does not declare, and
 * ./refusalCheck.setup.ts fails the test that provoked it: the tests that exercise a refusal are
 * what keep the lists honest, at the cost of one set look-up per refused answer.
 */

const undeclared: string[] = [];

/** Adds the recording hook to `app` (before its first request). */
export const checkDeclaredRefusals = (app: FastifyInstance): void => {
  app.addHook("onSend", async (request, reply, payload) => {
    const tag = reply.getHeader("x-error-tag");
    if (typeof tag !== "string") return payload;
    const endpoint = findEndpoint(request.method, request.routeOptions.url ?? request.url);
    if (endpoint !== undefined && !declaredTags(endpoint).has(tag)) {
      undeclared.push(`${endpoint.method} ${endpoint.path} answered x-error-tag ${tag} (${reply.statusCode}), which its contract entry does not declare`);
    }
    return payload;
  });
};

/** The undeclared refusals answered since the last call, and forgets them. */
export const takeUndeclaredRefusals = (): string[] => undeclared.splice(0);
