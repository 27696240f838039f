import { Messages } from "@fuel/domain";

/**
 * Failures the transport answers with a status of its own choosing: a request the contract cannot
 * decode (./endpoint.ts). Use cases
 * throw a `Refusal` (../refusals/Refusal.ts) instead, whose status comes from ./refusalAnswers.ts.
 * The error handler turns each into the envelope (DESIGN.md §5); `tag` (optional) is sent as the
 * `x-error-tag` header.
 */
export class HttpError extends Error {
  override readonly name: string = "HttpError";
  constructor(
    readonly statusCode: number,
    message: string,
    readonly tag?: string,
    /** Extra answer headers (e.g. `retry-after`). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** 400: invalid input; the message names the rule in the spec's words. */
export class BadRequest extends HttpError {
  override readonly name = "BadRequest";
  constructor(message: string, tag?: string) {
    super(400, message, tag);
  }
}

/** 401: missing, invalid or expired token. The client logs the user out. */
export class Unauthorized extends HttpError {
  override readonly name = "Unauthorized";
  constructor(message: string = Messages.text("Unauthorized"), tag = "Unauthorized") {
    super(401, message, tag);
  }
}

/** 403: refused (a blacklisted phone). The client logs the user out. */
export class Forbidden extends HttpError {
  override readonly name = "Forbidden";
  constructor(message: string = Messages.text("Blacklisted"), tag = "Blacklisted") {
    super(403, message, tag);
  }
}

/** 404: no such thing (or not this user's). */
export class NotFound extends HttpError {
  override readonly name = "NotFound";
  constructor(message = "not found", tag?: string) {
    super(404, message, tag);
  }
}

/** 409: the request conflicts with the current state (paying a cancelled order). */
export class Conflict extends HttpError {
  override readonly name = "Conflict";
  constructor(message: string, tag?: string) {
    super(409, message, tag);
  }
}

/** 429: rate limited; `retryAfterSeconds` becomes the `retry-after` header. */
export class TooManyRequests extends HttpError {
  override readonly name = "TooManyRequests";
  constructor(message = "too many requests, try again later", retryAfterSeconds?: number, tag?: string) {
    super(429, message, tag, retryAfterSeconds === undefined ? {} : { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export const isHttpError = (u: unknown): u is HttpError => u instanceof HttpError;
