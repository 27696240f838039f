import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { inlineScriptsOf } from "../../src/http/inlineScripts.ts";
import type { Config } from "../../src/config.ts";
import { bootApp, type BootedApp } from "../helpers/app.ts";
import { SandboxInvoiceProvider } from "../../src/invoicing/provider/index.ts";

/** The sandbox test config has no WeChat Pay keys: a production-mode app here gets the sandbox e-invoice provider handed in (production refuses to make one). */
const productionless = (booted: BootedApp) => ({ invoice: new SandboxInvoiceProvider(booted.clock) });

/**
 * What the browser may load (the Content-Security-Policy) and what the server hands out beside the
 * app (source maps), by mode and map setting. One database; one app per configuration.
 */

let booted: BootedApp;
let dist: string;
const apps: FastifyInstance[] = [];

/** An app over the shared database, in this mode, with this map setting, serving a small built UI. */
const appWith = async (mode: Config["mode"], mapProvider: Config["mapProvider"]): Promise<FastifyInstance> => {
  const app = await buildApp({ config: { ...booted.config, mode, mapProvider, uiDistDir: dist }, db: booted.db, clock: booted.clock, providers: productionless(booted) });
  apps.push(app);
  return app;
};

/** The CSP of an answer, as directive -> sources. */
const csp = async (app: FastifyInstance): Promise<Map<string, string[]>> => {
  const res = await app.inject({ method: "GET", url: "/" });
  expect(res.statusCode).toBe(200);
  const header = String(res.headers["content-security-policy"]);
  return new Map(header.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name ?? "", sources]));
};

const AMAP_SCRIPT = ["https://webapi.amap.com", "https://restapi.amap.com"];
const AMAP_CONNECT = ["https://restapi.amap.com", "https://*.autonavi.com"];
const SDK = ["https://res.wx.qq.com", "https://res2.wx.qq.com"];

beforeAll(async () => {
  booted = await bootApp();
  dist = mkdtempSync(join(tmpdir(), "fuel-ui-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Fuel</title><div id=root></div>");
  writeFileSync(join(dist, "assets", "index-AbC123.js"), "console.log('app')\n//# sourceMappingURL=index-AbC123.js.map");
  writeFileSync(join(dist, "assets", "index-AbC123.js.map"), '{"version":3,"sourcesContent":["the full sources"]}');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await booted.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("Content-Security-Policy", () => {
  it("sandbox: the app's own origin only, map setting or not (the app uses no map service against a sandbox)", async () => {
    for (const map of ["none", "amap"] as const) {
      const policy = await csp(await appWith("sandbox", map));
      expect(policy.get("script-src")).toEqual(["'self'"]);
      expect(policy.get("connect-src")).toEqual(["'self'"]);
      expect(policy.has("worker-src")).toBe(false);
    }
  });

  it("production without a map: the messaging app's JS-SDK may load, nothing of AMap", async () => {
    const policy = await csp(await appWith("production", "none"));
    expect(policy.get("script-src")).toEqual(["'self'", ...SDK]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.has("worker-src")).toBe(false);
  });

  it("production with MAP_PROVIDER=amap: AMap's JS API, web service and tiles too", async () => {
    const policy = await csp(await appWith("production", "amap"));
    expect(policy.get("script-src")).toEqual(expect.arrayContaining(["'self'", ...SDK, ...AMAP_SCRIPT]));
    expect(policy.get("connect-src")).toEqual(expect.arrayContaining(["'self'", ...AMAP_CONNECT]));
    expect(policy.get("worker-src")).toEqual(["'self'", "blob:"]);
    // Never a blanket allowance.
    for (const sources of policy.values()) expect(sources).not.toContain("'unsafe-eval'");
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https:"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
  });
});

describe("the built UI's own inline scripts", () => {
  const PRELOAD = '(function(){var a=["/assets/LoginPage.js"];})();';

  it("each is allowed by its hash and only by it, in every mode: never 'unsafe-inline'", async () => {
    const withInline = mkdtempSync(join(tmpdir(), "fuel-ui-dist-"));
    try {
      writeFileSync(join(withInline, "index.html"), `<!doctype html><script>${PRELOAD}</script><script type="module" crossorigin src="/assets/index.js"></script><div id=root></div>`);
      writeFileSync(join(withInline, "login.en.html"), `<!doctype html><script>${PRELOAD}</script><script >\nwindow.x=1\n</script>`);
      const expected = [PRELOAD, "\nwindow.x=1\n"].map((body) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`).sort();
      for (const mode of ["sandbox", "production"] as const) {
        const app = await buildApp({ config: { ...booted.config, mode, mapProvider: "none", uiDistDir: withInline }, db: booted.db, clock: booted.clock, providers: productionless(booted) });
        apps.push(app);
        const scripts = (await csp(app)).get("script-src") ?? [];
        expect(scripts.filter((s) => s.startsWith("'sha256-")).sort()).toEqual(expected);
        expect(scripts).not.toContain("'unsafe-inline'");
      }
    } finally {
      rmSync(withInline, { recursive: true, force: true });
    }
  });

  it("reads the text between the tags of scripts without a src, and nothing else", () => {
    expect(inlineScriptsOf(`<script>a()</script><script src="/x.js"></script><script type="module" src='/y.js'>\n</script><SCRIPT data-x="1">b()</SCRIPT><script> </script>`)).toEqual(["a()", "b()"]);
  });
});

describe("source maps", () => {
  it("sandbox serves them (debugging)", async () => {
    const res = await (await appWith("sandbox", "none")).inject({ method: "GET", url: "/assets/index-AbC123.js.map" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("the full sources");
  });

  it.each(["/assets/index-AbC123.js.map", "/assets/index-AbC123.js.MAP", "/assets/index-AbC123.js.m%61p", "/assets/index-AbC123.js.m%2561p", "/assets/index-AbC123.js.map?x=1"])(
    "production answers %s with the 404 envelope, and still serves the script",
    async (url) => {
      const app = await appWith("production", "none");
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: "error", message: "not found", data: null });
      expect(res.body).not.toContain("the full sources");
      const script = await app.inject({ method: "GET", url: "/assets/index-AbC123.js" });
      expect(script.statusCode).toBe(200);
    },
  );
});
