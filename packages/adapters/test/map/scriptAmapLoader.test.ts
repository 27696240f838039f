// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scriptAmapLoader, type AmapGlobal } from "../../src/map/AmapRoutePlanner.ts";

/**
 * happy-dom does not load external scripts (it fires `error` at once), so `head.appendChild` is
 * intercepted: the test keeps the <script> and plays the browser, setting `window.AMap` and firing
 * `load` (or `error`) itself.
 */

type AmapWindow = Window & { AMap?: AmapGlobal; _AMapSecurityConfig?: unknown };
const win = (): AmapWindow => window as AmapWindow;

const fakeAmap: AmapGlobal = {
  LngLat: class {},
  Driving: class {
    search(): void {}
  },
};

let appended: HTMLScriptElement[];

beforeEach(() => {
  appended = [];
  vi.spyOn(document.head, "appendChild").mockImplementation(<T extends Node>(node: T): T => {
    appended.push(node as unknown as HTMLScriptElement);
    return node;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  delete win().AMap;
  delete win()._AMapSecurityConfig;
});

/** What the AMap script does when it arrives: define the global, then `load`. */
const arrive = (script: HTMLScriptElement | undefined, amap: AmapGlobal = fakeAmap) => {
  if (script === undefined) throw new Error("no script was appended");
  win().AMap = amap;
  script.dispatchEvent(new Event("load"));
};

const fail = (script: HTMLScriptElement | undefined) => {
  if (script === undefined) throw new Error("no script was appended");
  script.dispatchEvent(new Event("error"));
};

describe("scriptAmapLoader", () => {
  it("adds nothing to the page until the API is asked for", () => {
    scriptAmapLoader({ key: "k" });
    expect(appended).toHaveLength(0);
  });

  it("appends one <script> whose src carries the key and the driving plugin", () => {
    void scriptAmapLoader({ key: "amap-key-1" })();
    expect(appended).toHaveLength(1);
    const script = appended[0] as HTMLScriptElement;
    expect(script.tagName).toBe("SCRIPT");
    const src = new URL(script.src);
    expect(src.origin).toBe("https://webapi.amap.com");
    expect(src.searchParams.get("key")).toBe("amap-key-1");
    expect(src.searchParams.get("plugin")).toBe("AMap.Driving");
    expect(script.src).toContain("plugin=AMap.Driving");
    expect(script.async).toBe(true);
  });

  it("encodes the key in the script's src", () => {
    void scriptAmapLoader({ key: "a&b c" })();
    expect(new URL((appended[0] as HTMLScriptElement).src).searchParams.get("key")).toBe("a&b c");
  });

  it("resolves with window.AMap once the script has loaded", async () => {
    const loading = scriptAmapLoader({ key: "k" })();
    let resolved = false;
    void loading.then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    arrive(appended[0]);
    await expect(loading).resolves.toBe(fakeAmap);
  });

  it("a second call reuses the first load (one script, the same global)", async () => {
    const load = scriptAmapLoader({ key: "k" });
    const first = load();
    const second = load();
    expect(appended).toHaveLength(1);
    arrive(appended[0]);
    await expect(first).resolves.toBe(fakeAmap);
    await expect(second).resolves.toBe(fakeAmap);
    await expect(load()).resolves.toBe(fakeAmap);
    expect(appended).toHaveLength(1);
  });

  it("a security code sets window._AMapSecurityConfig before the script loads", () => {
    void scriptAmapLoader({ key: "k", securityCode: "sec-123" })();
    expect(win()._AMapSecurityConfig).toEqual({ securityJsCode: "sec-123" });
  });

  it("without a security code window._AMapSecurityConfig is left alone", () => {
    void scriptAmapLoader({ key: "k" })();
    expect(win()._AMapSecurityConfig).toBeUndefined();
  });

  it("the script failing to load rejects", async () => {
    const loading = scriptAmapLoader({ key: "k" })();
    fail(appended[0]);
    await expect(loading).rejects.toThrow("AMap could not be loaded");
  });

  it("after a failed load, a later call tries again with a new script", async () => {
    const load = scriptAmapLoader({ key: "k" });
    const first = load();
    fail(appended[0]);
    await expect(first).rejects.toThrow();
    const second = load();
    expect(appended).toHaveLength(2);
    arrive(appended[1]);
    await expect(second).resolves.toBe(fakeAmap);
  });

  it("a script that loads without defining AMap rejects", async () => {
    const loading = scriptAmapLoader({ key: "k" })();
    (appended[0] as HTMLScriptElement).dispatchEvent(new Event("load"));
    await expect(loading).rejects.toThrow("AMap did not load");
  });

  it("an AMap already on the page is used without adding a script", async () => {
    win().AMap = fakeAmap;
    await expect(scriptAmapLoader({ key: "k" })()).resolves.toBe(fakeAmap);
    expect(appended).toHaveLength(0);
  });

  it("loads into the document given", async () => {
    const other = document.implementation.createHTMLDocument("other");
    const spy = vi.spyOn(other.head, "appendChild").mockImplementation(<T extends Node>(node: T): T => node);
    void scriptAmapLoader({ key: "k", document: other })().catch(() => undefined);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(appended).toHaveLength(0);
  });
});
