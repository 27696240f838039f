import { Routes } from "@fuel/domain";
import type { UiKey } from "./catalogue.ts";
import type { I18nStore } from "./I18nStore.ts";

/** The title of the page at a path (its route's title key), or the app's name off the route table. */
export const titleOf = (pathname: string, i18n: Pick<I18nStore, "t">): string => {
  const route = Routes.matchRoute(pathname);
  return route === undefined ? i18n.t("notFoundTitle") : i18n.t(route.path as UiKey);
};
