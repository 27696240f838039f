import { chromium, type Browser, type CDPSession } from "playwright-core";
import { doneBy, formatWaterfall, kb, median, medianIndex, seconds, type NetRequest } from "./waterfall.ts";

/**
 * Issue 23's targets: a cold load of each route on a weak mobile network, timed to the moment the
 * route's first useful content is on screen (not to a paint metric: a spinner paints too), with
 * the request waterfall that explains the time. Chromium through playwright-core, a fresh context
 * per run (cold HTTP cache, no service worker), the network and CPU slowed through the DevTools
 * protocol before the navigation.
 */

/** The weak-4G profile of issue 23: 400 ms round trip, 400 kbit/s down, 200 kbit/s up (bytes per second). */
export const WEAK_NETWORK = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (200 * 1024) / 8 } as const;
export const CPU_SLOWDOWN = 4;
/** A run that shows nothing useful within this is a timeout (and slower than any target). */
export const RUN_BUDGET_MS = 30_000;

/** Guangzhou: the demo catalogue's stations are there, so the located city has stations. */
const GUANGZHOU = { latitude: 23.1291, longitude: 113.2644 } as const;

export interface UsefulContent {
  /** CSS selector of the element whose first visible appearance is the moment measured. */
  readonly selector: string;
  readonly what: string;
  readonly targetMs?: number;
}

/**
 * What each route is for, as a customer sees it (read from src/pages and the rendered DOM). The
 * skeletons share some class names (`.order-qr-image` is also the QR's skeleton), hence `img.`.
 */
export const USEFUL_CONTENT: Readonly<Record<string, UsefulContent>> = {
  "/login": { selector: "button.adm-button-primary", what: "the sign-in button", targetMs: 2_000 },
  "/stationlist": { selector: ".station-card .price-now", what: "a station's price", targetMs: 3_500 },
  "/orderDetail/:id": { selector: "img.order-qr-image", what: "the QR code", targetMs: 3_500 },
  "/oneKeyGas": { selector: ".fuel-types .adm-radio", what: "the fuel types of the order form" },
  "/orderlist": { selector: "ul.order-list > li, .order-empty", what: "the order list" },
  "/recharge2": { selector: ".form-footer button[type=submit]", what: "the top-up form" },
  "/recharge/2": { selector: ".cards-list-block, .cards-empty", what: "the card list" },
};

export interface WeakRoute {
  readonly route: string;
  /** The address loaded (the route with the bench's ids filled in). */
  readonly address: string;
  /** The customer's token, put in storage before the app's first script; undefined: signed out. */
  readonly token: string | undefined;
}

export interface WeakRun {
  /** ms from navigation start to the content's first visible frame; Infinity: not within {@link RUN_BUDGET_MS}. */
  readonly usefulMs: number;
  readonly requests: ReadonlyArray<NetRequest>;
  /** Uncaught page errors and console errors, which can explain a timeout. */
  readonly errors: ReadonlyArray<string>;
}

export interface WeakResult {
  readonly route: string;
  readonly address: string;
  readonly useful: UsefulContent;
  readonly runs: ReadonlyArray<WeakRun>;
}

/**
 * Runs in the page before any of its scripts: puts the session where the app's token store reads
 * it (as web.ts's signIn does) and records `performance.now()` at the first frame or DOM change
 * where the selector matches an element that is laid out, visible and, for an image, decoded.
 * From inside, so no polling latency is added. A string, not a function: tsx's helpers (`__name`)
 * would not exist in the page.
 */
const initScript = (origin: string, selector: string, token: string | undefined): string => `(() => {
  if (location.origin !== ${JSON.stringify(origin)}) return;
  const token = ${JSON.stringify(token ?? null)};
  if (token !== null) { localStorage.setItem("fuel.token", token); localStorage.setItem("fuel.activated", "1"); }
  if (window !== window.top) return;
  const selector = ${JSON.stringify(selector)};
  const shown = (el) => {
    if (el instanceof HTMLImageElement && !(el.complete && el.naturalWidth > 0)) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };
  let frame = 0;
  const check = () => {
    if (window.__fuelUsefulAt !== undefined) return;
    // querySelectorAll first: the layout read (getBoundingClientRect) only once something matches.
    for (const el of document.querySelectorAll(selector)) {
      if (!shown(el)) continue;
      window.__fuelUsefulAt = performance.now();
      observer.disconnect();
      cancelAnimationFrame(frame);
      document.removeEventListener("load", check, true);
      return;
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  // A stylesheet or an image arriving changes what is visible without a DOM change.
  document.addEventListener("load", check, true);
  const tick = () => { check(); if (window.__fuelUsefulAt === undefined) frame = requestAnimationFrame(tick); };
  frame = requestAnimationFrame(tick);
})();`;

interface Pending {
  url: string;
  type: string;
  start: number;
  sent?: number;
  end?: number;
  bytes: number;
  status?: number;
  failed?: string;
  initiator?: string;
}

/** The requests of one page as the protocol reports them, in its monotonic seconds. */
const recordRequests = (cdp: CDPSession) => {
  const byId = new Map<string, Pending>();
  let navigation: { readonly timestamp: number; readonly wallTime: number } | undefined;
  cdp.on("Network.requestWillBeSent", (e) => {
    if (/^(data|blob):/.test(e.request.url)) return; // not on the network
    if (e.type === "Document" && navigation === undefined) navigation = { timestamp: e.timestamp, wallTime: e.wallTime };
    const frame = e.initiator.stack?.callFrames[0] ?? e.initiator.stack?.parent?.callFrames[0];
    // A module fetched by the module loader (import(), or a static import of such a module) comes
    // with no stack and the URL "about:client": which module asked cannot be told from the protocol.
    const initiator = frame?.url || (e.initiator.url === "about:client" ? "module import" : e.initiator.url);
    const previous = byId.get(e.requestId);
    // A redirect reuses the id: keep the first start, follow the new URL.
    byId.set(e.requestId, {
      url: e.request.url,
      type: (e.type ?? "other").toLowerCase(),
      start: previous?.start ?? e.timestamp,
      bytes: 0,
      ...(initiator === undefined || initiator === "" ? {} : { initiator }),
    });
  });
  cdp.on("Network.responseReceived", (e) => {
    const r = byId.get(e.requestId);
    if (r === undefined) return;
    r.status = e.response.status;
    r.type = e.type.toLowerCase();
    // When it went on the wire: before that it waited for a connection (HTTP/1.1: six per host).
    const timing = e.response.timing;
    if (timing !== undefined && timing.sendStart >= 0) r.sent = timing.requestTime + timing.sendStart / 1000;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = byId.get(e.requestId);
    if (r === undefined) return;
    r.end = e.timestamp;
    r.bytes = e.encodedDataLength;
  });
  cdp.on("Network.loadingFailed", (e) => {
    const r = byId.get(e.requestId);
    if (r === undefined) return;
    r.end = e.timestamp;
    r.failed = e.canceled === true ? "canceled" : e.errorText;
  });
  return {
    pending: (beforeMs: (t: number) => number, atMs: number) => [...byId.values()].filter((r) => r.end === undefined && beforeMs(r.start) <= atMs).length,
    /**
     * Converter from protocol time to ms from navigation start: the document request's monotonic
     * timestamp, moved back by how much its wall time is past the page's `performance.timeOrigin`
     * (navigation start), so request times and the in-page `performance.now()` share one origin.
     */
    clock: (timeOrigin: number): ((t: number) => number) => {
      if (navigation === undefined) return (t) => t * 1000;
      const lead = navigation.wallTime * 1000 - timeOrigin;
      const start = navigation.timestamp * 1000 - (lead >= 0 && lead < 5_000 ? lead : 0);
      return (t) => t * 1000 - start;
    },
    requests: (toMs: (t: number) => number): ReadonlyArray<NetRequest> =>
      [...byId.values()].map((r) => ({
        url: r.url,
        type: r.type,
        startMs: toMs(r.start),
        sentMs: r.sent === undefined ? undefined : toMs(r.sent),
        endMs: r.end === undefined ? undefined : toMs(r.end),
        bytes: r.bytes,
        status: r.status,
        failed: r.failed,
        initiator: r.initiator,
      })),
  };
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One cold load of `route` in a fresh context: the moment of its useful content and every request until it (and those in flight then). */
export const weakRun = async (browser: Browser, origin: string, route: WeakRoute, useful: UsefulContent): Promise<WeakRun> => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    locale: "zh-CN",
    extraHTTPHeaders: { "Accept-Language": "zh-CN,zh;q=0.9" },
    serviceWorkers: "block",
    permissions: ["geolocation"],
    geolocation: GUANGZHOU,
  });
  try {
    await context.addInitScript(initScript(origin, useful.selector, route.token));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const cdp = await context.newCDPSession(page);
    const recorder = recordRequests(cdp);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", WEAK_NETWORK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(`${origin}${route.address}`, { waitUntil: "commit", timeout: RUN_BUDGET_MS });
    const usefulAt = await page
      .waitForFunction(() => (window as unknown as { __fuelUsefulAt?: number }).__fuelUsefulAt, undefined, { timeout: RUN_BUDGET_MS, polling: 100 })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => Infinity);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const toMs = recorder.clock(timeOrigin);
    // Let the requests already asked for by then finish (5 s at most), so the waterfall has their ends.
    for (let waited = 0; waited < 5_000 && recorder.pending(toMs, usefulAt) > 0; waited += 100) await sleep(100);
    const requests = recorder.requests(toMs).filter((r) => r.startMs <= usefulAt);
    return { usefulMs: usefulAt, requests, errors };
  } finally {
    await context.close();
  }
};

/** `runs` cold loads of each route, in one Chromium launched for them. */
export const measureWeakNetwork = async (options: {
  readonly origin: string;
  readonly routes: ReadonlyArray<WeakRoute>;
  readonly runs: number;
  readonly chromiumPath: string;
  readonly chromiumFlags: ReadonlyArray<string>;
  readonly onResult?: (result: WeakResult) => void;
}): Promise<ReadonlyArray<WeakResult>> => {
  const browser = await chromium.launch({ executablePath: options.chromiumPath, args: [...options.chromiumFlags] });
  try {
    const results: WeakResult[] = [];
    for (const route of options.routes) {
      const useful = USEFUL_CONTENT[route.route] ?? { selector: "main, #root > *", what: "the page" };
      const runs: WeakRun[] = [];
      for (let i = 0; i < options.runs; i++) runs.push(await weakRun(browser, options.origin, route, useful));
      const result = { route: route.route, address: route.address, useful, runs };
      options.onResult?.(result);
      results.push(result);
    }
    return results;
  } finally {
    await browser.close();
  }
};

/** Whether the route's median meets its target; routes without one always do. */
export const metTarget = (result: WeakResult): boolean =>
  result.useful.targetMs === undefined || median(result.runs.map((r) => r.usefulMs)) <= result.useful.targetMs;

/** The report of one route: median and each run, what had been fetched by then, the verdict, the median run's waterfall. */
export const formatWeakResult = (result: WeakResult, origin: string): ReadonlyArray<string> => {
  const times = result.runs.map((r) => r.usefulMs);
  const middle = result.runs[medianIndex(times)];
  const m = median(times);
  const target = result.useful.targetMs;
  const verdict = target === undefined ? "(no target)" : `target <= ${seconds(target)}: ${m <= target ? "met" : "NOT MET"}`;
  const lines = [`\n${result.address} weak network cold load (median of ${result.runs.length})`, `  ${result.useful.what} (${result.useful.selector}) at ${seconds(m)}; runs ${times.map(seconds).join(" / ")}   ${verdict}`];
  if (middle === undefined) return lines;
  const before = doneBy(middle.requests, middle.usefulMs);
  const chain = middle.requests.filter((r) => r.endMs !== undefined && r.endMs <= middle.usefulMs);
  lines.push(`  before it (median run): ${before.count} requests done, ${kb(before.bytes)} KB on the wire; ${chain.filter((r) => r.type === "script").length} scripts, ${chain.filter((r) => r.type === "fetch" || r.type === "xhr").length} API calls`);
  const errors = [...new Set(result.runs.flatMap((r) => r.errors))];
  if (errors.length > 0) lines.push(`  page errors (any run): ${errors.map((e) => e.slice(0, 140)).join(" | ")}`);
  lines.push(`  waterfall of the median run (ms from navigation start; <- what asked for it):`, ...formatWaterfall(middle.requests, origin, Number.isFinite(middle.usefulMs) ? middle.usefulMs : undefined));
  return lines;
};
