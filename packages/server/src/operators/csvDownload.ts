import { FileAnswer } from "../http/fileAnswer.ts";
import { serializeCsv } from "./csv.ts";

/**
 * Rows as a CSV download for a desk route to return. Every cell goes through the one CSV writer,
 * which writes a cell that a spreadsheet would run as a formula behind a single quote (./csv.ts),
 * so an export added later is safe by default (issue 34).
 */
export const csvDownload = (filename: string, rows: ReadonlyArray<ReadonlyArray<string>>): FileAnswer =>
  new FileAnswer("text/csv; charset=utf-8", filename, serializeCsv(rows));
