import Dialog from "antd-mobile/es/components/dialog";
import type { DeskI18n } from "../i18n/DeskI18n.ts";

/**
 * Asks before an act that takes something away (disable, reset, blacklist): antd-mobile's confirm
 * with the act's own name on its button, so the admin reads what they agree to. Resolves true on
 * the act, false on cancel.
 */
export const confirmAct = (i18n: DeskI18n, question: string, act: string): Promise<boolean> =>
  Dialog.confirm({ content: question, confirmText: act, cancelText: i18n.t("desk.people.cancel") });
