import { SiteSettingsRules } from "@fuel/domain";
import { WebInfo } from "@fuel/domain/api";
import { Schema } from "effect";
import { refuse } from "../refusals/Refusal.ts";
import { siteSettingsToWire, type SiteSettingsRow } from "./stations.ts";

const answerable = Schema.is(WebInfo);

/**
 * The site settings a customer's call may price from and show (issue 34), or a refusal in words:
 * none yet (SiteSettingsMissing), or settings the desk could never have saved, written around it
 * (a hand-made SQL change, an older version): prices that break SiteSettingsRules (a pump price
 * of 0 would divide a top-up's payable by zero) or texts the answer cannot carry
 * (SiteSettingsUnusable, 503: an operator's fix makes the next call work).
 */
export const usableSettings = (row: SiteSettingsRow | undefined): { readonly row: SiteSettingsRow; readonly wire: WebInfo } => {
  if (row === undefined) throw refuse("SiteSettingsMissing");
  const wire = siteSettingsToWire(row);
  if (SiteSettingsRules.savedProblems(wire).length > 0 || !answerable(wire)) throw refuse("SiteSettingsUnusable");
  return { row, wire };
};
