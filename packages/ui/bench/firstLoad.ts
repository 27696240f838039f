import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

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

/**
 * The JavaScript files a route needs before it is interactive: the entry with its static imports
 * (the `modulepreload`s of index.html) plus the route's lazy page chunk with its static imports.
 * `pageKey` undefined: the route's page is part of the entry (nothing lazy to add).
 */
export const firstLoadFiles = (manifest: Manifest, pageKey: string | undefined): ReadonlyArray<string> => {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entry === undefined) throw new Error("the manifest has no entry chunk");
  const keys = new Set([...staticClosure(manifest, entry), ...(pageKey === undefined ? [] : staticClosure(manifest, pageKey))]);
  return [...keys].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith(".js"));
};

/**
 * The lazy page chunk of each route, read from `src/app/pages.tsx` (one
 * `"/path": lazy(() => import("../pages/XxxPage.tsx"))` line per route) as manifest keys.
 */
export const pageChunksOf = (pagesSource: string): ReadonlyMap<string, string> => {
  const pages = new Map<string, string>();
  for (const match of pagesSource.matchAll(/"(\/[^"]*)"\s*:\s*lazy\(\s*\(\)\s*=>\s*import\(\s*"\.\.\/([^"]+)"\s*\)/g)) {
    const [, path, relative] = match;
    if (path !== undefined && relative !== undefined) pages.set(path, `src/${relative}`);
  }
  return pages;
};

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
