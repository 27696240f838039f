import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { earlyScript } from "../../build/earlyScript.ts";

const uiRoot = join(import.meta.dirname, "../..");

/** Runs the inlined script as the browser would (a classic script, globals only) and answers what it left on `window`. */
const runAt = (script: string, pathname: string, storage: Record<string, string>) => {
  const asked: Array<{ url: string; init: RequestInit }> = [];
  const window: Record<string, unknown> = {
    localStorage: { getItem: (k: string) => storage[k] ?? null },
    fetch: (url: string, init: RequestInit) => {
      asked.push({ url, init });
      return new Promise(() => undefined);
    },
  };
  const navigator = { geolocation: { getCurrentPosition: () => undefined } };
  new Function("window", "location", "navigator", "performance", script)(window, { pathname }, navigator, { now: () => 5 });
  return { early: window["__fuelEarly"] as { answers: Map<string, unknown> } | undefined, asked };
};

describe("the early script as built for index.html", () => {
  it("is one small classic script without the app's libraries (it runs before any of them has downloaded)", async () => {
    const script = await earlyScript(uiRoot, { sandboxGeocoder: true });
    expect(script).not.toMatch(/\bimport\b|\bexport\b/);
    expect(script).not.toContain("</script");
    // effect (Data, the fiber runtime), ts-pattern and MobX would multiply it: each costs every first load.
    expect(script).not.toMatch(/TaggedError|Symbol\.for\("effect|observable/);
    expect(script.length).toBeLessThan(9_000);
  });

  it("asks for a signed-in customer's order from /orderDetail/:id and leaves the answer for the app", async () => {
    const script = await earlyScript(uiRoot, { sandboxGeocoder: true });
    const { early, asked } = runAt(script, "/orderDetail/12", { "fuel.token": "abc", "fuel.activated": "1" });
    expect(asked.map((a) => [a.url, a.init.method, a.init.body])).toEqual([["/api/order/detail", "POST", '{"order_id":12}']]);
    expect(early?.answers.size).toBe(1);
  });

  it("does nothing signed out on a page that needs a session, and never throws", async () => {
    const script = await earlyScript(uiRoot, { sandboxGeocoder: true });
    expect(runAt(script, "/orderDetail/12", {})).toEqual({ early: undefined, asked: [] });
    expect(() => new Function("window", "location", "navigator", "performance", script)({}, { pathname: "/stationlist" }, {}, undefined)).not.toThrow();
  });
});
