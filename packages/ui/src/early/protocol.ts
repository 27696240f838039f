/**
 * What the HTML's early script (earlyCalls.ts, inlined by build/earlyScript.ts) leaves for the app
 * on `window`, and how the app recognises a request the script already sent. One module for both
 * sides, so the key they compare cannot drift apart.
 */

/** The `window` property the early script fills and the app reads (once). */
export const EARLY_GLOBAL = "__fuelEarly";

/**
 * An early answer is the app's only while the app starts: past this (ms from the navigation's
 * start) the app asks again. A cold start on weak 4G takes 3-6 s; a list older than this is one a
 * pull to refresh or a second visit should not be handed.
 */
export const EARLY_FRESH_MS = 15_000;

/**
 * How long the app's request waits for the script's follow-up to the answer both just read: the
 * script needs a few milliseconds (it parses a copy of that answer); a follow-up still unsettled
 * after this (the position prompt left open, the city never found) is not worth waiting for.
 */
export const FOLLOW_UP_WAIT_MS = 1_000;

/** A request as the HTTP client sends it: what decides its answer. */
export interface EarlyRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string | undefined;
  /** The bearer token it carries; another token is another customer's answer. */
  readonly token: string | null;
}

/** The browser's position as the early script got it (WGS-84, before the app converts it), or why not. */
export type EarlyPosition =
  | { readonly ok: true; readonly longitude: number; readonly latitude: number; readonly accuracy: number }
  | { readonly ok: false; readonly code: number };

export interface EarlyStore {
  /** `performance.now()` when the script ran. */
  readonly startedAt: number;
  /** Answers by {@link requestKey}; the app takes each at most once. */
  readonly answers: Map<string, Promise<Response>>;
  /** The device's position, asked while the scripts download (a phone takes seconds to find it). */
  position: Promise<EarlyPosition> | undefined;
  /**
   * Requests the script may still send, by {@link routeKey}, each settled once it is sent or known
   * not to come: the code after the order, the stations after the city. The app reads the same
   * answer those wait for; its own request would otherwise race the script's and go out twice.
   */
  readonly coming: Map<string, Promise<void>>;
}

/** Method and path of a request (no query): what {@link EarlyStore.coming} is keyed by. */
export const routeKey = (method: string, url: string): string => `${method.toUpperCase()} ${url.split("?")[0] ?? url}`;

export const requestKey = (r: EarlyRequest): string => [r.method.toUpperCase(), r.url, r.body ?? "", r.token ?? ""].join("\n");

