import type { FastifyInstance } from "fastify";

/** Filled by the operators work (issue 3). */
export const operatorSandboxRoutes = (_app: FastifyInstance): void => {};
