import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildLine, PLACEHOLDER, shellFiles, versionOf } from "../../build/serviceWorker.ts";

const swSource = readFileSync(join(import.meta.dirname, "../../public/sw.js"), "utf8");

type Listener = (event: unknown) => void;

/** Runs sw.js in a stand-in worker global and answers its listeners. */
const loadWorker = (source = swSource): Map<string, Listener> => {
  const listeners = new Map<string, Listener>();
  const self = { location: { origin: "https://fuel.example" }, addEventListener: (type: string, listener: Listener) => listeners.set(type, listener), clients: {} };
  const caches = { match: () => Promise.resolve(undefined), open: () => Promise.resolve({ match: () => Promise.resolve(undefined) }) };
  new Function("self", "caches", "fetch", source)(self, caches, () => Promise.reject(new Error("no network in this test")));
  return listeners;
};

/** Whether the worker answers a GET of `url` itself (otherwise the browser goes to the network as if there were no worker). */
const onFetch = loadWorker().get("fetch");
const answers = (url: string, mode: RequestMode = "cors", method = "GET"): boolean => {
  let answered = false;
  onFetch?.({ request: { url, mode, method }, respondWith: (answer: Promise<unknown>) => {
    answered = true;
    answer.catch(() => undefined); // no network here: the answer's outcome is the browser test's business
  } });
  return answered;
};

/**
 * A URL path of segments made of the characters a path may hold. Not fc.webPath(): its unicode
 * tables take seconds to build on a loaded machine, which timed this test out (the paths' letters
 * do not matter to the worker, only their prefix).
 */
const pathChars = fc.constantFrom(..."abcXYZ019-._~%!$&'()*+,;=:@");
const webPath = fc.array(fc.string({ unit: pathChars, maxLength: 12 }), { maxLength: 6 }).map((segments) => `/${segments.join("/")}`);

describe("the service worker's routing", () => {
  it("never answers an /api request, so an API answer is never a cached one", () => {
    fc.assert(
      fc.property(webPath, fc.constantFrom<RequestMode>("cors", "same-origin", "navigate", "no-cors"), (path, mode) => {
        expect(answers(`https://fuel.example/api${path.startsWith("/") ? path : `/${path}`}`, mode)).toBe(false);
      }),
    );
    expect(answers("https://fuel.example/api")).toBe(false);
  });

  it("never answers a /sandbox request (the sandbox pay sheet and consent page)", () => {
    expect(answers("https://fuel.example/sandbox/oauth/authorize?state=1", "navigate")).toBe(false);
    expect(answers("https://fuel.example/sandbox/pay")).toBe(false);
    // The staff desk is its own page (issue 26): never the customer's shell, online or not.
    expect(answers("https://fuel.example/desk", "navigate")).toBe(false);
    expect(answers("https://fuel.example/desk/redeem", "navigate")).toBe(false);
  });

  it("answers navigations (the kept shell when offline) and hashed assets (cache first)", () => {
    expect(answers("https://fuel.example/orderDetail/17", "navigate")).toBe(true);
    expect(answers("https://fuel.example/assets/index-AbC123.js")).toBe(true);
  });

  it("leaves other origins and methods other than GET alone", () => {
    expect(answers("https://webapi.amap.com/maps?v=2.0")).toBe(false);
    expect(answers("https://fuel.example/assets/index-AbC123.js", "cors", "POST")).toBe(false);
  });
});

describe("the build's service worker line", () => {
  it("public/sw.js has exactly one line for the build to replace", () => {
    expect(swSource.match(new RegExp(PLACEHOLDER.source, "gm"))?.length).toBe(1);
  });

  it("the replaced worker names its cache after the build's version and keeps its files", () => {
    const built = swSource.replace(PLACEHOLDER, buildLine({ version: "abc123", assets: ["/assets/index-1.js"] }));
    expect(built).toContain('const BUILD = {"version":"abc123","assets":["/assets/index-1.js"]}; // __FUEL_SW_BUILD__');
    expect(() => loadWorker(built)).not.toThrow();
  });

  it("keeps every file of the bundle but source maps and index.html (fetched apart, past the HTTP cache)", () => {
    expect(shellFiles(["index.html", "assets/b.js", "assets/b.js.map", "assets/a.css", "assets/route-preload-1.js"])).toEqual([
      "assets/a.css",
      "assets/b.js",
      "assets/route-preload-1.js",
    ]);
  });

  it("the version changes when a file or index.html changes, and only then", () => {
    const files = ["assets/a-1.js", "assets/b-2.css"];
    expect(versionOf(files, "<html>")).toBe(versionOf([...files], "<html>"));
    expect(versionOf(files, "<html>")).not.toBe(versionOf(["assets/a-2.js", "assets/b-2.css"], "<html>"));
    expect(versionOf(files, "<html>")).not.toBe(versionOf(files, "<html> "));
  });
});
