import { defineProject } from "vitest/config";

// Each test file boots its own database (a fresh in-memory PGlite takes seconds), so hooks get
// a generous timeout. With TEST_DATABASE_URL set (`npm run test:pg`), each file gets its own copy
// of a database migrated once for the run on that PostgreSQL server (test/helpers/postgresTemplate.ts),
// and the race tests (`*.race.test.ts`) run too: PGlite is a single session, so concurrency can only
// be proven on a real server. Without it they are not collected at all (rather than reported as skipped).
//
// The slow tier (`npm run test:slow`, vitest.slow.config.ts; CI runs it once) holds what costs
// seconds per case and proves infrastructure rather than rules: tests that spawn real server and CLI
// processes (`*.slow.test.ts`: start-up refusals, the folder lock across processes, the CLI through a
// running server, kill -9), and PGlite's own worker thread and upkeep. `npm test` leaves them out;
// so does `npm run test:pg`, since `npm run test:slow` runs the process tests against TEST_DATABASE_URL
// when it is set.
const onPostgres = (process.env["TEST_DATABASE_URL"]?.trim() ?? "") !== "";

export const RACE_TESTS = "test/**/*.race.test.ts";
export const SLOW_TESTS = "test/**/*.slow.test.ts";
/**
 * PGlite itself, not the rules on it: in its worker thread (the server's PGlite), its autovacuum
 * stand-in, in a folder across a reopen, and the parsers our Drizzle wrapper drops (with its
 * micro-benchmark). PGlite only, so the PostgreSQL pass leaves them out too.
 */
export const PGLITE_ONLY_TESTS = ["test/db/pgliteWorker.test.ts", "test/db/upkeep.test.ts", "test/db/pgliteDir.test.ts", "test/db/pgliteParsers.test.ts"];

export default defineProject({
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "server",
    environment: "node",
    include: ["test/**/*.test.ts"],
    // Fails a test whose app answered a refusal its endpoint's contract entry does not declare.
    setupFiles: ["test/helpers/refusalCheck.setup.ts"],
    exclude: onPostgres ? [SLOW_TESTS, ...PGLITE_ONLY_TESTS] : [RACE_TESTS, SLOW_TESTS, ...PGLITE_ONLY_TESTS],
    globalSetup: ["test/helpers/postgresTemplate.ts"],
    // The files of a worker share their modules: PGlite's WebAssembly, Drizzle, Fastify and the
    // app are compiled and warmed once per worker instead of once per file (the project went from
    // about 4 min to 2 min 20 s on a quiet two-core machine). Each file still boots its own app on
    // its own database; nothing a test changes lives in a module.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Run alone (`npm run test:pg`, `npm test -w @fuel/server`) as under the root config: Vitest 4
    // runs `cores - 1` workers, one on these 2-core machines, and the files wait on the database
    // as much as on the CPU. The PostgreSQL pass: 106 files in 2 min 48 s with two (quiet machine).
    maxWorkers: 2,
  },
});
