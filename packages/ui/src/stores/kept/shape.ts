/**
 * Hand checks of what a kept entry holds (./keptStations.ts, ./keptCards.ts). The wire schemas
 * would do it too, but they live in the contract chunk the HTTP client fetches on demand; the
 * point of a kept copy is to draw before anything else arrives, and these entries were written
 * by the app itself from decoded answers, so checking each field's type is enough for the page
 * never to meet a value it cannot draw.
 */
export const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === "object" && v !== null && !Array.isArray(v);

export const stringsOk = (v: Readonly<Record<string, unknown>>, keys: ReadonlyArray<string>): boolean => keys.every((k) => typeof v[k] === "string");

export const numbersOk = (v: Readonly<Record<string, unknown>>, keys: ReadonlyArray<string>): boolean =>
  keys.every((k) => typeof v[k] === "number" && Number.isFinite(v[k]));

export const optionalStringsOk = (v: Readonly<Record<string, unknown>>, keys: ReadonlyArray<string>): boolean =>
  keys.every((k) => v[k] === undefined || typeof v[k] === "string");
