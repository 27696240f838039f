import { defineProject } from "vitest/config";
import { PGLITE_ONLY_TESTS, SLOW_TESTS } from "./vitest.config.ts";

// `npm run test:slow`: the tests that spawn real server and CLI processes, on PostgreSQL when
// TEST_DATABASE_URL is set, and PGlite's worker thread and upkeep (see vitest.config.ts).
export default defineProject({
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "server-slow",
    environment: "node",
    include: [SLOW_TESTS, ...PGLITE_ONLY_TESTS],
    // Each file waits on child processes and a database more than on the CPU.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
