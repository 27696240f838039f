import { join } from "node:path";
import type { Plugin, Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { keptShell, pageStyles, prerender, prerenderedFileName, splitAtRoot, withScreen, type LoadRenderer } from "../../build/prerender.ts";

const PUMP = '<div aria-hidden="true" style="display:flex"><svg><path d="M4 3"/></svg></div>';
/** index.html as the build leaves it: the entry and its CSS in the head, the pump icon in #root. */
const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>Fuel</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-A.css">
  </head>
  <body>
    <div id="root">${PUMP}</div>
  </body>
</html>`;

const login = { path: "/login", locale: "en", markup: '<main class="page"><button>Sign in with WeChat</button></main>', title: "Sign in", styles: ["/assets/forms-B.css", "/assets/button-C.css"] } as const;

/** Runs a page's inline script with a stand-in localStorage holding `saved`, and answers what #root then holds. */
const rootAfterScript = (html: string, saved: Record<string, string>, before: string): string => {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const root = { innerHTML: before };
  const localStorage = { getItem: (key: string) => saved[key] ?? null };
  new Function("localStorage", "document", script)(localStorage, { getElementById: (id: string) => (id === "root" ? root : null) });
  return root.innerHTML;
};

describe("a prerendered screen's HTML", () => {
  const html = withScreen(INDEX, login);

  it("holds the app's markup inside #root instead of the pump icon", () => {
    expect(html).toContain(`<div id="root">${login.markup}</div>`);
    expect(splitAtRoot(html).inside).toBe(login.markup);
  });

  it("says the screen's language and title", () => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Sign in</title>");
    expect(html).not.toContain("<title>Fuel</title>");
  });

  it("links the page's stylesheets, as the route preload fetches them (crossorigin), and keeps the entry's", () => {
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/forms-B.css"><link rel="stylesheet" crossorigin href="/assets/button-C.css"></head>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-A.css">');
  });

  it("keeps the rest of index.html as it was (the entry script, the body after #root)", () => {
    const { before, after } = splitAtRoot(INDEX);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    expect(html.endsWith(after.slice("</div>".length))).toBe(true);
    expect(before).toContain("<body>");
  });

  it("escapes a title as text", () => {
    expect(withScreen(INDEX, { ...login, title: "A <b> & $& \"c\"" })).toContain("<title>A &lt;b&gt; &amp; $&amp; &quot;c&quot;</title>");
  });

  it("finds the end of #root past the divs nested in it", () => {
    expect(splitAtRoot('<div id="root"><div><div>a</div></div>b</div><p>after</p>')).toEqual({ before: '<div id="root">', inside: "<div><div>a</div></div>b", after: "</div><p>after</p>" });
  });

  it("refuses an index.html without #root, or with #root never closed", () => {
    expect(() => splitAtRoot("<body></body>")).toThrow(/no <div id="root">/);
    expect(() => splitAtRoot('<div id="root"><div>')).toThrow(/never closed/);
  });
});

describe("the prerendered screen's inline script (what the app will not show goes back to the pump icon)", () => {
  const html = withScreen(INDEX, login);

  it("leaves the screen for a first visit (nothing saved) and a saved language equal to the screen's", () => {
    expect(rootAfterScript(html, {}, login.markup)).toBe(login.markup);
    expect(rootAfterScript(html, { "fuel.locale": "en" }, login.markup)).toBe(login.markup);
  });

  it("puts the pump icon back for a saved language other than the screen's (the app shows that one)", () => {
    expect(rootAfterScript(html, { "fuel.locale": "zh-CN" }, login.markup)).toBe(PUMP);
  });

  it("puts the pump icon back on the sign-in screen for a saved session (the guard sends it home)", () => {
    expect(rootAfterScript(html, { "fuel.token": "t" }, login.markup)).toBe(PUMP);
  });

  it("leaves a page a signed-in customer sees too (/stationlist) with a saved session", () => {
    const stations = withScreen(INDEX, { ...login, path: "/stationlist", markup: "<main>stations</main>" });
    expect(rootAfterScript(stations, { "fuel.token": "t" }, "<main>stations</main>")).toBe("<main>stations</main>");
  });

  it("cannot be ended by markup in the shell it keeps", () => {
    expect(keptShell("en", "/login", "</script><script>alert(1)</script>")).not.toMatch(/<\/script>[\s\S]*<\/script>/);
  });
});

type Bundle = Rolldown.OutputBundle;
/** The UI package: the plugin reads its src/app/pages.tsx for each screen's page module. */
const ROOT = join(import.meta.dirname, "../..");
/** A build's output: the entry (index.html, its chunk), and the lazy sign-in and station pages with their CSS. */
const bundle = (): Bundle =>
  ({
    "index.html": { type: "asset", fileName: "index.html", source: INDEX },
    "assets/index-A.js": { type: "chunk", fileName: "assets/index-A.js", isEntry: true, isDynamicEntry: false, imports: ["assets/shared-S.js"], viteMetadata: { importedCss: new Set(["assets/index-A.css"]) } },
    "assets/shared-S.js": { type: "chunk", fileName: "assets/shared-S.js", isEntry: false, isDynamicEntry: false, imports: [], viteMetadata: { importedCss: new Set() } },
    "assets/LoginPage-L.js": { type: "chunk", fileName: "assets/LoginPage-L.js", isEntry: false, isDynamicEntry: true, facadeModuleId: join(ROOT, "src/pages/LoginPage.tsx"), imports: ["assets/shared-S.js", "assets/button-B.js"], viteMetadata: { importedCss: new Set(["assets/forms-F.css"]) } },
    "assets/button-B.js": { type: "chunk", fileName: "assets/button-B.js", isEntry: false, isDynamicEntry: false, imports: [], viteMetadata: { importedCss: new Set(["assets/button-B.css"]) } },
    "assets/StationListPage-T.js": { type: "chunk", fileName: "assets/StationListPage-T.js", isEntry: false, isDynamicEntry: true, facadeModuleId: join(ROOT, "src/pages/StationListPage.tsx"), imports: [], viteMetadata: { importedCss: new Set(["assets/stations-T.css"]) } },
  }) as unknown as Bundle;

describe("a page's stylesheets", () => {
  it("are its chunks' CSS that the entry does not bring", () => {
    expect(pageStyles(bundle(), ROOT, "pages/LoginPage.tsx", "/")).toEqual(["/assets/forms-F.css", "/assets/button-B.css"]);
  });

  it("refuse a module without a page chunk", () => {
    expect(() => pageStyles(bundle(), ROOT, "pages/GonePage.tsx", "/")).toThrow(/no page chunk for pages\/GonePage.tsx/);
  });
});

describe("the prerender plugin", () => {
  /** The plugin's build hooks, as Vite calls them, over `bundle()` and a stand-in renderer. */
  const generate = async (plugin: Plugin, emitFile: (file: { fileName: string; source: string }) => unknown): Promise<void> => {
    (plugin.config as (c: object, e: object) => void)({ resolve: {} }, { mode: "production", command: "build" });
    (plugin.configResolved as (c: object) => void)({ root: ROOT, base: "/" });
    await (plugin.generateBundle as (this: unknown, o: object, b: Bundle) => Promise<void>).call({ emitFile }, {}, bundle());
  };
  /** Answers the files the plugin emitted and how often it cleaned its renderer up. */
  const run = async (render: Awaited<ReturnType<LoadRenderer>>["renderScreen"]): Promise<{ emitted: Map<string, string>; done: number }> => {
    let done = 0;
    const emitted = new Map<string, string>();
    await generate(prerender(async () => ({ renderScreen: render, done: () => void done++ })), (file) => emitted.set(file.fileName, file.source));
    return { emitted, done };
  };

  it("writes one file per screen and language, each with the app's markup, title and language for it", async () => {
    const { emitted, done } = await run(async (path, locale) => ({ markup: `<main>${path} ${locale}</main>`, title: `${path} title` }));
    expect([...emitted.keys()].sort()).toEqual(
      ["login", "stationlist", "testStationlist"].flatMap((name) => [prerenderedFileName(name, "en"), prerenderedFileName(name, "zh-CN")]).sort(),
    );
    const zh = emitted.get("stationlist.zh-CN.html") ?? "";
    expect(zh).toContain('<div id="root"><main>/stationlist zh-CN</main></div>');
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain("<title>/stationlist title</title>");
    expect(zh).toContain('<link rel="stylesheet" crossorigin href="/assets/stations-T.css">');
    expect(emitted.get("login.en.html")).toContain('<link rel="stylesheet" crossorigin href="/assets/forms-F.css"><link rel="stylesheet" crossorigin href="/assets/button-B.css">');
    expect(done).toBe(1);
  });

  it("cleans up its renderer when a screen fails to render, and fails the build", async () => {
    let done = 0;
    const plugin = prerender(async () => ({ renderScreen: () => Promise.reject(new Error("render failed")), done: () => void done++ }));
    await expect(generate(plugin, () => "")).rejects.toThrow("render failed");
    expect(done).toBe(1);
  });
});
