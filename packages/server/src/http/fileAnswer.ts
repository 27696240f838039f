import { serializeCsv } from "../operators/csv.ts";

/**
 * An answer outside the JSON envelope: a file the browser downloads (the desk's CSV exports). A
 * handler returns one and registerEndpoint sends it. Handlers never send the reply themselves:
 * a Fastify reply is a thenable, so an async handler that returned it handed back `undefined`
 * once the answer was sent, which then failed the contract's encoding and logged a false
 * ResponseEncodingError at error level for every download (issue 34).
 */
export class FileAnswer {
  constructor(
    readonly contentType: string,
    /** The name the browser saves it under (ours, never the caller's: it goes into a header as is). */
    readonly filename: string,
    readonly body: string,
  ) {}
}

/**
 * Rows as a CSV download. Every cell goes through the one CSV writer, which writes a cell that a
 * spreadsheet would run as a formula behind a single quote (../operators/csv.ts), so an export
 * added later is safe by default.
 */
export const csvDownload = (filename: string, rows: ReadonlyArray<ReadonlyArray<string>>): FileAnswer =>
  new FileAnswer("text/csv; charset=utf-8", filename, serializeCsv(rows));
