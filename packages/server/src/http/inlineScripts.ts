import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The page policy's sources for the inline scripts of the built UI's HTML files
 * (`'sha256-…'`), so the policy can stay `script-src 'self'` and still run them. The build inlines
 * one small classic script in index.html (the route's files to preload: packages/ui/build/
 * routePreload.ts): a separate file would cost a round trip before the page's own files are even
 * asked for (issue 23). Read once at start, from every `.html` file the server may send; a
 * missing folder (an API-only server) gives none.
 */
export const inlineScriptSources = (distDir: string): string[] => {
  if (!existsSync(distDir)) return [];
  const hashes = new Set<string>();
  for (const name of readdirSync(distDir)) {
    if (!name.endsWith(".html")) continue;
    for (const body of inlineScriptsOf(readFileSync(join(distDir, name), "utf8"))) hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes].sort();
};

/** The text of each `<script>` without a `src` (what the browser hashes: exactly between the tags). */
export const inlineScriptsOf = (html: string): string[] =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)].filter(([, attributes]) => !/\ssrc\s*=/i.test(attributes ?? "")).map(([, , body]) => body ?? "").filter((body) => body.trim() !== "");
