/**
 * RFC 4180 CSV, small and strict: fields separated by commas, records by CRLF or LF; a quoted
 * field may hold commas, line breaks and doubled quotes. A UTF-8 BOM (spreadsheet exports) is
 * dropped. Each record remembers the physical line it starts on, so import errors can name it.
 *
 * Every cell written is safe to open in a spreadsheet (issue 34, OWASP "CSV Injection"): one that
 * a spreadsheet would run as a formula is written behind a single quote, and the reader takes
 * that quote off again, so what is written reads back exactly. Both live here, in the one writer
 * and the one reader, so an export added later is safe without thinking about it.
 */

export interface CsvRecord {
  readonly line: number;
  readonly fields: string[];
}

export class CsvSyntaxError extends Error {
  override readonly name = "CsvSyntaxError";
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`line ${line}: ${problem}`);
  }
}

export const parseCsv = (input: string): CsvRecord[] => {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  let recordQuoted = false;

  const endField = () => {
    fields.push(unguardCell(field));
    field = "";
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is not a record (a trailing newline, or spacing in a hand-edited file).
    if (recordQuoted || !(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
    recordQuoted = false;
  };

  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") throw new CsvSyntaxError(line, "a closing quote must end the field");
        continue;
      }
      if (c === "\n") line += 1;
      field += c;
      i += 1;
      continue;
    }
    if (c === '"' && !fieldStarted && field === "") {
      quoted = true;
      fieldStarted = true;
      recordQuoted = true;
      i += 1;
      continue;
    }
    if (c === ",") {
      endField();
      i += 1;
      continue;
    }
    if (c === "\r" || c === "\n") {
      endRecord();
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    if (c === '"') throw new CsvSyntaxError(line, "a quote inside an unquoted field (quote the whole field and double the quote)");
    field += c;
    fieldStarted = true;
    i += 1;
  }
  if (quoted) throw new CsvSyntaxError(recordLine, "a quoted field is never closed");
  if (field !== "" || fields.length > 0 || recordQuoted) endRecord();
  return records;
};

/**
 * A cell a spreadsheet would read as a formula: it starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return (OWASP's list; Excel and WPS take `-2+3` or `@SUM(1)` as formulas too). With
 * single quotes before such a character, a cell is one the guard wrote, or a value that itself
 * began with quotes: those get one more quote, so the reader can always take exactly one off.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A cell the guard wrote: one or more single quotes, then a formula's first character. */
const GUARDED = /^'+[=+\-@\t\r]/;

/** The cell as written to a file: behind one more single quote when a spreadsheet would run it. */
export const guardCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The cell as it was before {@link guardCell}: one single quote fewer before a formula's first character. */
export const unguardCell = (cell: string): string => (GUARDED.test(cell) ? cell.slice(1) : cell);

const needsQuotes = /[",\r\n]|^\s|\s$/;

/** One value as a CSV field: guarded against formulas, then quoted when RFC 4180 needs it. */
export const csvField = (value: string): string => {
  const cell = guardCell(value);
  return needsQuotes.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
};

/** Records as CSV text with CRLF line ends (RFC 4180), ending with a line break. */
export const serializeCsv = (rows: ReadonlyArray<ReadonlyArray<string>>): string =>
  // A record of one empty field is written `""`, or it would read back as a blank line.
  rows.map((r) => `${r.length === 1 && r[0] === "" ? '""' : r.map(csvField).join(",")}\r\n`).join("");
