import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { pageModulesOf } from "../build/routePreload.ts";

/** One entry of Vite's `dist/.vite/manifest.json` (`build.manifest: true`). */
export interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: ReadonlyArray<string>;
  readonly dynamicImports?: ReadonlyArray<string>;
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The keys of `from` and of every chunk it imports statically (what the browser must fetch before it runs `from`). */
export const staticClosure = (manifest: Manifest, from: string): ReadonlyArray<string> => {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key) || manifest[key] === undefined) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(from);
  return [...seen];
};

/** The scripts index.html loads and the modules it preloads (`<script src>`, `<link rel="modulepreload">`), as paths inside `dist`. */
export const htmlScripts = (html: string): ReadonlyArray<string> =>
  [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"|<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+)"/g)].map((m) => m[1] ?? m[2] ?? "").filter((f) => f !== "");

/**
 * The JavaScript files a route needs before it is interactive: the entry with its static imports,
 * every script and `modulepreload` of index.html (`html`), and the route's lazy page chunk with
 * its static imports. `pageKey` undefined: the route's page is part of the entry.
 */
export const firstLoadFiles = (manifest: Manifest, pageKey: string | undefined, html = ""): ReadonlyArray<string> => {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entry === undefined) throw new Error("the manifest has no entry chunk");
  const keys = new Set([...staticClosure(manifest, entry), ...(pageKey === undefined ? [] : staticClosure(manifest, pageKey))]);
  const files = new Set([...[...keys].map((key) => manifest[key]?.file ?? key), ...htmlScripts(html)]);
  return [...files].filter((file) => file.endsWith(".js"));
};

/** The lazy page chunk of each route (manifest keys), from `src/app/pages.tsx` (build/routePreload.ts). */
export const pageChunksOf = (pagesSource: string): ReadonlyMap<string, string> =>
  new Map([...pageModulesOf(pagesSource)].map(([path, module]) => [path, `src/${module}`]));

/** Size in bytes of a file gzipped at level 9 (the `.gz` the server sends to a client without brotli). */
export const gzipSize = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length;

export interface ChunkSize {
  readonly file: string;
  readonly gzip: number;
}

/** Gzip sizes of `files` (paths inside `dist`), largest first. */
export const sizesOf = (distDir: string, files: ReadonlyArray<string>): ReadonlyArray<ChunkSize> =>
  files.map((file) => ({ file, gzip: gzipSize(join(distDir, file)) })).sort((a, b) => b.gzip - a.gzip);

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
