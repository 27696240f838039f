import { defineProject } from "vitest/config";
import { kitDefaultRender } from "./build/kitRender.ts";
import { preactAliases } from "./build/preact.ts";

// Store and component tests (Testing Library on happy-dom). Browser tests (test/e2e, Chromium)
// have their own config and command: `npm run test:e2e`.
// They run on Preact, as the app ships (build/preact.ts): React's names are aliased to preact/compat,
// the libraries that import React are run through Vite (inlined) so that the aliases reach them, and
// test/support/preact.ts hands the same Preact to the CommonJS files Node still loads itself.
export default defineProject({
  plugins: [kitDefaultRender()],
  resolve: { conditions: ["@fuel/source"], alias: preactAliases },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "ui",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**"],
    environment: "happy-dom",
    setupFiles: ["test/support/preact.ts", "test/support/setup.ts"],
    // The files of a worker share their modules instead of each importing antd-mobile, Preact,
    // MobX and the app again and building a new happy-dom: the project went from about 4 min of
    // set-up, import and environment to under a minute. Each test still starts clean (setup.ts
    // empties the DOM, storage and dialogs after every test; stores are built per test). A test
    // about a module's own first load takes a fresh copy with vi.resetModules().
    isolate: false,
    // ESM files of these would otherwise be imported by Node itself, their `react` imports unaliased.
    server: { deps: { inline: [/\/node_modules\/(preact|mobx-react-lite|@testing-library\/react|antd-mobile|antd-mobile-icons)\//] } },
  },
});
