import { EARLY_FRESH_MS, FOLLOW_UP_WAIT_MS, requestKey, routeKey, type EarlyPosition, type EarlyStore } from "./protocol.ts";

/**
 * The app's side of the HTML's early calls (earlyCalls.ts): a `fetch` that answers a request the
 * early script already sent with that answer, once, while it is fresh, and a geolocation whose
 * first question gets the position the script already asked for. Anything else goes to the real
 * browser APIs, so without an early script (tests, a build without it) nothing changes.
 */

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const urlOf = (input: RequestInfo | URL): string => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);

const headerOf = (headers: RequestInit["headers"], name: string): string | null => {
  if (headers === undefined) return null;
  if (headers instanceof Headers) return headers.get(name);
  if (Array.isArray(headers)) return headers.find(([k]) => k.toLowerCase() === name)?.[1] ?? null;
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name);
  return found?.[1] ?? null;
};

const tokenOf = (init: RequestInit | undefined): string | null => /^Bearer\s+(\S+)$/i.exec(headerOf(init?.headers, "authorization") ?? "")?.[1] ?? null;

export const withEarlyAnswers = (fetch: Fetch, early: EarlyStore | undefined, now: () => number): Fetch => {
  if (early === undefined) return fetch;
  const fresh = () => now() - early.startedAt <= EARLY_FRESH_MS;
  return async (input, init) => {
    const method = init?.method ?? "GET";
    const url = urlOf(input);
    const key = requestKey({ method, url, body: typeof init?.body === "string" ? init.body : undefined, token: tokenOf(init) });
    // The script may be about to send this very request (it reads the answer the app just read).
    const coming = early.coming.get(routeKey(method, url));
    if (!early.answers.has(key) && coming !== undefined && fresh()) await Promise.race([coming, new Promise((resolve) => setTimeout(resolve, FOLLOW_UP_WAIT_MS))]);
    const answer = early.answers.get(key);
    if (answer === undefined) return fetch(input, init);
    early.answers.delete(key);
    if (!fresh()) return fetch(input, init);
    // A failed early request (no network yet) is asked again: the app's own call decides.
    const taken = answer.catch(() => fetch(input, init));
    const signal = init?.signal;
    if (signal === undefined || signal === null) return taken;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal.reason ?? new DOMException("aborted", "AbortError"));
      if (signal.aborted) return abort();
      signal.addEventListener("abort", abort, { once: true });
      taken.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
    });
  };
};

type Locate = Pick<Geolocation, "getCurrentPosition">;

export const withEarlyPosition = (geolocation: Locate | undefined, early: EarlyStore | undefined, now: () => number): Locate | undefined => {
  let position = early?.position;
  if (geolocation === undefined || position === undefined || early === undefined) return geolocation;
  return {
    getCurrentPosition: (success, error, options) => {
      const taken = position;
      position = undefined;
      if (taken === undefined || now() - early.startedAt > EARLY_FRESH_MS) return geolocation.getCurrentPosition(success, error, options);
      void taken.then((p: EarlyPosition) => {
        if (p.ok) success(positionOf(p, now));
        else error?.(positionError(p.code));
      });
    },
  };
};

const positionOf = (p: Extract<EarlyPosition, { ok: true }>, now: () => number): GeolocationPosition => {
  const coords = { longitude: p.longitude, latitude: p.latitude, accuracy: p.accuracy, altitude: null, altitudeAccuracy: null, heading: null, speed: null };
  return { coords: { ...coords, toJSON: () => coords }, timestamp: now(), toJSON: () => ({ coords, timestamp: now() }) } as GeolocationPosition;
};

const positionError = (code: number): GeolocationPositionError =>
  ({ code, message: "", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }) as GeolocationPositionError;
