/**
 * Pure formatting of the weak-network bench (./weakNetwork.ts): what a cold load fetched, when,
 * and what asked for it, one line per request, so a reader sees the chain of requests that stands
 * between navigation and the first useful content.
 */

/** One request of a page load as the browser's DevTools protocol reported it; times in ms from navigation start. */
export interface NetRequest {
  readonly url: string;
  /** The protocol's resource type, lower case: document, script, stylesheet, fetch, xhr, image, font, other. */
  readonly type: string;
  readonly startMs: number;
  /** When it was sent (after waiting for a free connection); undefined: unknown (no response). */
  readonly sentMs?: number | undefined;
  /** When its last byte arrived (or it failed); undefined: still running when recording stopped. */
  readonly endMs: number | undefined;
  /** Bytes on the wire, headers included (`loadingFinished.encodedDataLength`); 0 for a failed request. */
  readonly bytes: number;
  readonly status?: number | undefined;
  /** `loadingFailed.errorText` (net::ERR_...), when it failed. */
  readonly failed?: string | undefined;
  /** The URL of the document or script that asked for it, when the protocol names one. */
  readonly initiator?: string | undefined;
}

/** Median; an even count averages the middle two. Infinity (a run that timed out) sorts last. */
export const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

/** Index of the run whose value is the median (the lower middle for an even count), to show that run's waterfall. */
export const medianIndex = (values: ReadonlyArray<number>): number => {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  return order[Math.floor((order.length - 1) / 2)]?.index ?? 0;
};

/**
 * A URL as short as still tells it apart: the path without the origin, Vite's content hash dropped
 * from asset names (`/assets/index-ucub7eJp.js` is `index.js`), cut to `max` characters.
 */
export const shortUrl = (url: string, origin: string, max = 44): string => {
  const local = url.startsWith(origin) ? url.slice(origin.length) || "/" : url;
  const short = local.replace(/^\/assets\//, "").replace(/-[A-Za-z0-9_-]{8}(\.[a-z0-9]+)$/, "$1");
  return short.length <= max ? short : `${short.slice(0, max - 1)}…`;
};

/** The requests that had finished (or failed) by `atMs`, and their bytes on the wire. */
export const doneBy = (requests: ReadonlyArray<NetRequest>, atMs: number): { readonly count: number; readonly bytes: number } => {
  const done = requests.filter((r) => r.endMs !== undefined && r.endMs <= atMs);
  return { count: done.length, bytes: done.reduce((sum, r) => sum + r.bytes, 0) };
};

const pad = (text: string, width: number): string => (text.length >= width ? text : `${" ".repeat(width - text.length)}${text}`);
const padEnd = (text: string, width: number): string => (text.length >= width ? text : `${text}${" ".repeat(width - text.length)}`);

/** A wait for a connection shorter than this is not worth a word on the line. */
const QUEUED_MS = 100;

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/**
 * The waterfall, one line per request in start order: start and end ms, type, KB on the wire,
 * short URL, how long it waited for a connection when it did, and, after `<-`, what asked for it (the chain: a page chunk that waits for the entry
 * script names it). A line marks the moment of the first useful content (`usefulMs`, undefined
 * when it never came).
 */
export const formatWaterfall = (requests: ReadonlyArray<NetRequest>, origin: string, usefulMs: number | undefined, indent = "    "): ReadonlyArray<string> => {
  const lines: string[] = [];
  let marked = usefulMs === undefined;
  for (const r of [...requests].sort((a, b) => a.startMs - b.startMs)) {
    if (!marked && usefulMs !== undefined && r.startMs > usefulMs) {
      lines.push(`${indent}${pad(String(Math.round(usefulMs)), 5)}  ---- first useful content ----`);
      marked = true;
    }
    const end = r.endMs === undefined ? "…" : String(Math.round(r.endMs));
    const outcome = r.failed !== undefined ? ` FAILED ${r.failed}` : r.status !== undefined && r.status >= 400 ? ` HTTP ${r.status}` : "";
    const by = r.initiator === undefined ? "" : `  <- ${shortUrl(r.initiator, origin, 28)}`;
    const queued = r.sentMs !== undefined && r.sentMs - r.startMs >= QUEUED_MS ? ` (queued ${Math.round(r.sentMs - r.startMs)})` : "";
    lines.push(`${indent}${pad(String(Math.round(r.startMs)), 5)}-${padEnd(end, 5)} ${padEnd(r.type, 10)} ${pad(kb(r.bytes), 6)} KB  ${shortUrl(r.url, origin)}${outcome}${queued}${by}`);
  }
  if (!marked && usefulMs !== undefined) lines.push(`${indent}${pad(String(Math.round(usefulMs)), 5)}  ---- first useful content ----`);
  return lines;
};

/** Seconds with two decimals, or 'timeout' for a run that never showed the content. */
export const seconds = (ms: number): string => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "timeout");
