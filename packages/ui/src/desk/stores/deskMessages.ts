import { describeError, type DescribableError, type Problem } from "../../stores/messages.ts";
import { isDeskKey, type DeskKey } from "../i18n/deskCatalogue.ts";
import type { DeskI18n } from "../i18n/DeskI18n.ts";

/** A desk failure named by one of the desk's own keys, with the values of its text's slots. */
export const deskProblem = (key: DeskKey, params?: Readonly<Record<string, string | number>>): Problem =>
  params === undefined ? { _tag: key } : { _tag: key, params };

/**
 * A failure in the staff member's language, worded when shown: the desk's own keys here; every
 * other failure as the app words it (a server refusal from the shared catalogue by its tag). No
 * network says that nothing was changed: a desk act either reached the server or did nothing.
 */
export const describeDeskError = (error: DescribableError, i18n: DeskI18n): string => {
  if (isDeskKey(error._tag)) return i18n.t(error._tag, error.params);
  if (error._tag === "Offline") return i18n.t("desk.offlineNothingChanged");
  return describeError(error, i18n);
};
