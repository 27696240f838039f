import { defineProject } from "vitest/config";

// Each test file boots its own database (a fresh in-memory PGlite takes seconds), so hooks get
// a generous timeout. With TEST_DATABASE_URL set (`npm run test:pg`), each file gets a fresh
// database on that PostgreSQL server instead (test/helpers/database.ts), and the race tests
// (`*.race.test.ts`) run too: PGlite is a single session, so concurrency can only be proven on a
// real server. Without it they are not collected at all (rather than reported as skipped).
const onPostgres = (process.env["TEST_DATABASE_URL"]?.trim() ?? "") !== "";

export default defineProject({
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "server",
    environment: "node",
    include: ["test/**/*.test.ts"],
    exclude: onPostgres ? [] : ["test/**/*.race.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
