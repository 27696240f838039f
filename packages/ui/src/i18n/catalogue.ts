import { Messages } from "@fuel/domain";
import { account } from "./messages/account.ts";
import { common } from "./messages/common.ts";
import { titles } from "./messages/titles.ts";
import { signin } from "./messages/signin.ts";
import { stations } from "./messages/stations.ts";
import { order } from "./messages/order.ts";
import { orders } from "./messages/orders.ts";
import { cards } from "./messages/cards.ts";
import { rechargeDetail } from "./messages/rechargeDetail.ts";
import { kept } from "./messages/kept.ts";
import { pullToRefresh } from "./messages/pullToRefresh.ts";
import { invoices } from "./messages/invoices.ts";

/**
 * The UI's own texts, one file per area under ./messages, merged here. A key added in English
 * must be added in zh-CN too: the type below refuses a locale that misses one.
 */
const uiEn = { ...common.en, ...titles.en, ...signin.en, ...account.en, ...stations.en, ...order.en, ...orders.en, ...cards.en, ...rechargeDetail.en, ...kept.en, ...pullToRefresh.en, ...invoices.en } as const;

export type UiKey = keyof typeof uiEn;

const uiZh: Record<UiKey, string> = { ...common["zh-CN"], ...titles["zh-CN"], ...signin["zh-CN"], ...account["zh-CN"], ...stations["zh-CN"], ...order["zh-CN"], ...orders["zh-CN"], ...cards["zh-CN"], ...rechargeDetail["zh-CN"], ...kept["zh-CN"], ...pullToRefresh["zh-CN"], ...invoices["zh-CN"] };

/** Every text the app shows: the domain's `Messages` (business rules, errors) and the UI's keys. */
export type TextKey = Messages.MessageKey | UiKey;

export const uiCatalogue: Readonly<Record<Messages.Locale, Readonly<Record<UiKey, string>>>> = { en: uiEn, "zh-CN": uiZh };

/** The text of a key in a locale, with its `{name}` slots filled. */
export const textOf = (key: TextKey, locale: Messages.Locale, params?: Readonly<Record<string, string | number>>): string => {
  const ui = uiCatalogue[locale] as Readonly<Record<string, string>>;
  const template = ui[key] ?? Messages.catalogue[locale][key as Messages.MessageKey];
  return Messages.interpolate(template, params);
};

/**
 * Whether a string names a key of the catalogue (a server's `x-error-tag`, say). Own keys only:
 * `in` would take 'constructor' or '__proto__' from a server or a distributor for a text.
 */
export const isTextKey = (key: string): key is TextKey => Object.hasOwn(uiEn, key) || Object.hasOwn(Messages.catalogue.en, key);
