import { Schema } from "effect";

/**
 * Who may call an endpoint. `activated` means a valid token and a redeemed invite code
 * (spec §2 "(auth)" routes need both); `token` means signed in; `none` is public.
 */
export type Access = "none" | "token" | "activated";

/**
 * One entry of the wire contract: method + path -> request schema, answer data schema.
 * The server decodes requests and encodes answers with it; the client decodes answers with it.
 * `request` describes the JSON body for POST (an empty struct for GET / no payload).
 * `response` describes the `data` member of the envelope on success.
 */
export interface Endpoint<Req extends Schema.Top = Schema.Top, Res extends Schema.Top = Schema.Top> {
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly access: Access;
  readonly request: Req;
  readonly response: Res;
  /** One line for docs/api.md and the OpenAPI file. */
  readonly summary: string;
  /**
   * Sending the request twice does what sending it once does (a read, or a look-up that issues at
   * most one code): the app sends it once more after a 503 (issue 22). Writes are never marked;
   * they are retried only when they carry an `Idempotency-Key`.
   */
  readonly idempotent?: true;
}

/** Builds an endpoint entry while keeping the precise schema types. */
export const endpoint = <Req extends Schema.Top, Res extends Schema.Top>(
  e: Endpoint<Req, Res>,
): Endpoint<Req, Res> => e;

/** DESIGN.md §5: every JSON answer is `{status, message, data}`. */
export const ResponseStatus = Schema.Literals(["success", "error"]);
export type ResponseStatus = typeof ResponseStatus.Type;

/** The envelope around a successful answer's data. */
export const Envelope = <D extends Schema.Top>(data: D) =>
  Schema.Struct({ status: Schema.Literal("success"), message: Schema.String, data });

/** The envelope of a failed answer: data is null, message says which rule failed in the spec's words. */
export const ErrorEnvelope = Schema.Struct({
  status: Schema.Literal("error"),
  message: Schema.String,
  data: Schema.Null,
});
export type ErrorEnvelope = typeof ErrorEnvelope.Type;
