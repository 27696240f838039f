import { Constants, Routes } from "@fuel/domain";
import type { I18nStore } from "../../i18n/I18nStore.ts";
import type { NavigationStore } from "../NavigationStore.ts";
import type { NoticeStore } from "../NoticeStore.ts";

/**
 * Spec §5: paying needs the messaging app's identity: 'authorize via messaging app first', then
 * its sign-in after 2 seconds. `leaving` runs just before the move. Answers how to call the move off
 * (a second tap starts the wait again rather than moving twice).
 */
export const authorizeFirst = (
  stores: { readonly i18n: Pick<I18nStore, "t">; readonly notices: Pick<NoticeStore, "show">; readonly navigation: Pick<NavigationStore, "go"> },
  leaving: () => void = () => undefined,
): (() => void) => {
  stores.notices.show(stores.i18n.t("OauthRequired"), "fail");
  const timer = setTimeout(() => {
    leaving();
    stores.navigation.go(Routes.WECHAT_LOGIN_PATH);
  }, Constants.PAYMENT_AUTH_REDIRECT_DELAY_MS);
  return () => clearTimeout(timer);
};
