import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin, Rolldown } from "vite";

/** The line of `public/sw.js` the build replaces with {@link buildLine}. */
export const PLACEHOLDER = /^const BUILD = .*\/\/ __FUEL_SW_BUILD__$/m;

export interface SwBuild {
  /** Changes whenever a file of the shell changes: it names the worker's cache. */
  readonly version: string;
  /** URLs the worker keeps on install (besides index.html). */
  readonly assets: ReadonlyArray<string>;
}

/** Files of the bundle the shell needs offline: every emitted file but source maps and index.html. */
export const shellFiles = (fileNames: ReadonlyArray<string>): string[] =>
  fileNames.filter((f) => f !== "index.html" && !f.endsWith(".map")).sort();

/** The version of a build: a hash of its file names (themselves content hashes) and its index.html. */
export const versionOf = (files: ReadonlyArray<string>, indexHtml: string): string =>
  createHash("sha256").update(files.join("\n")).update("\n").update(indexHtml).digest("hex").slice(0, 12);

export const buildLine = (build: SwBuild): string => `const BUILD = ${JSON.stringify(build)}; // __FUEL_SW_BUILD__`;

/**
 * Vite plugin: writes this build's version and file list into `dist/sw.js` (copied from
 * `public/sw.js`), so a deploy changes the worker's bytes (the browser installs the new worker
 * and its cache) and the worker keeps exactly this build's files, with no extra request for a
 * list. Runs at `writeBundle`, before `precompress` compresses the result at `closeBundle`.
 */
export const serviceWorkerBuild = (): Plugin => {
  let outDir = "dist";
  let base = "/";
  let build: SwBuild | undefined;
  return {
    name: "fuel-service-worker",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const html = bundle["index.html"];
      const files = shellFiles(Object.keys(bundle));
      build = { version: versionOf(files, html?.type === "asset" ? String(html.source) : ""), assets: files.map((f) => base + f) };
    },
    writeBundle() {
      if (build === undefined) return;
      const path = join(outDir, "sw.js");
      const source = readFileSync(path, "utf8");
      if (!PLACEHOLDER.test(source)) throw new Error(`${path}: the BUILD line to replace is missing`);
      writeFileSync(path, source.replace(PLACEHOLDER, buildLine(build)));
    },
  };
};
