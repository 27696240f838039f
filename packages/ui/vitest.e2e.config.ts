import { defineConfig } from "vitest/config";

// Browser tests: playwright-core driving Debian's Chromium against the real server (in-memory
// PGlite, sandbox mode) serving the built UI. `npm run test:e2e`; `npm test` stays browser-free.
export default defineConfig({
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "ui-e2e",
    include: ["test/e2e/**/*.e2e.test.ts"],
    environment: "node",
    globalSetup: ["test/e2e/globalSetup.ts"],
    setupFiles: ["test/e2e/perFileServer.ts"],
    // Two files at once: each has its own server (perFileServer.ts), so they share no state, and
    // a browser test waits on pages and answers far more than it computes.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});
