import { browserQuietHost, whenNetworkQuiet, type QuietHost } from "./quietNetwork.ts";

/** What registering needs from the window (a fake in tests). */
export interface ServiceWorkerHost extends QuietHost {
  readonly navigator: { readonly serviceWorker?: { register(url: string, options?: RegistrationOptions): Promise<unknown> } };
}

/**
 * Registers `/sw.js` (packages/ui/public/sw.js), which keeps the app shell on the device so a page
 * reloaded offline still starts and shows what the phone kept (docs/app.md "Offline"). Only in
 * production builds (the dev server's modules are not hashed files a worker could keep). The
 * worker's install downloads the whole build, which must never compete with the first screen: it
 * waits for a quiet network (./quietNetwork.ts). A refusal (no support, private mode, an insecure
 * origin) is ignored: the app works without it, only not offline.
 */
export const registerServiceWorker = (host: ServiceWorkerHost = { ...browserQuietHost(), navigator }, enabled: boolean = import.meta.env.PROD): void => {
  const worker = host.navigator.serviceWorker;
  if (!enabled || worker === undefined) return;
  whenNetworkQuiet(host, () => {
    worker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  });
};
