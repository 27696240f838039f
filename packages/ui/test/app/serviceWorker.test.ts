import { describe, expect, it } from "vitest";
import { registerServiceWorker, type ServiceWorkerHost } from "../../src/app/serviceWorker.ts";

/** A window stand-in that records registrations and runs idle callbacks and load listeners on demand. */
const fakeHost = (options: { readyState?: DocumentReadyState; supported?: boolean; refuses?: boolean } = {}) => {
  const registered: string[] = [];
  const pending: Array<() => void> = [];
  let onLoad: (() => void) | undefined;
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
    requestIdleCallback: (callback) => pending.push(callback),
    setTimeout: (callback) => pending.push(callback),
  };
  return { host, registered, load: () => onLoad?.(), idle: () => pending.splice(0).forEach((run) => run()) };
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

  it("registers when idle at once if the page has already loaded", () => {
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
