import { defineProject } from "vitest/config";

// Each test file boots its own database (a fresh in-memory PGlite takes seconds), so hooks get
// a generous timeout. With TEST_DATABASE_URL set (`npm run test:pg`), each file gets a fresh
// database on that PostgreSQL server instead (test/helpers/database.ts), and the race tests
// (`*.race.test.ts`) run too: PGlite is a single session, so concurrency can only be proven on a
// real server. Without it they are not collected at all (rather than reported as skipped).
//
// The slow tier (`*.slow.test.ts`) spawns real server and CLI processes (start-up refusals, the
// folder lock across processes, the CLI through a running server): each costs seconds of Node
// and tsx start-up, so `npm test` leaves them out. `npm run test:pg` runs them, and
// `npm run test:slow` runs them alone (vitest.slow.config.ts).
const onPostgres = (process.env["TEST_DATABASE_URL"]?.trim() ?? "") !== "";

export const RACE_TESTS = "test/**/*.race.test.ts";
export const SLOW_TESTS = "test/**/*.slow.test.ts";
// PGlite in its worker thread (the server's PGlite) and its autovacuum stand-in prove PGlite, not
// the database under test: they run in `npm test`; the PostgreSQL pass leaves them out instead of
// reporting them skipped.
export const PGLITE_ONLY_TESTS = ["test/db/pgliteWorker.test.ts", "test/db/upkeep.test.ts"];

export default defineProject({
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "server",
    environment: "node",
    include: ["test/**/*.test.ts"],
    exclude: onPostgres ? PGLITE_ONLY_TESTS : [RACE_TESTS, SLOW_TESTS],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Run alone (`npm run test:pg`, `npm test -w @fuel/server`) as under the root config: Vitest 4
    // runs `cores - 1` workers, one on these 2-core machines, and the files wait on the database
    // as much as on the CPU. The PostgreSQL pass: 106 files in 2 min 48 s with two (quiet machine).
    maxWorkers: 2,
  },
});
