import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, once, so the
 * server sends them as they are (`@fastify/static` `preCompressed`) with no work per request: on
 * Lighthouse's slow 4G every 100 KB on the wire costs half a second (DESIGN §7). Source maps are
 * left alone (they are for debugging, not for customers).
 */
export const precompress = (): Plugin => {
  let outDir = "dist";
  return {
    name: "fuel-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!TEXT.test(file)) continue;
        const raw = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
};
