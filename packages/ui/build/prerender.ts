import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin, Rolldown, UserConfig } from "vite";
import { withoutReactRouterOnlyImports } from "./preact.ts";
import { closure, pageModulesOf } from "./routePreload.ts";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk & { readonly viteMetadata?: { readonly importedCss: ReadonlySet<string> } };

/** The languages of the app (I18nStore): one file per screen and language. */
export const LOCALES = ["zh-CN", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The public first screens painted by the HTML itself: the file name's stem and the route path it
 * is rendered at. The server (packages/server/src/http/ui.ts) serves `login` for `/` too (the same
 * page and title) and must name the same stems.
 */
export const SCREENS: ReadonlyArray<{ readonly name: string; readonly path: string }> = [
  { name: "login", path: "/login" },
  { name: "stationlist", path: "/stationlist" },
  { name: "testStationlist", path: "/testStationlist" },
];

/** Where a screen is written in the build, e.g. `login.zh-CN.html`. */
export const prerenderedFileName = (name: string, locale: Locale): string => `${name}.${locale}.html`;

/** Where the guard sends a signed-in customer away from the screen (/ and /login): see `keptShell`. */
const SIGNED_IN_LEAVES = new Set(["/", "/login"]);

/** The key the app keeps its session token under (`@fuel/adapters/storage` STORAGE_KEYS.token) and its language under (I18nStore LOCALE_KEY). */
const TOKEN_KEY = "fuel.token";
const LOCALE_KEY = "fuel.locale";

/** `html` cut around the inside of its `<div id="root">`: what precedes it, what it holds, and what follows (from its `</div>`). */
export const splitAtRoot = (html: string): { readonly before: string; readonly inside: string; readonly after: string } => {
  const open = '<div id="root">';
  const start = html.indexOf(open);
  if (start < 0) throw new Error('prerender: index.html has no <div id="root">');
  const inner = start + open.length;
  // The end of #root: the </div> that closes it, past the divs nested in it (the pump icon).
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = inner;
  let depth = 1;
  for (let tag = tags.exec(html); tag !== null; tag = tags.exec(html)) {
    depth += tag[0] === "</div>" ? -1 : 1;
    if (depth === 0) return { before: html.slice(0, inner), inside: html.slice(inner, tag.index), after: html.slice(tag.index) };
  }
  throw new Error('prerender: the <div id="root"> of index.html is never closed');
};

/**
 * The classic inline script run right after the prerendered markup, before the first paint: where
 * the app will not show this screen, the markup is replaced by what index.html painted (the pump
 * icon), so the visitor does not see a page that then turns into another one. That is a saved
 * language other than this file's (chosen in /setting: the app shows the other language), and, on
 * / and /login, a saved session (the guard sends the customer to the home page).
 */
export const keptShell = (locale: Locale, path: string, shell: string): string => {
  const signedIn = SIGNED_IN_LEAVES.has(path) ? `s.getItem(${JSON.stringify(TOKEN_KEY)})||` : "";
  return (
    `<script>try{var s=localStorage,l=s.getItem(${JSON.stringify(LOCALE_KEY)});` +
    `if(${signedIn}(l&&l!==${JSON.stringify(locale)}))document.getElementById("root").innerHTML=${JSON.stringify(shell).replace(/</g, "\\u003c")}}catch(e){}</script>`
  );
};

const escapeHtml = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface Screen {
  readonly path: string;
  readonly locale: Locale;
  /** The app's markup at `path` (src/prerender.tsx). */
  readonly markup: string;
  readonly title: string;
  /** The page's own stylesheets (its chunks' CSS), URLs. */
  readonly styles: ReadonlyArray<string>;
}

/**
 * index.html painting `screen`: its markup inside `#root`, `lang` and `<title>` as the app sets them,
 * the page's stylesheets linked (not only preloaded: the markup must look right before any script;
 * `crossorigin` as the route preload asks for them, so the browser fetches each once), and
 * {@link keptShell} after it.
 */
export const withScreen = (indexHtml: string, screen: Screen): string => {
  const { before, inside, after } = splitAtRoot(indexHtml);
  const closed = after.slice("</div>".length);
  const links = screen.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`).join("");
  const head = before
    .replace(/<html lang="[^"]*"/, () => `<html lang="${screen.locale}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(screen.title)}</title>`)
    .replace("</head>", () => `${links}</head>`);
  return `${head}${screen.markup}</div>${keptShell(screen.locale, screen.path, inside)}${closed}`;
};

/** The stylesheets the page chunk of `module` (under src/) brings that the entry does not: the route preload's own rule. */
export const pageStyles = (bundle: OutputBundle, root: string, module: string, base: string): string[] => {
  const all = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
  const entry = all.find((c) => c.isEntry);
  const page = all.find((c) => c.isDynamicEntry && c.facadeModuleId === join(root, "src", module));
  if (entry === undefined || page === undefined) throw new Error(`prerender: no page chunk for ${module}`);
  const loaded = closure(bundle, entry.fileName);
  return [...closure(bundle, page.fileName)]
    .filter((f) => !loaded.has(f))
    .flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])])
    .map((f) => base + f);
};

/** The app's build's log filter, and react-router's "use client", which means nothing to a bundle run once in Node. */
const withoutDirectives: typeof withoutReactRouterOnlyImports = (level, log, handler) => {
  if (log.code === "MODULE_LEVEL_DIRECTIVE" && /"use client"[^\n]*node_modules\/react-router\//.test(log.message)) return;
  withoutReactRouterOnlyImports(level, log, handler);
};

export type RenderScreen = (path: string, locale: Locale) => Promise<{ readonly markup: string; readonly title: string }>;
/** The renderer of the app's screens, and its clean-up. */
export type LoadRenderer = (root: string, resolve: UserConfig["resolve"], mode: string) => Promise<{ readonly renderScreen: RenderScreen; readonly done: () => void }>;

/**
 * Builds src/prerender.tsx for Node (`vite build --ssr`, every dependency bundled so React's names
 * resolve to Preact as in the app, and the CSS that antd-mobile's components import is left out)
 * into a temporary folder, and loads it. A build rather than the dev server's `ssrLoadModule`:
 * antd-mobile reaches CommonJS files (rc-util) that only the bundler turns into modules.
 */
export const loadRenderer: LoadRenderer = async (root, resolve, mode) => {
  const { build, defaultServerConditions } = await import("vite");
  // Under node_modules, as Vite keeps its own temporary files: there the test runner (vitest) leaves
  // the import to Node, as the build does.
  const temp = join(root, "node_modules", ".fuel-prerender");
  mkdirSync(temp, { recursive: true });
  const outDir = mkdtempSync(join(temp, "build-"));
  const conditions = [...(resolve?.conditions ?? []), ...defaultServerConditions];
  await build({
    configFile: false,
    root,
    mode,
    logLevel: "error",
    publicDir: false,
    resolve: { ...resolve },
    ssr: { noExternal: true, resolve: { conditions, externalConditions: conditions } },
    build: { ssr: "src/prerender.tsx", outDir, emptyOutDir: true, sourcemap: false, minify: false, rolldownOptions: { onLog: withoutDirectives, output: { entryFileNames: "prerender.mjs" } } },
  });
  const module = (await import(/* @vite-ignore */ pathToFileURL(join(outDir, "prerender.mjs")).href)) as { renderScreen: RenderScreen };
  return { renderScreen: module.renderScreen, done: () => rmSync(outDir, { recursive: true, force: true }) };
};

/**
 * Vite plugin: writes one index.html per public first screen and language ({@link SCREENS},
 * {@link LOCALES}), each painting the app's own markup for it ({@link withScreen}), which the
 * server sends for that path by the request's Accept-Language. On a slow network the app's script
 * takes seconds; until then the visitor sees the page rather than a pump icon. Emitted in
 * `generateBundle`, after the route preload has written index.html and the service worker build
 * has listed the shell (the worker keeps index.html: these are only first paints), and before the
 * build compresses every file. `load`: the renderer (a stand-in in tests).
 */
export const prerender = (load: LoadRenderer = loadRenderer): Plugin => {
  let root = "";
  let base = "/";
  let mode = "production";
  let resolve: UserConfig["resolve"];
  return {
    name: "fuel-prerender",
    apply: "build",
    enforce: "post",
    config(config, env) {
      resolve = config.resolve;
      mode = env.mode;
    },
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") return;
      const pages = pageModulesOf(readFileSync(join(root, "src/app/pages.tsx"), "utf8"));
      const renderer = await load(root, resolve, mode);
      try {
        for (const { name, path } of SCREENS) {
          const module = pages.get(path);
          if (module === undefined) throw new Error(`prerender: no page for ${path} in src/app/pages.tsx`);
          const styles = pageStyles(bundle, root, module, base);
          for (const locale of LOCALES) {
            const { markup, title } = await renderer.renderScreen(path, locale);
            const source = withScreen(String(index.source), { path, locale, markup, title, styles });
            this.emitFile({ type: "asset", fileName: prerenderedFileName(name, locale), source });
          }
        }
      } finally {
        renderer.done();
      }
    },
  };
};
