import { defineConfig } from "vite";
import { preactAliases, withoutReactRouterOnlyImports } from "./build/preact.ts";
import { earlyCalls } from "./build/earlyScript.ts";
import { kitDefaultRender } from "./build/kitRender.ts";
import { precompress } from "./build/precompress.ts";
import { prerender } from "./build/prerender.ts";
import { routePreload } from "./build/routePreload.ts";
import { serviceWorkerBuild } from "./build/serviceWorker.ts";

/** qrcode's browser build: lazy (DESIGN §7), but fetched with the order details, which show a code. */
const QR_LIBRARY = /node_modules\/qrcode\/lib\/browser\.js$/;

const apiTarget = `http://127.0.0.1:${process.env["FUEL_API_PORT"] ?? "8080"}`;


export default defineConfig(() => ({
  // Nothing lazy is needed before the first render (the version is read without the contract:
  // main.tsx), but every page that calls the API as it opens needs the contract at once: it comes
  // with the page's chunk; the sign-in button pages make no call.
  plugins: [kitDefaultRender(), routePreload([], { modules: [/adapters\/src\/http\/contract\.ts$/], except: ["/", "/login", "/register"] }, { "/orderDetail/:id": [QR_LIBRARY], "/orderDetail/2/:id": [QR_LIBRARY] }), earlyCalls(), serviceWorkerBuild(), prerender(), precompress()],
  resolve: {
    conditions: ["@fuel/source"],
    // React and React DOM are Preact (build/preact.ts, docs/decisions/0005-preact.md).
    alias: preactAliases,
  },
  server: { proxy: { "/api": apiTarget, "/sandbox": apiTarget } },
  build: {
    target: "es2020",
    sourcemap: true,
    rolldownOptions: {
      onLog: withoutReactRouterOnlyImports,
      // Few files per screen (docs/performance.md, issue 23): each is a request, six at a time over
      // HTTP/1.1 at 400 ms a round trip on weak 4G. Everything the entry imports statically is one
      // file (left to itself the bundler splits what the entry shares with lazy pages into a dozen
      // small chunks), and a common chunk under 16 KB (source) shared by some pages is copied into
      // each rather than fetched on its own: /stationlist went from 31 files to 7 for 1 KB more.
      // Copying needs the bundler's strict execution order (which it turns on) and no preserved
      // entry signatures (nothing imports our chunks' exports from outside the build).
      preserveEntrySignatures: false as const,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16_000 }, groups: [{ name: "index", tags: ["$initial" as const], priority: 20 }] } },
    },
  },
}));
