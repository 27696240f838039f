import type { Endpoint } from "@fuel/domain/api";
import { Cause, Exit, Option, Schema } from "effect";
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { FileAnswer, RedirectAnswer } from "./fileAnswer.ts";
import type { Principal } from "./auth.ts";
import type {} from "./signedInStaff.ts";
import { isOk, successEnvelope, type Ok } from "./envelope.ts";
import { refuse, Refusal } from "../refusals/Refusal.ts";
import { BadRequest } from "./errors.ts";
import { describeIssue } from "./issues.ts";

/**
 * The one way to add an `/api` route: from its contract entry in `@fuel/domain/api`. The request
 * is decoded with the entry's request schema (400 naming the field on failure), access is checked
 * (401 / not-activated), and the handler's result is encoded with the response schema into the
 * envelope. The client decodes with the same schemas, so both sides agree by construction.
 */

/** What a handler gets beside its decoded input. */
export interface RequestContext {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The caller; null on `access: 'none'` endpoints (which do not authenticate) and for a blacklisted caller let through by {@link EndpointOptions}. */
  readonly principal: Principal | null;
  /** The caller, for handlers of `token` / `activated` endpoints (throws 401 if there is none). */
  user(): Principal;
  /** The injected clock read once at the start of the request: one instant for the whole request. */
  readonly now: number;
}

type DecodableSchema = Schema.Top & Schema.ConstraintDecoder<unknown>;
type EncodableSchema = Schema.Top & Schema.ConstraintEncoder<unknown>;

export type Handler<Req extends DecodableSchema, Res extends EncodableSchema> = (
  input: Req["Type"],
  ctx: RequestContext,
) => Promise<Res["Type"] | Ok<Res["Type"]> | FileAnswer | RedirectAnswer> | Res["Type"] | Ok<Res["Type"]> | FileAnswer | RedirectAnswer;

/**
 * A signed-in user without a redeemed invite code calling an `activated` endpoint: the
 * `NotActivated` refusal.
 *
 * Answered 400, not 403: the spec's client (§8) logs the user out on 401, 403 and 422, but a
 * not-yet-activated user is signed in and must keep the token to reach /activated and redeem a
 * code. 403 is DESIGN.md §5's "blacklisted". The `x-error-tag: NotActivated` header lets a client
 * tell this 400 from a validation 400 and route to /activated.
 */
const notActivated = (): Refusal => refuse("NotActivated");

/** An answer that does not match the contract: a server bug, answered 500 and logged. */
export class ResponseEncodingError extends Error {
  override readonly name = "ResponseEncodingError";
  constructor(path: string, detail: string) {
    super(`the answer of ${path} does not match its contract: ${detail}`);
  }
}

/** How one endpoint departs from the rules every endpoint follows. */
export interface EndpointOptions {
  /**
   * A blacklisted customer's valid session gets through (principal null) instead of the 403:
   * only for ending that session (`/api/logout`), which must always work.
   */
  readonly evenIfBlacklisted?: boolean;
  /** Runs before decoding: the staff desk's `requireStaff(action)` (src/desk/session.ts) for `staff` endpoints. */
  readonly preHandler?: preHandlerAsyncHookHandler;
  /** A larger body than the server's 64 KB for this route only (the desk's invoice PDF upload, issue 35). */
  readonly bodyLimit?: number;
}

export const registerEndpoint = <Req extends DecodableSchema, Res extends EncodableSchema>(
  app: FastifyInstance,
  endpoint: Endpoint<Req, Res>,
  handler: Handler<Req, Res>,
  options: EndpointOptions = {},
): void => {
  const decode = Schema.decodeUnknownExit(endpoint.request);
  const encode = Schema.encodeUnknownExit(endpoint.response);
  const readInput = endpoint.method === "GET" ? (r: FastifyRequest) => r.query : (r: FastifyRequest) => r.body;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.preHandler === undefined ? {} : { preHandler: options.preHandler }),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: async (request, reply) => {
      const now = app.deps.clock.now();
      let principal: Principal | null = null;
      // A desk endpoint is guarded by the desk's requireStaff preHandler (src/desk/session.ts), never
      // by a customer token: without the staff it put on the request, nobody gets through.
      if (endpoint.access === "staff") {
        if (request.staff === undefined) throw refuse("StaffSignInRequired");
      } else if (endpoint.access !== "none") {
        let blacklisted = false;
        try {
          principal = await app.deps.authenticate(request);
        } catch (err) {
          // The authenticator refuses a blacklisted customer's live session with the Blacklisted refusal.
          if (!(options.evenIfBlacklisted === true && err instanceof Refusal && err.reason === "Blacklisted")) throw err;
          blacklisted = true;
        }
        if (!blacklisted) {
          if (principal === null) throw refuse("Unauthorized");
          if (principal.refreshedToken !== undefined) reply.header("authorization", `Bearer ${principal.refreshedToken}`);
          if (endpoint.access === "activated" && !principal.activated) throw notActivated();
        }
      }

      // No body (or an empty JSON body) is the empty object: endpoints without payload take `{}`.
      // Every problem is collected, so describeIssue can put a rule worded by the spec first.
      const decoded = decode(readInput(request) ?? {}, { errors: "all" });
      if (Exit.isFailure(decoded)) {
        const error = Option.getOrUndefined(Cause.findErrorOption(decoded.cause));
        const described = Schema.isSchemaError(error) ? describeIssue(error.issue) : { message: "invalid request" };
        throw new BadRequest(described.message, described.tag);
      }

      const found = principal;
      const ctx: RequestContext = {
        request,
        reply,
        principal,
        now,
        user: () => {
          if (found === null) throw refuse("Unauthorized");
          return found;
        },
      };
      const result = await handler(decoded.value, ctx);
      // A file outside the envelope (the desk's CSV downloads): sent as it is, not encoded.
      if (result instanceof FileAnswer) {
        reply
          .type(result.contentType)
          .header("content-disposition", `${result.disposition}; filename="${result.filename}"`)
          .header("cache-control", "no-store");
        return typeof result.body === "string" ? result.body : Buffer.from(result.body.buffer, result.body.byteOffset, result.body.byteLength);
      }
      if (result instanceof RedirectAnswer) {
        reply.header("cache-control", "no-store");
        return reply.redirect(result.location, 302);
      }
      const { data, message, extra } = isOk(result) ? result : { data: result, message: undefined, extra: undefined };
      const encoded = encode(data);
      if (Exit.isFailure(encoded)) {
        const error = Option.getOrUndefined(Cause.findErrorOption(encoded.cause));
        throw new ResponseEncodingError(endpoint.path, Schema.isSchemaError(error) ? error.message : "encoding failed");
      }
      return successEnvelope(encoded.value, message, extra);
    },
  });
};
