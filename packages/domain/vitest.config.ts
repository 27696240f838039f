import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "domain",
    environment: "node",
    include: ["test/**/*.test.ts"],
    // Pure functions: the files of a worker share modules (effect's import once, not 39 times).
    isolate: false,
    benchmark: { include: ["test/**/*.bench.ts"] },
  },
});
