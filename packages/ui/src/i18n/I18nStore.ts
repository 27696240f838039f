import type { Messages } from "@fuel/domain";
import type { KeyValueStore } from "@fuel/adapters/ports";
import { makeAutoObservable } from "mobx";
import { textOf, type TextKey } from "./catalogue.ts";

/** Where the chosen language is kept across visits. */
export const LOCALE_KEY = "fuel.locale";

/** DESIGN §2: zh-CN is the default for Chinese browsers; English for everyone else. */
export const localeForBrowser = (languages: ReadonlyArray<string>): Messages.Locale =>
  languages.some((l) => l.toLowerCase().startsWith("zh")) ? "zh-CN" : "en";

/**
 * The customer's language: chosen in /setting and remembered, else the browser's. Every text on
 * screen goes through `t`, so switching re-renders the app in the other language at once.
 */
export class I18nStore {
  locale: Messages.Locale;

  constructor(
    private readonly preferences: KeyValueStore,
    browserLanguages: ReadonlyArray<string>,
  ) {
    const saved = preferences.get(LOCALE_KEY);
    this.locale = saved === "en" || saved === "zh-CN" ? saved : localeForBrowser(browserLanguages);
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setLocale(locale: Messages.Locale): void {
    this.locale = locale;
    this.preferences.set(LOCALE_KEY, locale);
  }

  t(key: TextKey, params?: Readonly<Record<string, string | number>>): string {
    return textOf(key, this.locale, params);
  }
}
