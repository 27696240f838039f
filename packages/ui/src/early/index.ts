import { EARLY_GLOBAL } from "./protocol.ts";
import { startEarlyCalls } from "./earlyCalls.ts";

/**
 * The HTML's early script (bundled and inlined by build/earlyScript.ts). `__EARLY_SANDBOX_GEOCODER__`
 * is replaced at build time: true when the build has no AMap key, so the app geocodes with the sandbox.
 */
declare const __EARLY_SANDBOX_GEOCODER__: boolean;

try {
  const store = startEarlyCalls(
    {
      pathname: location.pathname,
      storage: (() => {
        try {
          return window.localStorage;
        } catch {
          return undefined;
        }
      })(),
      fetch: (url, init) => window.fetch(url, init),
      geolocation: navigator.geolocation,
      now: () => performance.now(),
    },
    { sandboxGeocoder: __EARLY_SANDBOX_GEOCODER__ },
  );
  if (store !== undefined) (window as unknown as Record<string, unknown>)[EARLY_GLOBAL] = store;
} catch {
  // An early call is only ever a head start: the app asks for itself.
}
