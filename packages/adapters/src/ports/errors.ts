import { Messages } from "@fuel/domain";
import { Data } from "effect";

/**
 * What can go wrong talking to the server, as spec §8 sorts it, one tagged error per way the app
 * must react. Every one carries the text to show; `Messages` keys name the ones the app words itself.
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

/** No network (the request never reached a server). */
export class Offline extends Data.TaggedError("Offline")<{ readonly message: string }> {}

/** Spec §7/§9: no answer within the timeout (10 s); the request was aborted. */
export class TimedOut extends Data.TaggedError("TimedOut")<{ readonly message: string; readonly afterMs: number }> {}

/** An answer that is not what the contract says (not JSON, not the envelope, data of the wrong shape): a bug somewhere, never a crash. */
export class BadAnswer extends Data.TaggedError("BadAnswer")<{
  readonly message: string;
  readonly path: string;
  readonly detail: string;
}> {}

/** Every way an API call can fail. */
export type ApiError = ServerRefused | SessionEnded | NotActivated | ServerFailed | Offline | TimedOut | BadAnswer;

export const offline = (locale: Messages.Locale = "en"): Offline => new Offline({ message: Messages.text("Offline", locale) });
export const timedOut = (afterMs: number, locale: Messages.Locale = "en"): TimedOut => new TimedOut({ message: Messages.text("Timeout", locale), afterMs });
export const badAnswer = (path: string, detail: string, locale: Messages.Locale = "en"): BadAnswer =>
  new BadAnswer({ message: Messages.text("ServerError", locale), path, detail });
