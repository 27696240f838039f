import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorEnvelope } from "./envelope.ts";
import { describeUnavailable, isDatabaseUnavailable, unavailableCode } from "../db/unavailable.ts";
import { refuse, Refusal } from "../refusals/Refusal.ts";
import { isHttpError } from "./errors.ts";
import { refusalAnswer } from "./refusalAnswers.ts";

/**
 * Bad input never answers 500. Fastify's own errors (body parsing, URL decoding) get a clear
 * English message in the envelope; anything unexpected is logged with the request id and answers
 * 500 'server error' without details.
 */
const FRAMEWORK_MESSAGES: Readonly<Record<string, { readonly status: number; readonly message: string }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "malformed JSON body" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "empty JSON body" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "request body too large (limit 64 KB)" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: "unsupported content type: send application/json" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "request body size does not match Content-Length" },
  FST_ERR_BAD_URL: { status: 400, message: "malformed URL" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: "URL parameter too long" },
};

export const SERVER_ERROR_MESSAGE = "server error";

/**
 * `retry-after` of a 503 for a database that cannot be reached or cannot write: long enough for a
 * terminated connection to be replaced or a failover to finish, short enough for a customer who
 * taps again (docs/operations.md).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

interface Mapped {
  readonly status: number;
  readonly message: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly unexpected: boolean;
}

export const mapError = (error: unknown): Mapped => {
  if (error instanceof Refusal) return { ...refusalAnswer(error), unexpected: false };
  // Before the 500 fallback: a lost connection, a full disk or a read-only standby is the
  // database's state, not a bug, and trying again shortly may work (issue 22).
  if (isDatabaseUnavailable(error)) return { ...refusalAnswer(refuse("DatabaseUnavailable", undefined, DATABASE_RETRY_AFTER_SECONDS)), unexpected: false };
  if (isHttpError(error)) {
    const headers = error.tag === undefined ? error.headers : { ...error.headers, "x-error-tag": error.tag };
    return { status: error.statusCode, message: error.message, headers, unexpected: false };
  }
  const e = error as Partial<FastifyError> | null;
  const known = typeof e?.code === "string" ? FRAMEWORK_MESSAGES[e.code] : undefined;
  if (known) return { ...known, headers: {}, unexpected: false };
  // Other client errors raised by Fastify or its plugins carry their own 4xx and an English message.
  if (typeof e?.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500 && typeof e.message === "string") {
    return { status: e.statusCode, message: e.message, headers: {}, unexpected: false };
  }
  return { status: 500, message: SERVER_ERROR_MESSAGE, headers: {}, unexpected: true };
};

export const sendError = (error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
  const mapped = mapError(error);
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error, code: unavailableCode(error) }, `database unavailable: ${describeUnavailable(error)}`);
    // Starts the back-off and its one log line; absent when the app was built without one.
    (request.server as Partial<Pick<typeof request.server, "deps">>).deps?.health.failed(error);
  } else if (mapped.unexpected) request.log.error({ err: error }, "unexpected error");
  else if (mapped.status >= 500) request.log.error({ err: error }, "server error");
  else request.log.info({ status: mapped.status, reason: mapped.message }, "request refused");
  // A reply that has already started (a stream that failed midway) cannot be rewritten.
  if (reply.sent) return reply;
  reply.header("x-request-id", request.id);
  return reply.code(mapped.status).headers(mapped.headers).type("application/json; charset=utf-8").send(errorEnvelope(mapped.message));
};

export const installErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
};

/** Fastify's `frameworkErrors` option: errors raised before routing (a malformed URL). */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  sendError(error, request, reply);
};
