import { Schema } from "effect";
import type { MessageKey } from "../Messages.ts";

/**
 * Who may call an endpoint. `activated` means a valid token and a redeemed invite code
 * (spec §2 "(auth)" routes need both); `token` means signed in; `none` is public; `staff` means a
 * live staff desk session (its cookie, never a customer token; issue 26), the role checked per route.
 */
export type Access = "none" | "token" | "activated" | "staff";

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
  /**
   * The refusals this endpoint answers beside {@link GENERIC_REFUSALS}: the catalogue keys of
   * their texts (the server sends each with its status and `x-error-tag`; docs/api.md lists
   * them). The server's tests fail when an endpoint answers a refusal it does not declare.
   */
  readonly refusals: ReadonlyArray<MessageKey>;
}

/**
 * The refusals every endpoint of an access level may answer, so no entry repeats them: the
 * database out of reach (503, any endpoint), no valid session or a blacklisted one (401, 403),
 * and a signed-in customer without a redeemed invite code (400 `NotActivated`).
 */
export const GENERIC_REFUSALS: Readonly<Record<Access, ReadonlyArray<MessageKey>>> = {
  none: ["DatabaseUnavailable"],
  token: ["DatabaseUnavailable", "Unauthorized", "Blacklisted"],
  activated: ["DatabaseUnavailable", "Unauthorized", "Blacklisted", "NotActivated"],
  staff: ["DatabaseUnavailable", "StaffSignInRequired", "StaffActionForbidden", "StaffPasswordChangeRequired", "CrossSiteRequest"],
};

/** Every refusal `e` may answer: the generic ones of its access, then its own. */
export const refusalsOf = (e: Endpoint): ReadonlyArray<MessageKey> => [...new Set([...GENERIC_REFUSALS[e.access], ...e.refusals])];

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
