import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { preactAliases, withoutReactRouterOnlyImports } from "./build/preact.ts";
import { precompress } from "./build/precompress.ts";
import { routePreload } from "./build/routePreload.ts";
import { serviceWorkerBuild } from "./build/serviceWorker.ts";

const apiTarget = `http://127.0.0.1:${process.env["FUEL_API_PORT"] ?? "8080"}`;

// react-router's package exports resolve to its development build (warnings, dev checks) under
// every condition a bundler uses; a production build takes its production build instead.
const reactRouterProduction = fileURLToPath(new URL("../../node_modules/react-router/dist/production/index.mjs", import.meta.url));

export default defineConfig(({ mode }) => ({
  // Nothing lazy is needed before the first render (the version is read without the contract:
  // main.tsx), but every page that calls the API as it opens needs the contract at once: it comes
  // with the page's chunk; the sign-in button pages make no call.
  plugins: [routePreload([], { modules: [/adapters\/src\/http\/contract\.ts$/], except: ["/", "/login", "/register"] }), serviceWorkerBuild(), precompress()],
  resolve: {
    conditions: ["@fuel/source"],
    // React and React DOM are Preact (build/preact.ts, docs/decisions/0005-preact.md).
    alias: [...preactAliases, ...(mode === "production" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [])],
  },
  server: { proxy: { "/api": apiTarget, "/sandbox": apiTarget } },
  build: { target: "es2020", sourcemap: true, rolldownOptions: { onLog: withoutReactRouterOnlyImports } },
}));
