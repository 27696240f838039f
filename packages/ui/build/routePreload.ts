import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin, Rolldown } from "vite";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The lazy page module of each route path, read from `src/app/pages.tsx`, whose convention is one
 * `"/path": lazy(() => import("../pages/XxxPage.tsx"))` line per route. Paths relative to `src/`.
 */
export const pageModulesOf = (pagesSource: string): ReadonlyMap<string, string> => {
  const pages = new Map<string, string>();
  for (const match of pagesSource.matchAll(/"(\/[^"]*)"\s*:\s*lazy\(\s*\(\)\s*=>\s*import\(\s*"\.\.\/([^"]+)"\s*\)/g)) {
    const [, path, relative] = match;
    if (path !== undefined && relative !== undefined) pages.set(path, relative);
  }
  return pages;
};

/** A route pattern (`/orderDetail/:id`) as a regular expression source matching its paths. */
export const patternOf = (path: string): string =>
  `^${path.split("/").map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/")}/?$`;

export interface RouteFiles {
  /** Regular expression source of the route's paths. */
  readonly pattern: string;
  readonly scripts: ReadonlyArray<string>;
  readonly styles: ReadonlyArray<string>;
}

/**
 * The classic script (no modules, no globals left behind) that adds `<link rel="modulepreload">`
 * (and a style preload) for the current path's page chunk, so the browser fetches it while the
 * entry loads instead of after the app has started and rendered. `fallback`: a path no route
 * matches (the not-found page). It is inlined in index.html (no request of its own, so the page's
 * files are asked for as soon as the HTML is read), hence compact: every file is named once and
 * each route lists indexes into that list; a `.css` file is preloaded as a style.
 */
export const preloadScript = (routes: ReadonlyArray<RouteFiles>, fallback: Omit<RouteFiles, "pattern">): string => {
  const files: string[] = [];
  const indexOf = (file: string): number => {
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  const listOf = (r: Omit<RouteFiles, "pattern">): number[] => [...r.scripts, ...r.styles].map(indexOf);
  const table = routes.map((r) => [r.pattern, listOf(r)]);
  const otherwise = listOf(fallback);
  return (
    `(function(){var a=${JSON.stringify(files)},r=${JSON.stringify(table)},f=${JSON.stringify(otherwise)},p=location.pathname,i,h,l;` +
    `for(i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){f=r[i][1];break}` +
    `for(i=0;i<f.length;i++){h=a[f[i]];l=document.createElement("link");l.crossOrigin="";` +
    `if(/\\.css$/.test(h)){l.rel="preload";l.as="style"}else l.rel="modulepreload";l.href=h;document.head.appendChild(l)}})();`
  );
};

/**
 * `html` with `script` inlined after the entry's script and modulepreloads, so the entry's files
 * are asked for first (the page's chunks would otherwise take the six connections and queue the
 * entry behind them), and before the first stylesheet, which would hold an inline script until it
 * has loaded.
 */
export const withInlineScript = (html: string, script: string): string =>
  html.replace(/(\s*)(<link rel="stylesheet"|<\/head>)/, (_all, space: string, next: string) => `${space}<script>${script}</script>${space}${next}`);

const chunks = (bundle: OutputBundle): OutputChunk[] => Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");

/** `file` and the chunks it imports statically, transitively (the prerender's page stylesheets use it too). */
export const closure = (bundle: OutputBundle, file: string, seen = new Set<string>()): Set<string> => {
  const chunk = bundle[file];
  if (seen.has(file) || chunk?.type !== "chunk") return seen;
  seen.add(file);
  for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
};

/**
 * Vite plugin: inlines {@link preloadScript}, made from the build's chunks, in index.html. Each route gets its page chunk and the chunks that
 * page imports which the entry does not already bring. `always`: lazy modules every start needs
 * before its first render (the HTTP client's contract: the version call decodes with it), given a
 * `<link rel="modulepreload">` in index.html so they download with the entry, not after it.
 * `withPage`: lazy modules preloaded with every page's chunk but the pages named in `except` (the
 * contract, which decodes the first API answer of every page that calls the API as it opens: a
 * signed-in page would otherwise wait for it after the entry, one more round trip before its content).
 * `forRoute`: lazy modules preloaded with one route's page only (the QR library on the order
 * details, where the code is what the customer came for; it stays lazy for the code itself).
 */
export const routePreload = (
  always: ReadonlyArray<RegExp> = [],
  withPage: { readonly modules: ReadonlyArray<RegExp>; readonly except: ReadonlyArray<string> } = { modules: [], except: [] },
  forRoute: Readonly<Record<string, ReadonlyArray<RegExp>>> = {},
): Plugin => {
  let root = "";
  let base = "/";
  return {
    name: "fuel-route-preload",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const all = chunks(bundle);
      const entry = all.find((c) => c.isEntry);
      const html = bundle["index.html"];
      if (entry === undefined || html?.type !== "asset") return;
      const loaded = closure(bundle, entry.fileName);
      const filesOf = (module: string): Omit<RouteFiles, "pattern"> | undefined => {
        const page = all.find((c) => c.isDynamicEntry && c.facadeModuleId === join(root, "src", module));
        if (page === undefined) return undefined;
        const scripts = [...closure(bundle, page.fileName)].filter((f) => !loaded.has(f));
        const styles = scripts.flatMap((f) => [...((bundle[f] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])]);
        return { scripts: scripts.map((f) => base + f), styles: styles.map((f) => base + f) };
      };
      const lazyFiles = (modules: ReadonlyArray<RegExp>): string[] =>
        all
          .filter((c) => c.isDynamicEntry && modules.some((re) => re.test(c.facadeModuleId ?? "")))
          .flatMap((c) => [...closure(bundle, c.fileName)].filter((f) => !loaded.has(f)))
          .map((f) => base + f);
      // Lazy modules a page needs as soon as it starts (the contract, for a page that calls the API at once).
      const started = lazyFiles(withPage.modules);
      const routes = [...pageModulesOf(readFileSync(join(root, "src/app/pages.tsx"), "utf8"))].flatMap(([path, module]) => {
        const files = filesOf(module);
        if (files === undefined) return [];
        const scripts = [...new Set([...files.scripts, ...(withPage.except.includes(path) ? [] : started), ...lazyFiles(forRoute[path] ?? [])])];
        return [{ pattern: patternOf(path), scripts, styles: files.styles }];
      });
      const fallback = filesOf("app/NotFoundPage.tsx") ?? { scripts: [], styles: [] };
      const script = preloadScript(routes, fallback);
      const early = all
        .filter((c) => c.isDynamicEntry && always.some((re) => re.test(c.facadeModuleId ?? "")))
        .flatMap((c) => [...closure(bundle, c.fileName)].filter((f) => !loaded.has(f)));
      const links = [...new Set(early)].map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`).join("");
      html.source = withInlineScript(String(html.source), script).replace("</head>", `${links}</head>`);
    },
  };
};
