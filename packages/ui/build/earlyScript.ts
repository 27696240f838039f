import { join } from "node:path";
import { build } from "rolldown";
import type { Plugin } from "vite";

/**
 * src/early/index.ts (the page's first API calls, sent while the app's scripts download) bundled
 * on its own into one classic script, to be inlined in index.html: as a file it would be one more
 * request, and it has to run before any module script has arrived. `sandboxGeocoder`: the app
 * geocodes with the server's sandbox geocoder (no AMap key in the build), so the script can too.
 * Bundled with rolldown, the bundler Vite itself runs on, with the same source condition.
 */
export const earlyScript = async (uiRoot: string, options: { readonly sandboxGeocoder: boolean }): Promise<string> => {
  const output = await build({
    input: join(uiRoot, "src/early/index.ts"),
    platform: "browser",
    resolve: { conditionNames: ["@fuel/source", "import", "browser", "default"] },
    transform: { define: { __EARLY_SANDBOX_GEOCODER__: JSON.stringify(options.sandboxGeocoder) }, target: "es2020" },
    treeshake: true,
    write: false,
    output: { format: "iife", minify: true, comments: false },
  });
  const [chunk] = output.output;
  if (chunk?.type !== "chunk") throw new Error("the early script did not bundle into one chunk");
  return chunk.code.trim();
};

/**
 * Vite plugin: inlines {@link earlyScript} in index.html before the route preload's script
 * (placed in the plugin list after `routePreload`, before `prerender`, whose pages copy index.html).
 * Before it: the browser opens six connections per host over HTTP/1.1, and the preloads would take
 * them all; the API answers are a few KB, so asked first they cost the scripts little and are in
 * long before the app starts (the entry's own files are found by the preload scanner anyway).
 */
export const earlyCalls = (): Plugin => {
  let root = "";
  let sandboxGeocoder = true;
  return {
    name: "fuel-early-calls",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
      sandboxGeocoder = (config.env["VITE_AMAP_KEY"] ?? "") === "";
    },
    async generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") return;
      const source = String(html.source);
      const script = `<script>${await earlyScript(root, { sandboxGeocoder })}</script>`;
      const at = source.indexOf("<script>");
      if (at < 0) throw new Error("early calls: index.html has no route preload script to go before");
      html.source = source.slice(0, at) + script + source.slice(at);
    },
  };
};
