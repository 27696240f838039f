/** What registering needs from the window (a fake in tests). */
export interface ServiceWorkerHost {
  readonly document: { readonly readyState: DocumentReadyState };
  readonly navigator: { readonly serviceWorker?: { register(url: string, options?: RegistrationOptions): Promise<unknown> } };
  addEventListener(type: "load", listener: () => void, options?: AddEventListenerOptions): void;
  /** Absent in some browsers (Safari): then a short timer stands in. */
  readonly requestIdleCallback?: (callback: () => void, options?: IdleRequestOptions) => number;
  setTimeout(callback: () => void, ms: number): unknown;
}

/**
 * Registers `/sw.js` (packages/ui/public/sw.js), which keeps the app shell on the device so a page
 * reloaded offline still starts and shows what the phone kept (docs/app.md "Offline"). Only in
 * production builds (the dev server's modules are not hashed files a worker could keep), and only
 * once the page has loaded and the browser is idle: the worker's install downloads the whole build,
 * which must never compete with the first screen. A refusal (no support, private mode, an insecure
 * origin) is ignored: the app works without it, only not offline.
 */
export const registerServiceWorker = (host: ServiceWorkerHost = window, enabled: boolean = import.meta.env.PROD): void => {
  const worker = host.navigator.serviceWorker;
  if (!enabled || worker === undefined) return;
  const register = (): void => {
    worker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  };
  const whenIdle = (): void => {
    if (host.requestIdleCallback !== undefined) host.requestIdleCallback(register, { timeout: 5_000 });
    else host.setTimeout(register, 1_000);
  };
  if (host.document.readyState === "complete") whenIdle();
  else host.addEventListener("load", whenIdle, { once: true });
};
