import { defineProject } from "vitest/config";
import { SLOW_TESTS } from "./vitest.config.ts";

// `npm run test:slow`: only the tests that spawn real server and CLI processes (see vitest.config.ts).
export default defineProject({
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "server-slow",
    environment: "node",
    include: [SLOW_TESTS],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
