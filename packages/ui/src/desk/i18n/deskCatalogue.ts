import type { Messages } from "@fuel/domain";
import { textOf, type TextKey } from "../../i18n/catalogue.ts";
import { cashier } from "./cashier.ts";
import { distributor } from "./distributor.ts";
import { invoices } from "./invoices.ts";
import { people } from "./people.ts";
import { places } from "./places.ts";
import { records } from "./records.ts";
import { shell } from "./shell.ts";
import { table } from "./table.ts";

/**
 * The desk's own texts, one file per area, merged here; the app's catalogue (the domain's
 * messages and the UI's keys) answers every other key, so a refusal reads the same at the desk as
 * in the app. A key added in English must be added in zh-CN too: the type refuses a locale that
 * misses one.
 */
const deskEn = { ...shell.en, ...cashier.en, ...distributor.en, ...places.en, ...people.en, ...records.en, ...table.en, ...invoices.en } as const;

export type DeskKey = keyof typeof deskEn;

const deskZh: Record<DeskKey, string> = { ...shell["zh-CN"], ...cashier["zh-CN"], ...distributor["zh-CN"], ...places["zh-CN"], ...people["zh-CN"], ...records["zh-CN"], ...table["zh-CN"], ...invoices["zh-CN"] };

const deskCatalogue: Readonly<Record<Messages.Locale, Readonly<Record<string, string>>>> = { en: deskEn, "zh-CN": deskZh };

/** Every text the desk shows. */
export type DeskTextKey = DeskKey | TextKey;

/** The text of a key in a locale, with its `{name}` slots filled. */
export const deskTextOf = (key: DeskTextKey, locale: Messages.Locale, params?: Readonly<Record<string, string | number>>): string => {
  const own = deskCatalogue[locale][key];
  if (own === undefined) return textOf(key as TextKey, locale, params);
  return own.replace(/\{(\w+)\}/g, (slot, name: string) => (params?.[name] === undefined ? slot : String(params[name])));
};

/** Whether a string names one of the desk's own keys. */
export const isDeskKey = (key: string): key is DeskKey => Object.hasOwn(deskEn, key);
