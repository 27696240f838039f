import { describe, expect, it } from "vitest";
import { QUIET_MS, QUIET_WAIT_MAX_MS } from "../../src/app/quietNetwork.ts";
import { registerServiceWorker, type ServiceWorkerHost } from "../../src/app/serviceWorker.ts";

/**
 * A window stand-in that records registrations and runs, on demand, the load listener, the timers
 * (a clock the test moves) with idle callbacks, and the page's fetches.
 */
const fakeHost = (options: { readyState?: DocumentReadyState; supported?: boolean; refuses?: boolean } = {}) => {
  const registered: string[] = [];
  const idleCallbacks: Array<() => void> = [];
  const timers = new Map<number, { at: number; run: () => void }>();
  let now = 0;
  let nextTimer = 1;
  let onLoad: (() => void) | undefined;
  let onFetch: (() => void) | undefined;
  const host: ServiceWorkerHost = {
    document: { readyState: options.readyState ?? "loading" },
    navigator:
      options.supported === false
        ? {}
        : {
            serviceWorker: {
              register: (url) => {
                registered.push(url);
                return options.refuses ? Promise.reject(new Error("SecurityError")) : Promise.resolve({});
              },
            },
          },
    addEventListener: (_type, listener) => (onLoad = listener),
    requestIdleCallback: (callback) => idleCallbacks.push(callback),
    setTimeout: (callback, ms) => {
      timers.set(nextTimer, { at: now + ms, run: callback });
      return nextTimer++;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
    observeFetches: (listener) => {
      onFetch = listener;
      return () => (onFetch = undefined);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at > now) continue;
      timers.delete(id);
      timer.run();
    }
  };
  const idle = () => {
    advance(QUIET_MS);
    idleCallbacks.splice(0).forEach((run) => run());
  };
  return { host, registered, load: () => onLoad?.(), fetch: () => onFetch?.(), advance, idle, watching: () => onFetch !== undefined };
};

describe("registering the service worker", () => {
  it("waits for the page's load and then for an idle moment: never on the first screen's path", () => {
    const { host, registered, load, idle } = fakeHost();
    registerServiceWorker(host, true);
    expect(registered).toEqual([]);
    load();
    expect(registered).toEqual([]);
    idle();
    expect(registered).toEqual(["/sw.js"]);
  });

  it("after the load, waits until the page has fetched nothing for a while (its chunk and first API answers come after the load event)", () => {
    const { host, registered, load, fetch, advance, idle, watching } = fakeHost();
    registerServiceWorker(host, true);
    load();
    advance(QUIET_MS - 100);
    fetch(); // the page's first API call
    advance(QUIET_MS - 100);
    fetch(); // a lazy chunk
    advance(QUIET_MS - 1);
    expect(registered).toEqual([]);
    idle();
    expect(registered).toEqual(["/sw.js"]);
    expect(watching()).toBe(false);
  });

  it("a page that polls is never quiet: it registers anyway once the load is QUIET_WAIT_MAX_MS old, once", () => {
    const { host, registered, load, fetch, advance, idle, watching } = fakeHost();
    registerServiceWorker(host, true);
    load();
    // The order detail asks every 3 s whether its code was redeemed, a little before the quiet timer ends.
    for (let at = 0; at + QUIET_MS - 10 < QUIET_WAIT_MAX_MS; at += QUIET_MS - 10) {
      advance(QUIET_MS - 10);
      fetch();
    }
    expect(registered).toEqual([]);
    advance(QUIET_WAIT_MAX_MS);
    idle();
    expect(registered).toEqual(["/sw.js"]);
    expect(watching()).toBe(false);
    advance(QUIET_WAIT_MAX_MS);
    idle();
    expect(registered).toEqual(["/sw.js"]);
  });

  it("registers when quiet and idle if the page has already loaded", () => {
    const { host, registered, idle } = fakeHost({ readyState: "complete" });
    registerServiceWorker(host, true);
    idle();
    expect(registered).toEqual(["/sw.js"]);
  });

  it("does nothing outside production builds", () => {
    const { host, registered, load, idle } = fakeHost({ readyState: "complete" });
    registerServiceWorker(host, false);
    load();
    idle();
    expect(registered).toEqual([]);
  });

  it("does nothing where the browser has no service workers", () => {
    const { host, load, idle } = fakeHost({ supported: false });
    expect(() => {
      registerServiceWorker(host, true);
      load();
      idle();
    }).not.toThrow();
  });

  it("ignores a refused registration (no unhandled rejection)", async () => {
    const { host, registered, idle } = fakeHost({ readyState: "complete", refuses: true });
    registerServiceWorker(host, true);
    idle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(registered).toEqual(["/sw.js"]);
  });
});
