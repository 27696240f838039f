import { Data } from "effect";

/**
 * What can go wrong talking to the server, as spec §8 sorts it, one tagged error per way the app
 * must react. Errors are data: the UI words each from the catalogue by its `_tag` (and the
 * server's `x-error-tag`), in the customer's language at the moment it shows them. The `message`
 * of the server's answers is the server's own (English) text, shown only for a refusal the
 * catalogue does not know.
 */

/**
 * The server refused the request (any 4xx but the session ones, or a success status whose
 * envelope says 'error'): spec §8 "the server message is shown as a toast and the call fails".
 * `tag` is the server's `x-error-tag` (a domain rule's name) when it sent one.
 */
export class ServerRefused extends Data.TaggedError("ServerRefused")<{
  readonly message: string;
  readonly status: number;
  readonly tag: string | undefined;
  /** The values the refused rule's text names (`x-error-params`), to word it in the customer's language. */
  readonly params?: Readonly<Record<string, string | number>> | undefined;
}> {}

/**
 * Spec §8: HTTP 401, 403 or 422. The message is shown, the customer is logged out (token and
 * activation flag cleared: the client has already done it) and sent to /login.
 */
export class SessionEnded extends Data.TaggedError("SessionEnded")<{
  readonly message: string;
  readonly status: 401 | 403 | 422;
  /** The server's `x-error-tag` (`Unauthorized`, `Blacklisted`) when it sent one. */
  readonly tag?: string | undefined;
}> {}

/** Signed in but no invite code redeemed (400 with `x-error-tag: NotActivated`): go to /activated, keep the token. */
export class NotActivated extends Data.TaggedError("NotActivated")<{ readonly message: string }> {}

/**
 * Spec §8: HTTP 500 and any other status: the server's message is shown. `tag` is the server's
 * `x-error-tag` when it sent one (a 503's catalogue key), so the app can word it in the customer's
 * language.
 */
export class ServerFailed extends Data.TaggedError("ServerFailed")<{
  readonly message: string;
  readonly status: number;
  readonly tag?: string | undefined;
  /** As {@link ServerRefused}'s. */
  readonly params?: Readonly<Record<string, string | number>> | undefined;
}> {}

/** No network (the request never reached a server, or the contract's code could not be fetched). */
export class Offline extends Data.TaggedError("Offline")<{
  /** The endpoint called, when the failure was its request's. */
  readonly path?: string | undefined;
}> {}

/** Spec §7/§9: no answer within the timeout (10 s); the request was aborted. */
export class TimedOut extends Data.TaggedError("TimedOut")<{
  readonly afterMs: number;
  /** The endpoint called, when known. */
  readonly path?: string | undefined;
}> {}

/** An answer that is not what the contract says (not JSON, not the envelope, data of the wrong shape): a bug somewhere, never a crash. */
export class BadAnswer extends Data.TaggedError("BadAnswer")<{
  readonly path: string;
  /** What was wrong with it, in English, for the log. */
  readonly detail: string;
}> {}

/** Every way an API call can fail. */
export type ApiError = ServerRefused | SessionEnded | NotActivated | ServerFailed | Offline | TimedOut | BadAnswer;

/** No network, calling `path` (undefined: before any request). */
export const offline = (path?: string): Offline => new Offline({ path });
/** No answer (from `path`) within `afterMs`. */
export const timedOut = (afterMs: number, path?: string): TimedOut => new TimedOut({ afterMs, path });
/** The answer of `path` broke the contract: `detail` says how. */
export const badAnswer = (path: string, detail: string): BadAnswer => new BadAnswer({ path, detail });
