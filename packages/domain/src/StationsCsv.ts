import { OPTIONAL_STATION_COLUMNS, STATION_COLUMNS, type StationProblem } from "./StationRow.ts";

/**
 * The operators' stations CSV as a whole file (issue 34), beside StationRow's rules for one row:
 * what its header must name, and how many stations its text holds. The server's import
 * (src/operators/stationsCsv.ts) refuses a header by these rules; the desk counts the stations of
 * a chosen file by the same reading of RFC 4180 as the server's parser (src/operators/csv.ts): a
 * line break inside a quoted field does not end a record, a blank line is not one.
 * @module
 */

/**
 * The problems of a header (its fields, at CSV line `line`): the station columns it lacks, and a
 * station column (optional ones too) it names twice (which of the two would the import read?). A column the import
 * does not read may appear any number of times: it is ignored.
 * @example StationsCsv.headerProblems(["city", "city"], 1)[0]?.key // "StationsCsvColumnTwice"
 */
export const headerProblems = (fields: ReadonlyArray<string>, line: number): StationProblem[] => {
  const names = fields.map((f) => f.trim());
  const problems: StationProblem[] = [];
  for (const column of [...STATION_COLUMNS, ...OPTIONAL_STATION_COLUMNS]) {
    if (names.filter((n) => n === column).length > 1) problems.push({ key: "StationsCsvColumnTwice", params: { column }, line });
  }
  const missing = STATION_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) problems.push({ key: "StationsCsvColumnsMissing", params: { columns: missing.join(", ") }, line });
  return problems;
};

/**
 * How many records `text` holds (a byte-order mark and blank lines are not records; a quoted
 * field may hold line breaks). A file that is not well-formed CSV is counted as far as it reads:
 * the import names its syntax problem.
 */
export const recordCount = (text: string): number => {
  let records = 0;
  let quoted = false;
  let content = false;
  let fieldStart = true;
  for (let i = text.startsWith("\uFEFF") ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') i += 1;
        else quoted = false;
      }
      continue;
    }
    if (c === "\r" || c === "\n") {
      if (content) records += 1;
      content = false;
      fieldStart = true;
      if (c === "\r" && text[i + 1] === "\n") i += 1;
      continue;
    }
    content = true;
    if (c === '"' && fieldStart) quoted = true;
    fieldStart = c === ",";
  }
  return content || quoted ? records + 1 : records;
};

/**
 * How many stations a file's text holds: its records after the header. What the desk's
 * confirmation counts (a file of a header and 2 stations is 2 stations, not 3 lines).
 * @example StationsCsv.stationCount("city,title\nFoshan,A\nFoshan,B\n") // 2
 */
export const stationCount = (text: string): number => Math.max(0, recordCount(text) - 1);
