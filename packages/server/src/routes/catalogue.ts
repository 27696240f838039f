import type { FastifyInstance } from "fastify";

/** Filled by the catalogue work (issue 3). */
export const catalogueRoutes = (_app: FastifyInstance): void => {};
