import type { Messages } from "@fuel/domain";
import type { KeyValueStore } from "@fuel/adapters/ports";
import { makeAutoObservable } from "mobx";
import { localeForBrowser } from "../../i18n/I18nStore.ts";
import { deskTextOf, type DeskTextKey } from "./deskCatalogue.ts";

/** Where the desk's chosen language is kept (apart from the customer app's: one device may be both). */
export const DESK_LOCALE_KEY = "fuel.desk.locale";

/** The desk's language: chosen in the header and remembered, else the browser's (the app's rule). */
export class DeskI18n {
  locale: Messages.Locale;

  constructor(
    private readonly preferences: KeyValueStore,
    browserLanguages: ReadonlyArray<string>,
  ) {
    const saved = preferences.get(DESK_LOCALE_KEY);
    this.locale = saved === "en" || saved === "zh-CN" ? saved : localeForBrowser(browserLanguages);
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setLocale(locale: Messages.Locale): void {
    this.locale = locale;
    this.preferences.set(DESK_LOCALE_KEY, locale);
  }

  toggle(): void {
    this.setLocale(this.locale === "en" ? "zh-CN" : "en");
  }

  t(key: DeskTextKey, params?: Readonly<Record<string, string | number>>): string {
    return deskTextOf(key, this.locale, params);
  }
}
