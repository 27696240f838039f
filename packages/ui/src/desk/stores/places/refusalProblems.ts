import type { Problem } from "../../../stores/messages.ts";

/** One problem the server named in a refusal: its CSV line when it has one, and its words. */
export interface RefusalProblem {
  readonly line: number | undefined;
  readonly text: string;
}

// The row rules' problems are joined by "; " (server desk/admin/places.ts); a CSV problem starts "line N: ".
const SEPARATOR = /; (?=\S)/;
const LINE = /^line (\d+): (.*)$/s;

/**
 * The problems a refusal of the places' acts names one by one (StationInvalid, StationsImportRefused,
 * SettingsInvalid carry them in `params.problems`), so a screen can list them, each line's number
 * in the admin's language; undefined for any other failure (worded as a whole by describeDeskError).
 * The problems' own words are the server's row rules', in English.
 */
export const refusalProblems = (error: Problem, tag: string): ReadonlyArray<RefusalProblem> | undefined => {
  if (error._tag !== "ServerRefused" || error.tag !== tag) return undefined;
  const problems = error.params?.["problems"];
  if (typeof problems !== "string" || problems.trim() === "") return undefined;
  return problems.split(SEPARATOR).map((part) => {
    const line = LINE.exec(part);
    return line === null ? { line: undefined, text: part } : { line: Number(line[1]), text: line[2] ?? "" };
  });
};
