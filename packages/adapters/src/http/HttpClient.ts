import { Constants } from "@fuel/domain";
import type { ApiName, CustomerApiName, RequestEncodedOf, ResponseOf } from "@fuel/domain/api";
import { Effect, Result } from "effect";
import { loadOnce } from "../lazy/loadOnce.ts";
import type { Route } from "./decodeWith.ts";
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
import { MAX_RETRY_DELAY_MS, retryDelayMs } from "./retryAfter.ts";
import { queryOf } from "./query.ts";
import { parseErrorParams, type ErrorParams } from "./errorParams.ts";

/**
 * The API client (spec §7, §8) over `fetch`: every call carries the bearer token, gives up after
 * 10 s, sends a read or an idempotency-keyed write once more after a 503, decodes the answer with the contract's schema, and sorts every failure into the §8
 * catalogue as a tagged error ({@link ApiError}). Interrupting a call aborts its `fetch`. A
 * refreshed token in the `Authorization` answer header replaces the stored one; 401/403/422 clear
 * the session and tell `onSessionEnded` (the UI goes to /login). The contract itself (endpoint
 * table and schemas) is loaded on demand: see ./contract.ts.
 */

/** The endpoint table and answer decoder a client calls with: ./contract.ts (the app's) or ./deskContract.ts. */
export interface Contract<N extends ApiName> {
  readonly routeOf: (name: N) => Route;
  readonly decodeAnswer: (name: N, data: unknown) => Result.Result<unknown, string>;
}

export interface HttpClientOptions<N extends ApiName = CustomerApiName> {
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
  /** Where the contract comes from: by default `import("./contract.ts")` (its own chunk in the app). */
  readonly contract?: () => Promise<Contract<N>>;
  /**
   * The statuses that mean 'signed out': by default 401, 403 and 422 (spec §8). The staff desk
   * gives only 401: its 403 is 'your role may not do this', and the session lives on.
   */
  readonly sessionEndedStatuses?: ReadonlyArray<SessionEnded["status"]>;
  /** The cap on the wait before the one retry of a 503 (issue 22): by default {@link MAX_RETRY_DELAY_MS}. */
  readonly maxRetryDelayMs?: number;
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

const BEARER = /^Bearer\s+(\S+)\s*$/i;

interface Received {
  readonly status: number;
  readonly text: string;
  /** A replacement token from the `Authorization` answer header. */
  readonly refreshed: string | undefined;
  /** `x-error-tag`: the domain rule a refusal broke. */
  readonly tag: string | undefined;
  /** `x-error-params`: the values that rule's text names. */
  readonly params: ErrorParams | undefined;
}

export const createHttpClient = <N extends ApiName = CustomerApiName>(options: HttpClientOptions<N>): ApiCaller<N> => {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? Constants.REQUEST_TIMEOUT_MS;
  const baseUrl = options.baseUrl ?? "";
  const maxRetryDelayMs = options.maxRetryDelayMs ?? MAX_RETRY_DELAY_MS;
  const { tokens } = options;
  const sessionEnded: ReadonlySet<number> = new Set(options.sessionEndedStatuses ?? [401, 403, 422]);
  // Without its own contract a client calls only the customer's endpoints (N's default).
  const contract = loadOnce(options.contract ?? (() => import("./contract.ts") as Promise<Contract<N>>));
  // Fetched at once (in parallel with the first screen), not at the first call.
  contract().catch(() => undefined);

  const send = (name: N, input: unknown, callOptions: CallOptions | undefined) =>
    Effect.gen(function* () {
      const { routeOf, decodeAnswer } = yield* Effect.tryPromise({ try: contract, catch: () => offline() });
      const endpoint = routeOf(name);
      const token = yield* tokens.token();
      const headers: Record<string, string> = { accept: "application/json" };
      if (token !== null) headers["authorization"] = `Bearer ${token}`;
      if (callOptions?.idempotencyKey !== undefined) headers["idempotency-key"] = callOptions.idempotencyKey;
      const isGet = endpoint.method === "GET";
      if (!isGet) headers["content-type"] = "application/json";
      const url = `${baseUrl}${endpoint.path}${isGet ? queryOf(input) : ""}`;

      // Issue 22: a 503 (the server cannot reach its database, or a neighbour) is sent once more
      // when sending twice is harmless: a read, or a write whose Idempotency-Key makes the server
      // answer the first outcome again. Other writes might have half-happened: never resent.
      const retries = endpoint.idempotent === true || callOptions?.idempotencyKey !== undefined ? 1 : 0;
      const init = { method: endpoint.method, headers, ...(isGet ? {} : { body: JSON.stringify(input ?? {}) }) };
      const response = yield* exchange(endpoint.path, url, init, retries);

      if (response.refreshed !== undefined && response.refreshed !== token) yield* tokens.setToken(response.refreshed);
      return yield* interpret(endpoint.path, (data) => decodeAnswer(name, data), response);
    });

  /**
   * The fetch (and its one retry after a 503) under one timer: the whole call, the wait before the
   * retry included, ends within `timeoutMs`. When the timer fires during that wait, the 503 already
   * received is the answer (its message beats 'timed out').
   */
  const exchange = (path: string, url: string, init: RequestInit, retries: number) =>
    Effect.callback<Received, ApiError>((resume) => {
      let controller = new AbortController();
      let waiting: { readonly timer: ReturnType<typeof setTimeout>; readonly answer: Received } | undefined;
      let settled = false;
      let timedOutNow = false;
      const finish = (result: Effect.Effect<Received, ApiError>) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        if (waiting !== undefined) clearTimeout(waiting.timer);
        resume(result);
      };
      const deadline = setTimeout(() => {
        if (waiting !== undefined) return finish(Effect.succeed(waiting.answer));
        timedOutNow = true;
        controller.abort();
        finish(Effect.fail(timedOut(timeoutMs, path)));
      }, timeoutMs);
      const attempt = (retriesLeft: number): void => {
        doFetch(url, { ...init, signal: controller.signal })
          .then(async (res) => {
            const text = await res.text();
            const refreshed = BEARER.exec(res.headers.get("authorization") ?? "")?.[1];
            const answer: Received = {
              status: res.status,
              text,
              refreshed,
              tag: res.headers.get("x-error-tag") ?? undefined,
              params: parseErrorParams(res.headers.get("x-error-params")),
            };
            if (res.status !== 503 || retriesLeft === 0 || settled) return finish(Effect.succeed(answer));
            const timer = setTimeout(() => {
              waiting = undefined;
              controller = new AbortController();
              attempt(retriesLeft - 1);
            }, retryDelayMs(res.headers.get("retry-after"), maxRetryDelayMs));
            waiting = { timer, answer };
          })
          .catch(() => {
            // fetch rejects only when no answer came: aborted by our timer, or no network.
            finish(Effect.fail(timedOutNow ? timedOut(timeoutMs, path) : offline(path)));
          });
      };
      attempt(retries);
      // Interrupted (the screen left, a race lost): cancel the request itself, not only our wait for it.
      return Effect.sync(() => {
        settled = true;
        clearTimeout(deadline);
        if (waiting !== undefined) clearTimeout(waiting.timer);
        controller.abort();
      });
    });

  const interpret = (path: string, decode: (data: unknown) => Result.Result<unknown, string>, answer: Received): Effect.Effect<unknown, ApiError> => {
    const { status, text, tag, params } = answer;
    const body = parseJson(text);
    const envelope = isEnvelope(body) ? body : undefined;
    // The server's own words (English), for a refusal the app's catalogue does not know; empty
    // when it sent none: the app then words the failure itself (ui describeError).
    const message = typeof envelope?.message === "string" ? envelope.message : "";

    if (sessionEnded.has(status)) {
      // Sound: the set holds only SessionEnded statuses (the option's type).
      const error = new SessionEnded({ message, status: status as SessionEnded["status"], tag });
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
    if (status >= 400 && status < 500) return Effect.fail(new ServerRefused({ message, status, tag, params }));
    if (status < 200 || status >= 300) return Effect.fail(new ServerFailed({ message, status, tag, params }));
    if (envelope === undefined) return Effect.fail(badAnswer(path, "the answer is not the {status, message, data} envelope"));
    if (envelope.status !== "success") return Effect.fail(new ServerRefused({ message, status, tag, params }));

    const decoded = decode(envelope.data);
    return Result.isSuccess(decoded) ? Effect.succeed(decoded.success) : Effect.fail(badAnswer(path, decoded.failure));
  };

  return {
    call: <K extends N>(name: K, input: RequestEncodedOf<K>, callOptions?: CallOptions) =>
      send(name, input, callOptions) as Effect.Effect<ResponseOf<K>, ApiError>,
  };
};
