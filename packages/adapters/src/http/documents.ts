import { Constants } from "@fuel/domain";
import { Effect } from "effect";
import type { Documents } from "../ports/Documents.ts";
import { offline, ServerFailed, ServerRefused, SessionEnded, timedOut, type ApiError } from "../ports/errors.ts";
import type { TokenStore } from "../ports/TokenStore.ts";
import { parseErrorParams } from "./errorParams.ts";

export interface DocumentsOptions {
  readonly tokens: TokenStore;
  readonly fetch: typeof fetch;
  /** The app's origin: a document there is ours (fetched with the token); anywhere else opens as a link. */
  readonly origin: string;
  /** Shows a URL (an object URL of the fetched bytes, or another site's address) beside the app. */
  readonly show: (url: string) => void;
  /** Makes an object URL of fetched bytes. */
  readonly objectUrl: (blob: Blob) => string;
  readonly timeoutMs?: number;
}

const messageOf = (text: string): string => {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" ? body.message : "";
  } catch {
    return "";
  }
};

/** What a failed answer means, as the API client sorts it (a 401 ended the session; 4xx refused; else failed). */
const failureOf = (response: Response, text: string): ApiError => {
  const message = messageOf(text);
  const tag = response.headers.get("x-error-tag") ?? undefined;
  const params = parseErrorParams(response.headers.get("x-error-params"));
  if (response.status === 401) return new SessionEnded({ message, status: 401, tag });
  if (response.status >= 400 && response.status < 500) return new ServerRefused({ message, status: response.status, tag, params });
  return new ServerFailed({ message, status: response.status, tag, params });
};

/** {@link Documents} over `fetch`: our documents with the customer's token, within the API's timeout. */
export const createDocuments = (options: DocumentsOptions): Documents => ({
  open: (url) =>
    Effect.gen(function* () {
      const target = new URL(url, options.origin);
      if (target.origin !== new URL(options.origin).origin) {
        options.show(target.href);
        return;
      }
      const token = yield* options.tokens.token();
      const timeoutMs = options.timeoutMs ?? Constants.REQUEST_TIMEOUT_MS;
      const received = yield* Effect.tryPromise({
        try: (signal) => {
          // One controller for the screen leaving (the fiber's signal) and the API's timeout
          // (AbortSignal.any is newer than some messaging-app browsers).
          const controller = new AbortController();
          let timedOutNow = false;
          const timer = setTimeout(() => {
            timedOutNow = true;
            controller.abort();
          }, timeoutMs);
          signal.addEventListener("abort", () => controller.abort(), { once: true });
          return options
            .fetch(target.href, { headers: token === null ? {} : { authorization: `Bearer ${token}` }, signal: controller.signal })
            .then(async (response) => (response.ok ? { ok: true as const, blob: await response.blob() } : { ok: false as const, error: failureOf(response, await response.text()) }))
            .catch((cause: unknown) => {
              throw timedOutNow ? timedOut(timeoutMs, target.pathname) : cause;
            })
            .finally(() => clearTimeout(timer));
        },
        catch: (cause) => (cause instanceof Error && "_tag" in cause && cause._tag === "TimedOut" ? (cause as ReturnType<typeof timedOut>) : offline(target.pathname)),
      });
      if (!received.ok) return yield* Effect.fail(received.error);
      options.show(options.objectUrl(received.blob));
    }),
});
