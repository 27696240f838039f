import { FileAnswer } from "../http/fileAnswer.ts";
import { serializeCsv } from "./csv.ts";

/**
 * Rows as a CSV download for a desk route to return. Every cell goes through the one CSV writer,
 * which writes a cell that a spreadsheet would run as a formula behind a single quote (./csv.ts),
 * so an export added later is safe by default (issue 34). A UTF-8 BOM leads: without it a
 * spreadsheet set to Chinese reads the file as GBK and garbles every Chinese cell; the station
 * import (TextFile.decode) and the CLI drop it.
 */
export const csvDownload = (filename: string, rows: ReadonlyArray<ReadonlyArray<string>>): FileAnswer =>
  new FileAnswer("text/csv; charset=utf-8", filename, `\uFEFF${serializeCsv(rows)}`);
