import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "domain",
    environment: "node",
    include: ["test/**/*.test.ts"],
    benchmark: { include: ["test/**/*.bench.ts"] },
  },
});
