/**
 * Waits, after the page's load event, until the network has been quiet for {@link QUIET_MS} (the
 * page asked for nothing: Resource Timing), then for an idle moment, and runs `then` once. For
 * work that must never compete with the first screen on a weak network (issue 23): on weak 4G the
 * load event comes when the entry's files are in, while the page's own chunk and its first API
 * answers are still on their way. Used by the service worker's registration and the crash
 * screen's prefetch.
 */

/** What waiting needs from the window (a fake in tests). */
export interface QuietHost {
  readonly document: { readonly readyState: DocumentReadyState };
  addEventListener(type: "load", listener: () => void, options?: AddEventListenerOptions): void;
  /** Absent in some browsers (Safari): then a short timer stands in. */
  readonly requestIdleCallback?: (callback: () => void, options?: IdleRequestOptions) => number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Calls `listener` whenever the page starts fetching something (a script, a style, an API call); answers a stop. Absent: no way to tell, the timer alone decides. */
  readonly observeFetches?: (listener: () => void) => () => void;
}

/** How long the page must fetch nothing before background work may start. */
export const QUIET_MS = 3_000;

/**
 * The longest background work waits after the load for that quiet: a page that polls (the order
 * detail asks every 3 s whether its code was redeemed) is never quiet for 3 s, and the service
 * worker would never install on the very page a driver reloads offline. By then the first screen
 * is long done, even on weak 4G (issue 23: 4 s).
 */
export const QUIET_WAIT_MAX_MS = 10_000;

export const whenNetworkQuiet = (host: QuietHost, then: () => void): void => {
  const whenIdle = (): void => {
    if (host.requestIdleCallback !== undefined) host.requestIdleCallback(then, { timeout: 5_000 });
    else host.setTimeout(then, 1_000);
  };
  const whenQuiet = (): void => {
    let timer: unknown;
    let stop: () => void = () => undefined;
    let started = false;
    const start = (): void => {
      if (started) return;
      started = true;
      stop();
      host.clearTimeout(timer);
      host.clearTimeout(ceiling);
      whenIdle();
    };
    const rearm = (): void => {
      host.clearTimeout(timer);
      timer = host.setTimeout(start, QUIET_MS);
    };
    const ceiling = host.setTimeout(start, QUIET_WAIT_MAX_MS);
    stop = host.observeFetches?.(rearm) ?? stop;
    rearm();
  };
  if (host.document.readyState === "complete") whenQuiet();
  else host.addEventListener("load", whenQuiet, { once: true });
};

/** The window as a {@link QuietHost}: fetches seen through the Resource Timing API. */
export const browserQuietHost = (): QuietHost => ({
  document,
  addEventListener: (type, listener, options) => window.addEventListener(type, listener, options),
  ...(typeof window.requestIdleCallback === "function" ? { requestIdleCallback: (callback, options) => window.requestIdleCallback(callback, options) } : {}),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number | undefined),
  ...(typeof PerformanceObserver === "function" ? { observeFetches: observeResourceEntries } : {}),
});

const observeResourceEntries = (listener: () => void): (() => void) => {
  try {
    const observer = new PerformanceObserver(() => listener());
    observer.observe({ type: "resource" });
    return () => observer.disconnect();
  } catch {
    // A browser without resource entries: nothing to watch, the timer alone decides.
    return () => undefined;
  }
};
