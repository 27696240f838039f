import { Messages } from "@fuel/domain";
import { isTextKey } from "../i18n/catalogue.ts";
import type { I18nStore } from "../i18n/I18nStore.ts";

type Params = Readonly<Record<string, string | number>>;

/** Whether `params` names every `{slot}` of a catalogue text (a text without slots needs none). */
const slotsFilled = (text: string | undefined, params: Params | undefined): boolean =>
  text !== undefined && [...text.matchAll(/\{(\w+)\}/g)].every(([, slot]) => slot !== undefined && params?.[slot] !== undefined);

/**
 * The text to show for a failure from a port, in the customer's language. A server refusal that
 * names a rule we know (its `x-error-tag`) is worded from our catalogue; otherwise the server's own
 * message is shown (spec §8). Transport failures have catalogue keys of their own.
 */
export const describeError = (error: { readonly _tag: string; readonly message?: string; readonly tag?: string | undefined; readonly params?: Params | undefined }, i18n: Pick<I18nStore, "t" | "locale">): string => {
  switch (error._tag) {
    case "Offline":
      return i18n.t("Offline");
    case "TimedOut":
      return i18n.t("Timeout");
    case "BadAnswer":
      return i18n.t("ServerError");
    case "ServerRefused":
    case "ServerFailed":
      // Issue 22: a 503 (database or a neighbour unavailable, after the client's one retry) names
      // its catalogue key too, and is worded in the customer's language like a refusal.
      // A tagged refusal is worded from our catalogue when every slot of its text ({minutes},
      // {max}) has a value in the answer's `x-error-params`; otherwise the slots would show raw,
      // and the server's words are shown instead.
      if (error.tag !== undefined && isTextKey(error.tag) && slotsFilled(Messages.catalogue.en[error.tag as Messages.MessageKey], error.params)) {
        return i18n.t(error.tag, error.params);
      }
      return error.message ?? i18n.t("ServerError");
    default: {
      const key = Messages.keyOf(error);
      return key !== undefined ? Messages.describe(error, i18n.locale) : (error.message ?? i18n.t("ServerError"));
    }
  }
};
