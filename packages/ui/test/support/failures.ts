import type { I18nStore } from "../../src/i18n/I18nStore.ts";
import { describeError, type Problem } from "../../src/stores/messages.ts";

/** The error a failed load, view or phase keeps (the test fails when it keeps none). */
export const keptError = (state: { readonly _tag: string }): Problem => {
  if (!("error" in state) || typeof state.error !== "object" || state.error === null) throw new Error(`expected a kept error, got ${state._tag}`);
  return state.error as Problem;
};

/** What a screen shows for that error, worded now, in the store's current language. */
export const shownFor = (state: { readonly _tag: string }, i18n: Pick<I18nStore, "t" | "locale">): string => describeError(keptError(state), i18n);
