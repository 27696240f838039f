import { randomUUID } from "node:crypto";
import { BODY_LIMIT_BYTES } from "@fuel/domain/api";
import helmet from "@fastify/helmet";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { Catalogue } from "./catalogue/catalogue.ts";
import type { Config, TrustProxy } from "./config.ts";
import type { Database } from "./db/client.ts";
import { DatabaseHealth } from "./db/health.ts";
import type { Authenticate } from "./http/auth.ts";
import { errorEnvelope, isOk, successEnvelope } from "./http/envelope.ts";
import type { AppDeps } from "./appDeps.ts";
import { DATABASE_RETRY_AFTER_SECONDS, frameworkErrors, installErrorHandler } from "./http/errorHandler.ts";
import { loggerOptions, type LoggerOverrides } from "./http/logging.ts";
import { inlineScriptSources } from "./http/inlineScripts.ts";
import { helmetOptionsFor } from "./http/security.ts";
import { registerUi } from "./http/ui.ts";
import { sessionAuthenticator } from "./identity/sessions.ts";
import type { Clock } from "./providers/clock/Clock.ts";
import { providersFor, type Providers } from "./providersFor.ts";
import { refuse } from "./refusals/Refusal.ts";
import { registerRoutes } from "./routes/index.ts";

/** Fastify's `trustProxy` from ours (a hop count becomes a function: Fastify's typings lack the number form). */
const trustProxyOption = (t: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) =>
  typeof t === "number" ? (_address, hop) => hop < t : Array.isArray(t) ? [...t] : (t as boolean);

/** The 503 answer's message while the server drains for a restart. */
export const CLOSING_MESSAGE = "server restarting, try again";

// Request bodies above BODY_LIMIT_BYTES answer 413: the contract's limit, which the desk checks before sending.
export { BODY_LIMIT_BYTES };

export interface BuildAppOptions {
  readonly config: Config;
  readonly db: Database;
  readonly clock: Clock;
  /** Resolves the caller from the bearer token. Default: the session store (src/identity/sessions.ts). */
  readonly authenticate?: Authenticate;
  /** Replaces single providers (tests). Default: what `config.providers` names. */
  readonly providers?: Partial<Providers>;
  /** Log level / destination overrides (tests capture the log). */
  readonly logger?: LoggerOverrides;
  /** False while the server has yet to reach and migrate its database: /api answers 503 but for version and readiness. Default: true. */
  readonly accepting?: boolean;
}

/** Paths that answer before the database is ready: liveness and readiness. */
const WITHOUT_DATABASE: ReadonlySet<string> = new Set(["/api/version", "/api/ready"]);

/**
 * The whole HTTP application, not yet listening: `main.ts` calls `listen`, tests call `inject`.
 * Routes can still be added to the returned instance until it is ready.
 */
export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const { config, db, clock } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logger),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    frameworkErrors,
    // A slow client cannot hold a request open for minutes (Node's default is 300 s).
    requestTimeout: 30_000,
    // Shedding while closing is done below, with the envelope.
    return503OnClosing: false,
  });

  const deps: AppDeps = {
    config,
    db,
    clock,
    authenticate: options.authenticate ?? sessionAuthenticator(db, clock),
    providers: providersFor(config, { db, clock, log: app.log }, options.providers),
    catalogue: new Catalogue(db),
    health: new DatabaseHealth(() => db.execute(sql`select 1`), { error: (msg) => app.log.error(msg), warn: (msg) => app.log.warn(msg) }),
  };
  deps.health.accepting = options.accepting ?? true;
  app.decorate("deps", deps);
  app.addHook("onClose", async () => deps.health.stop());

  let closing = false;
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // A request arriving on a kept-alive connection while we drain: shed it in the envelope
    // (Fastify's own 503 body is not), so the client or the load balancer retries elsewhere.
    if (closing) {
      return reply.code(503).header("connection", "close").type("application/json; charset=utf-8").send(errorEnvelope(CLOSING_MESSAGE));
    }
    // Started before its database was reachable (src/server.ts): the tables may not exist yet.
    if (!deps.health.accepting && request.url.startsWith("/api/") && !WITHOUT_DATABASE.has(request.url.split("?", 1)[0]!)) {
      throw refuse("DatabaseUnavailable", undefined, DATABASE_RETRY_AFTER_SECONDS);
    }
    return undefined;
  });

  // Graceful shutdown: Node only closes connections that are idle when `close()` is called, so a
  // request in flight would keep its keep-alive connection (and the shutdown) open for up to
  // keepAliveTimeout after answering. Answers sent while closing ask the client to hang up.
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });

  // `ok(data, message)` from any route (registerEndpoint's or a plain one) becomes the envelope.
  app.addHook("preSerialization", async (_request, _reply, payload) =>
    isOk(payload) ? successEnvelope(payload.data, payload.message, payload.extra) : payload,
  );

  // The API takes JSON only (docs/api.md): without this, Fastify's built-in text/plain parser hands
  // a handler a string, and the answer depends on the route (200, 400 or 401) instead of 415.
  app.removeContentTypeParser("text/plain");

  // An empty body with `content-type: application/json` means "no payload" (`/api/logout`), not an error.
  const defaultJsonParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") done(null, undefined);
    else defaultJsonParser(request, text, done);
  });

  installErrorHandler(app);
  await app.register(helmet, helmetOptionsFor(config, inlineScriptSources(config.uiDistDir)));
  await registerUi(app, config.uiDistDir, { sourceMaps: config.mode === "sandbox" });

  registerRoutes(app);

  return app;
};
