import type { FastifyInstance } from "fastify";

/** Filled by the identity work (issue 3). */
export const identityRoutes = (_app: FastifyInstance): void => {};
export const identitySandboxRoutes = (_app: FastifyInstance): void => {};
