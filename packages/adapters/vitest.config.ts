import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  // The files of a worker share modules (effect and the contract import once, not per file);
  // every test builds its own adapters and fakes.
  test: { name: "adapters", environment: "node", include: ["test/**/*.test.ts"], isolate: false },
});
