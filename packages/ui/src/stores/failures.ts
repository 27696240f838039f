import type { I18nStore } from "../i18n/I18nStore.ts";
import { describeError } from "./messages.ts";
import type { NoticeStore } from "./NoticeStore.ts";

/**
 * Tells the customer why a port call failed, once. A 401/403/422 (`SessionEnded`) or a
 * `NotActivated` answer has already been shown and acted on by the HTTP client's hooks (the
 * SessionStore words it and moves to /login or /activated), so the store that made
 * the call says nothing more. Answers the text shown, or `undefined` when nothing was shown.
 */
export const reportFailure = (
  error: { readonly _tag: string; readonly message?: string; readonly tag?: string | undefined },
  i18n: Pick<I18nStore, "t" | "locale">,
  notices: Pick<NoticeStore, "show">,
): string | undefined => {
  if (error._tag === "SessionEnded" || error._tag === "NotActivated") return undefined;
  const text = describeError(error, i18n);
  notices.show(text, "fail");
  return text;
};
