import { Messages } from "@fuel/domain";
import { isTextKey, type TextKey } from "../i18n/catalogue.ts";
import type { I18nStore } from "../i18n/I18nStore.ts";

type Params = Readonly<Record<string, string | number>>;

/** Whether `params` names every `{slot}` of a catalogue text (a text without slots needs none). */
const slotsFilled = (text: string | undefined, params: Params | undefined): boolean =>
  text !== undefined && [...text.matchAll(/\{(\w+)\}/g)].every(([, slot]) => slot !== undefined && params?.[slot] !== undefined);

/** What {@link describeError} reads of an error: its `_tag` and the data some tags carry. */
export interface DescribableError {
  readonly _tag: string;
  readonly message?: string;
  readonly tag?: string | undefined;
  readonly params?: Params | undefined;
  /** PaymentUnavailable's reason, and the API error behind a `server` one. */
  readonly reason?: string;
  readonly failure?: DescribableError | undefined;
}

/**
 * A failure kept as data until a screen shows it (DESIGN §6: errors are data): a port's error as
 * answered, a domain error, or a local failure named by its catalogue key ({@link problem}). The
 * screen words it with {@link describeError} when it renders, so a language switch re-words it.
 */
export type Problem = DescribableError;

/** A local failure named by its catalogue key (StationNotFound, routeFailed...), with the values of its text's slots. */
export const problem = (key: TextKey, params?: Params): Problem => (params === undefined ? { _tag: key } : { _tag: key, params });

/** A tagged answer worded from our catalogue, when every slot of its text ({minutes}, {max}) has a value in the answer's `x-error-params`. */
const catalogueText = (error: DescribableError, i18n: Pick<I18nStore, "t">): string | undefined =>
  error.tag !== undefined && isTextKey(error.tag) && slotsFilled(Messages.catalogue.en[error.tag as Messages.MessageKey], error.params)
    ? i18n.t(error.tag, error.params)
    : undefined;

/**
 * Words we did not write (a server's `message`, a channel's `result_msg`, the pay sheet's
 * `err_desc`) are shown as the last resort for a refusal we cannot name: in an en session as they
 * are, in a zh-CN one only when they hold no Latin word (our server speaks English; issue 25: no
 * 'please sign in again' in a Chinese session).
 */
const LATIN_WORD = /[A-Za-z]{2,}/;
const readable = (words: string | undefined, locale: Messages.Locale): words is string =>
  words !== undefined && words.trim() !== "" && (locale === "en" || !LATIN_WORD.test(words));

/** A refusal we cannot name: its own words where they read in the customer's language, else our `lead`. */
const lastResort = (error: DescribableError, lead: TextKey, i18n: Pick<I18nStore, "t" | "locale">): string =>
  readable(error.message, i18n.locale) ? error.message : i18n.t(lead);

/** What failed, said without the server's words: a session ended asks to sign in, a 5xx is a server error. */
const leadOf = (tag: string): TextKey => (tag === "SessionEnded" ? "Unauthorized" : tag === "ServerFailed" ? "ServerError" : "refusedRetry");

/**
 * The text to show for a failure from a port, in the customer's language, worded now from the
 * error's data (the adapters carry no text of their own, so a locale switch re-words the same
 * error). A server answer that names a rule we know (its `x-error-tag`) is worded from our
 * catalogue; otherwise the server's own message, only where it reads in the customer's language
 * (spec §8; see {@link lastResort}). The adapters' own failures
 * have catalogue keys of their own.
 */
export const describeError = (error: DescribableError, i18n: Pick<I18nStore, "t" | "locale">): string => {
  switch (error._tag) {
    case "Offline":
    case "SignInUnavailable":
      return i18n.t("Offline");
    case "TimedOut":
      return i18n.t("Timeout");
    case "BadAnswer":
      return i18n.t("ServerError");
    // A city that cannot be found is, to the customer, a position that could not be had.
    case "LocationFailed":
    case "GeocodeFailed":
      return i18n.t("LocationFailed");
    case "RouteFailed":
      return i18n.t("RouteFailed");
    case "NavigationFailed":
      return i18n.t("NavigationFailed");
    // The pay sheet's own reason inside our sentence, when it reads in the customer's language.
    case "PaymentFailed":
      return readable(error.message, i18n.locale) ? i18n.t("order.payFailed", { reason: error.message }) : i18n.t("order.payFailedRetry");
    case "PaymentUnavailable":
      if (error.reason === "outsideMessagingApp") return i18n.t("PayOutsideMessagingApp");
      return error.failure === undefined ? i18n.t("Offline") : describeError(error.failure, i18n);
    case "ServerRefused":
    case "ServerFailed":
    case "SessionEnded":
      // Issue 22: a 503 (database or a neighbour unavailable, after the client's one retry) names
      // its catalogue key too, and is worded in the customer's language like a refusal. Without
      // a tag we know (or a value for one of its text's slots), the server's words, last resort.
      return catalogueText(error, i18n) ?? lastResort(error, leadOf(error._tag), i18n);
    default: {
      const key = Messages.keyOf(error);
      if (key !== undefined) return Messages.describe(error, i18n.locale, error.params);
      // A local failure named by one of the UI's own keys (see `problem`).
      if (isTextKey(error._tag)) return i18n.t(error._tag, error.params);
      // The FY channel's `result_msg` (NotTaken) and anything else that brings its own words.
      return lastResort(error, error._tag === "NotTaken" ? "refusedRetry" : "ServerError", i18n);
    }
  }
};
