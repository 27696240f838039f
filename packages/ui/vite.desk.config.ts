import { defineConfig } from "vite";
import { preactAliases, withoutReactRouterOnlyImports } from "./build/preact.ts";
import { precompress } from "./build/precompress.ts";

const apiTarget = `http://127.0.0.1:${process.env["FUEL_API_PORT"] ?? "8080"}`;

/**
 * The staff desk's own build (issue 26): its own page (desk.html) and bundle under `/desk/`, so
 * nothing of it is in the customer's download, and none of the customer app's first-load plugins
 * (prerender, early calls, route preloads, service worker) apply to it. The server sends
 * `dist/desk/desk.html` for every `/desk` route. `npm run build` runs both builds.
 */
export default defineConfig(() => ({
  base: "/desk/",
  // The customer app's public files (its service worker) are not the desk's.
  publicDir: false as const,
  plugins: [precompress()],
  resolve: { conditions: ["@fuel/source"], alias: preactAliases },
  server: { proxy: { "/api": apiTarget } },
  build: {
    target: "es2020",
    outDir: "dist/desk",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { input: "desk.html", onLog: withoutReactRouterOnlyImports },
  },
}));
