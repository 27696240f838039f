import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localeOfAcceptLanguage, prerenderedFile, registerUi } from "../../src/http/ui.ts";

/** The build's prerendered first screens (packages/ui/build/prerender.ts), each saying which it is. */
const SCREENS = ["login.zh-CN.html", "login.en.html", "stationlist.zh-CN.html", "stationlist.en.html"];
const page = (file: string): string => `<!doctype html><title>${file}</title><div id=root>${file}</div>`;

describe("the language of a prerendered screen (Accept-Language, by the app's own rule)", () => {
  it.each([
    ["zh-CN,zh;q=0.9", "zh-CN"],
    ["zh", "zh-CN"],
    ["zh-TW", "zh-CN"],
    ["ZH-cn", "zh-CN"],
    ["en-US,en;q=0.9", "en"],
    ["en-US,en;q=0.9,zh-CN;q=0.8", "zh-CN"],
    ["fr-FR", "en"],
    ["", "en"],
    [undefined, "en"],
  ] as const)("%s is %s", (header, locale) => {
    expect(localeOfAcceptLanguage(header)).toBe(locale);
  });

  it("a Chinese language refused with q=0 does not count", () => {
    expect(localeOfAcceptLanguage("en-US, zh;q=0")).toBe("en");
    expect(localeOfAcceptLanguage("en-US, zh;q=0.000")).toBe("en");
  });
});

describe("the prerendered file of a request", () => {
  const files = new Set(SCREENS);

  it("/ and /login are the sign-in screen, /stationlist its own, with or without a trailing slash", () => {
    expect(prerenderedFile("/", "zh-CN", files)).toBe("login.zh-CN.html");
    expect(prerenderedFile("/login", "en", files)).toBe("login.en.html");
    expect(prerenderedFile("/stationlist/", "en-GB", files)).toBe("stationlist.en.html");
  });

  it("a path the build does not prerender has none", () => {
    expect(prerenderedFile("/orderlist", "zh-CN", files)).toBeUndefined();
    expect(prerenderedFile("/login/more", "zh-CN", files)).toBeUndefined();
  });

  it("a screen whose file the build did not write has none (the app's index.html goes instead)", () => {
    expect(prerenderedFile("/testStationlist", "zh-CN", files)).toBeUndefined();
    expect(prerenderedFile("/login", "en", new Set(["login.zh-CN.html"]))).toBeUndefined();
  });
});

/** A server with only the UI over a build folder holding `files`. */
const serving = async (files: ReadonlyArray<string>): Promise<{ readonly app: FastifyInstance; readonly dist: string }> => {
  const dist = mkdtempSync(join(tmpdir(), "fuel-ui-dist-"));
  mkdirSync(join(dist, "assets"));
  for (const file of ["index.html", ...files]) {
    writeFileSync(join(dist, file), page(file));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(page(file)));
  }
  const app = Fastify();
  await registerUi(app, dist, { sourceMaps: false });
  await app.ready();
  return { app, dist };
};

describe("GET of a prerendered screen", () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => ({ app, dist } = await serving(SCREENS)));
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ["/", "zh-CN,zh;q=0.9", "login.zh-CN.html"],
    ["/login", "en-US,en;q=0.9", "login.en.html"],
    ["/login?from=menu", "zh-CN", "login.zh-CN.html"],
    ["/stationlist", "zh-CN,zh;q=0.9,en;q=0.8", "stationlist.zh-CN.html"],
    ["/stationlist", "en-US", "stationlist.en.html"],
  ])("%s with Accept-Language %s sends %s, revalidated, varying by language", async (url, language, file) => {
    const res = await app.inject({ method: "GET", url, headers: { "accept-language": language } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain(`<div id=root>${file}</div>`);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(String(res.headers["vary"])).toMatch(/accept-language/i);
  });

  it("goes compressed as the build made it", async () => {
    const res = await app.inject({ method: "GET", url: "/login", headers: { "accept-language": "en", "accept-encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString()).toContain("<div id=root>login.en.html</div>");
  });

  it("a HEAD is answered too", async () => {
    const res = await app.inject({ method: "HEAD", url: "/stationlist", headers: { "accept-language": "en" } });
    expect(res.statusCode).toBe(200);
  });

  it("a screen without a file for it, and every other route, get the app's index.html", async () => {
    for (const url of ["/testStationlist", "/orderlist", "/login/"]) {
      const res = await app.inject({ method: "GET", url, headers: { "accept-language": "en" } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<div id=root>index.html</div>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });
});

describe("a build without prerendered screens", () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => ({ app, dist } = await serving([])));
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(["/", "/login", "/stationlist"])("GET %s sends index.html", async (url) => {
    const res = await app.inject({ method: "GET", url, headers: { "accept-language": "zh-CN" } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<div id=root>index.html</div>");
  });
});

describe("the staff desk's page (issue 26)", () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    ({ app, dist } = await serving([]));
    mkdirSync(join(dist, "desk", "assets"), { recursive: true });
    writeFileSync(join(dist, "desk", "desk.html"), page("desk.html"));
    writeFileSync(join(dist, "desk", "assets", "desk-abc.js"), "export {}");
    // The folder was read when the server started: a second server sees the desk's build.
    await app.close();
    app = Fastify();
    await registerUi(app, dist, { sourceMaps: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(["/desk", "/desk/", "/desk/redeem", "/desk/orders/17"])("%s is the desk's page, never the customer's app", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("desk.html");
  });

  it("the desk's assets are files, a missing one a 404; a customer route is still the app", async () => {
    expect((await app.inject({ method: "GET", url: "/desk/assets/desk-abc.js" })).body).toBe("export {}");
    expect((await app.inject({ method: "GET", url: "/desk/assets/missing.js" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/orderlist" })).body).toContain("index.html");
    expect((await app.inject({ method: "GET", url: "/desktop" })).body).toContain("index.html");
  });

  it("without the desk's build /desk is a 404, not the customer's app", async () => {
    const { app: bare, dist: bareDist } = await serving([]);
    try {
      expect((await bare.inject({ method: "GET", url: "/desk" })).statusCode).toBe(404);
    } finally {
      await bare.close();
      rmSync(bareDist, { recursive: true, force: true });
    }
  });
});
