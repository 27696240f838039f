/** What registering needs from the window (a fake in tests). */
export interface ServiceWorkerHost {
  readonly document: { readonly readyState: DocumentReadyState };
  readonly navigator: { readonly serviceWorker?: { register(url: string, options?: RegistrationOptions): Promise<unknown> } };
  addEventListener(type: "load", listener: () => void, options?: AddEventListenerOptions): void;
  /** Absent in some browsers (Safari): then a short timer stands in. */
  readonly requestIdleCallback?: (callback: () => void, options?: IdleRequestOptions) => number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Calls `listener` whenever the page starts fetching something (a script, a style, an API call); answers a stop. Absent: no way to tell, the load event alone is waited for. */
  readonly observeFetches?: (listener: () => void) => () => void;
}

/** How long the page must fetch nothing before the worker may start downloading the build. */
export const QUIET_MS = 3_000;

/**
 * Registers `/sw.js` (packages/ui/public/sw.js), which keeps the app shell on the device so a page
 * reloaded offline still starts and shows what the phone kept (docs/app.md "Offline"). Only in
 * production builds (the dev server's modules are not hashed files a worker could keep).
 *
 * The worker's install downloads the whole build, which must never compete with the first screen
 * (issue 23): on weak 4G the load event comes when the entry's files are in, while the page's own
 * chunk and its first API answers are still on their way. So it waits for the load event, then for
 * {@link QUIET_MS} in which the page asked for nothing, then for an idle moment. A refusal (no
 * support, private mode, an insecure origin) is ignored: the app works without it, only not offline.
 */
export const registerServiceWorker = (host: ServiceWorkerHost = browserHost(), enabled: boolean = import.meta.env.PROD): void => {
  const worker = host.navigator.serviceWorker;
  if (!enabled || worker === undefined) return;
  const register = (): void => {
    worker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  };
  const whenIdle = (): void => {
    if (host.requestIdleCallback !== undefined) host.requestIdleCallback(register, { timeout: 5_000 });
    else host.setTimeout(register, 1_000);
  };
  const whenQuiet = (): void => {
    let timer: unknown;
    let stop: () => void = () => undefined;
    const rearm = (): void => {
      host.clearTimeout(timer);
      timer = host.setTimeout(() => {
        stop();
        whenIdle();
      }, QUIET_MS);
    };
    stop = host.observeFetches?.(rearm) ?? stop;
    rearm();
  };
  if (host.document.readyState === "complete") whenQuiet();
  else host.addEventListener("load", whenQuiet, { once: true });
};

/** The window as a {@link ServiceWorkerHost}: fetches seen through the Resource Timing API. */
const browserHost = (): ServiceWorkerHost => ({
  document,
  navigator,
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
