import { StationRow, type Messages } from "@fuel/domain";
import type { Problem } from "../../../stores/messages.ts";
import type { DeskI18n } from "../../i18n/DeskI18n.ts";
import { isDeskKey } from "../../i18n/deskCatalogue.ts";

/**
 * One problem the server named in a refusal, kept as data until it is shown: its CSV line when it
 * has one, and either its catalogue key and values (worded in the admin's language) or, from a
 * server that does not tag its problems, its English words.
 */
export type RefusalProblem =
  | { readonly line: number | undefined; readonly key: Messages.MessageKey; readonly params: StationRow.ProblemParams }
  | { readonly line: number | undefined; readonly text: string };

// The English problems are joined by "; " (StationRow.problemsParams); a CSV problem starts "line N: ".
const SEPARATOR = /; (?=\S)/;
const LINE = /^line (\d+): (.*)$/s;

const fromEnglish = (problems: string): RefusalProblem[] =>
  problems.split(SEPARATOR).map((part) => {
    const line = LINE.exec(part);
    return line === null ? { line: undefined, text: part } : { line: Number(line[1]), text: line[2] ?? "" };
  });

/**
 * The problems a refusal of the places' acts names one by one (StationInvalid, StationsImportRefused,
 * SettingsInvalid carry them tagged in `params.problem_list`, and in English in `params.problems`),
 * so a screen can list them; undefined for any other failure (worded as a whole by describeDeskError).
 * A list that is missing or unreadable (an older server) falls back to the English sentences.
 */
export const refusalProblems = (error: Problem, tag: string): ReadonlyArray<RefusalProblem> | undefined => {
  if (error._tag !== "ServerRefused" || error.tag !== tag) return undefined;
  const tagged = StationRow.readProblemList(error.params?.["problem_list"]);
  if (tagged !== undefined) return tagged.map((p) => ({ line: p.line, key: p.key, params: p.params }));
  const problems = error.params?.["problems"];
  if (typeof problems !== "string" || problems.trim() === "") return undefined;
  return fromEnglish(problems);
};

// The values that name a field ('now_price'), and those that list fields ('price_0_now, tel1').
const FIELD_PARAMS = ["field", "other"] as const;
const FIELD_LIST_PARAMS = ["fields"] as const;

type Wording = Pick<DeskI18n, "t">;

/** A field as the admin's form names it ('我们的价格'); a field the desk has no name for keeps the server's. */
const fieldName = (field: string, i18n: Wording): string => {
  const key = `desk.places.problemField.${field}`;
  return isDeskKey(key) ? i18n.t(key) : field;
};

const withFieldNames = (params: StationRow.ProblemParams, i18n: Wording): StationRow.ProblemParams => {
  const named: Record<string, string | number> = { ...params };
  for (const p of FIELD_PARAMS) {
    const value = params[p];
    if (typeof value === "string") named[p] = fieldName(value, i18n);
  }
  for (const p of FIELD_LIST_PARAMS) {
    const value = params[p];
    if (typeof value === "string") named[p] = value.split(", ").map((f) => fieldName(f, i18n)).join(i18n.t("desk.places.problemFieldSeparator"));
  }
  return named;
};

/** A problem in the admin's language, its fields named as the form names them (its line is shown apart). */
export const refusalProblemText = (problem: RefusalProblem, i18n: Wording): string =>
  "text" in problem ? problem.text : i18n.t(problem.key, withFieldNames(problem.params, i18n));
