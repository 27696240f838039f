import { Messages } from "@fuel/domain";
import { Result } from "effect";
import { BadRequest, Conflict, HttpError, NotFound } from "./httpErrors.ts";

/**
 * Refusals whose text lives in the `@fuel/domain` message catalogue: the answer's message is the
 * English text, and `x-error-tag` names the key so a client can show its own translation.
 */

type Params = Readonly<Record<string, string | number>>;

const say = (key: Messages.MessageKey, params?: Params): string => Messages.text(key, "en", params);

/** 400: the input breaks a rule. */
export const invalid = (key: Messages.MessageKey, params?: Params): BadRequest => new BadRequest(say(key, params), key);

/** 404: no such thing, or not the caller's. */
export const notFound = (key: Messages.MessageKey): NotFound => new NotFound(say(key), key);

/** 409: not possible in the thing's current state. */
export const conflict = (key: Messages.MessageKey, params?: Params): Conflict => new Conflict(say(key, params), key);

/** 503: an outside system (a payment channel) is unreachable; trying again later may work. */
export const unavailable = (key: Messages.MessageKey): HttpError => new HttpError(503, say(key), key, { "retry-after": "5" });

/** The success of a domain rule, or its tagged failure as a 400 with the catalogue's English text. */
export const orRefuse = <A>(result: Result.Result<A, Messages.Tagged>): A => {
  if (Result.isFailure(result)) throw BadRequest.fromTagged(result.failure);
  return result.success;
};
