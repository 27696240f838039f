import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

// Store and component tests (Testing Library on happy-dom). Browser tests (test/e2e, Chromium)
// have their own config and command: `npm run test:e2e`.
export default defineProject({
  plugins: [react()],
  resolve: { conditions: ["@fuel/source"] },
  ssr: { resolve: { conditions: ["@fuel/source"] } },
  test: {
    name: "ui",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    exclude: ["test/e2e/**"],
    environment: "happy-dom",
    setupFiles: ["test/support/setup.ts"],
  },
});
