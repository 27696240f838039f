import { Constants, Messages } from "@fuel/domain";
import { Api, type ApiName, type RequestEncodedOf, type ResponseOf } from "@fuel/domain/api";
import { Cause, Effect, Exit, Option, Schema } from "effect";
import type { ApiCaller, CallOptions } from "../ports/Api.ts";
import {
  badAnswer,
  NotActivated,
  offline,
  ServerFailed,
  ServerRefused,
  SessionEnded,
  timedOut,
  type ApiError,
} from "../ports/errors.ts";
import type { TokenStore } from "../ports/TokenStore.ts";

/**
 * The API client (spec §7, §8) over `fetch`: every call carries the bearer token, gives up after
 * 10 s, decodes the answer with the contract's schema, and sorts every failure into the §8
 * catalogue as a tagged error ({@link ApiError}). Interrupting a call aborts its `fetch`. A
 * refreshed token in the `Authorization` answer header replaces the stored one; 401/403/422 clear
 * the session and tell `onSessionEnded` (the UI goes to /login).
 */

export interface HttpClientOptions {
  /** Where `/api` lives: "" for the same origin (the app and the API share a port). */
  readonly baseUrl?: string;
  readonly tokens: TokenStore;
  readonly fetch?: typeof fetch;
  /** Spec §7/§9: 10 s. */
  readonly timeoutMs?: number;
  /** Called after a 401/403/422 cleared the session (the UI shows the message and goes to /login). */
  readonly onSessionEnded?: (error: SessionEnded) => void;
  /** Called after a 400 NotActivated (the UI goes to /activated). */
  readonly onNotActivated?: (error: NotActivated) => void;
  readonly locale?: Messages.Locale;
}

interface Envelope {
  readonly status: unknown;
  readonly message: unknown;
  readonly data: unknown;
}

const isEnvelope = (u: unknown): u is Envelope => typeof u === "object" && u !== null && "status" in u && "message" in u;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The query string of a GET endpoint's input (the sandbox SMS box reads `?phone=`). */
const queryOf = (input: unknown): string => {
  if (typeof input !== "object" || input === null) return "";
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== undefined) params.set(k, String(v));
  const q = params.toString();
  return q === "" ? "" : `?${q}`;
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;

interface Received {
  readonly status: number;
  readonly text: string;
  /** A replacement token from the `Authorization` answer header. */
  readonly refreshed: string | undefined;
  /** `x-error-tag`: the domain rule a refusal broke. */
  readonly tag: string | undefined;
}

export const createHttpClient = (options: HttpClientOptions): ApiCaller => {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? Constants.REQUEST_TIMEOUT_MS;
  const locale = options.locale ?? "en";
  const baseUrl = options.baseUrl ?? "";
  const { tokens } = options;

  const send = (name: ApiName, input: unknown, callOptions: CallOptions | undefined) =>
    Effect.gen(function* () {
      const endpoint = Api[name];
      const token = yield* tokens.token();
      const headers: Record<string, string> = { accept: "application/json" };
      if (token !== null) headers["authorization"] = `Bearer ${token}`;
      if (callOptions?.idempotencyKey !== undefined) headers["idempotency-key"] = callOptions.idempotencyKey;
      const isGet = endpoint.method === "GET";
      if (!isGet) headers["content-type"] = "application/json";
      const url = `${baseUrl}${endpoint.path}${isGet ? queryOf(input) : ""}`;

      const response = yield* Effect.callback<Received, ApiError>(
        (resume) => {
          const controller = new AbortController();
          let timedOutNow = false;
          const timer = setTimeout(() => {
            timedOutNow = true;
            controller.abort();
          }, timeoutMs);
          doFetch(url, { method: endpoint.method, headers, signal: controller.signal, ...(isGet ? {} : { body: JSON.stringify(input ?? {}) }) })
            .then(async (res) => {
              const text = await res.text();
              clearTimeout(timer);
              const refreshed = BEARER.exec(res.headers.get("authorization") ?? "")?.[1];
              resume(Effect.succeed({ status: res.status, text, refreshed, tag: res.headers.get("x-error-tag") ?? undefined }));
            })
            .catch(() => {
              clearTimeout(timer);
              // fetch rejects only when no answer came: aborted by our timer, or no network.
              resume(Effect.fail(timedOutNow ? timedOut(timeoutMs, locale) : offline(locale)));
            });
          // Interrupted (the screen left, a race lost): cancel the request itself, not only our wait for it.
          return Effect.sync(() => {
            clearTimeout(timer);
            controller.abort();
          });
        },
      );

      if (response.refreshed !== undefined && response.refreshed !== token) yield* tokens.setToken(response.refreshed);
      return yield* interpret(name, response.status, response.text, response.tag);
    });

  const interpret = (name: ApiName, status: number, text: string, tag: string | undefined): Effect.Effect<unknown, ApiError> => {
    const body = parseJson(text);
    const envelope = isEnvelope(body) ? body : undefined;
    const message = typeof envelope?.message === "string" && envelope.message !== "" ? envelope.message : Messages.text("ServerError", locale);

    if (status === 401 || status === 403 || status === 422) {
      const error = new SessionEnded({ message, status });
      return Effect.flatMap(tokens.clear(), () => {
        options.onSessionEnded?.(error);
        return Effect.fail(error);
      });
    }
    if (status === 400 && tag === "NotActivated") {
      const error = new NotActivated({ message });
      options.onNotActivated?.(error);
      return Effect.fail(error);
    }
    if (status >= 400 && status < 500) return Effect.fail(new ServerRefused({ message, status, tag }));
    if (status < 200 || status >= 300) return Effect.fail(new ServerFailed({ message, status }));
    if (envelope === undefined) return Effect.fail(badAnswer(Api[name].path, "the answer is not the {status, message, data} envelope", locale));
    if (envelope.status !== "success") return Effect.fail(new ServerRefused({ message, status, tag }));

    const decoded = Schema.decodeUnknownExit(Api[name].response as Schema.Codec<unknown, unknown>)(envelope.data);
    if (Exit.isSuccess(decoded)) return Effect.succeed(decoded.value);
    const error = Option.getOrUndefined(Cause.findErrorOption(decoded.cause));
    return Effect.fail(badAnswer(Api[name].path, Schema.isSchemaError(error) ? error.message : "the answer does not match the contract", locale));
  };

  return {
    call: <K extends ApiName>(name: K, input: RequestEncodedOf<K>, callOptions?: CallOptions) =>
      send(name, input, callOptions) as Effect.Effect<ResponseOf<K>, ApiError>,
  };
};
