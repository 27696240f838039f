/**
 * An answer outside the JSON envelope: a file the browser downloads (the desk's CSV exports, made
 * by ../operators/csvDownload.ts). A handler returns one and registerEndpoint sends it. Handlers
 * never send the reply themselves: a Fastify reply is a thenable, so an async handler that
 * returned it handed back `undefined` once the answer was sent, which then failed the contract's
 * encoding and logged a false ResponseEncodingError at error level for every download (issue 34).
 */
export class FileAnswer {
  constructor(
    readonly contentType: string,
    /** The name the browser saves it under (ours, never the caller's: it goes into a header as is). */
    readonly filename: string,
    readonly body: string | Uint8Array,
    /** `inline`: the browser shows it (an invoice's PDF, issue 35); `attachment`: it saves it. */
    readonly disposition: "attachment" | "inline" = "attachment",
  ) {}
}

/**
 * An answer that sends the browser elsewhere (302): an invoice PDF the e-invoice provider keeps
 * (issue 35). The location is the provider's, never the caller's.
 */
export class RedirectAnswer {
  constructor(readonly location: string) {}
}
