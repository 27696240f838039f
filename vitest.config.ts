import { defineConfig } from "vitest/config";
import { projects } from "./vitest.workspace.ts";

export default defineConfig({
  test: {
    projects,
    // Vitest 4 runs `cores - 1` workers: one on these 2-core machines (DESIGN.md §7). Test files
    // wait on the database as much as on the CPU, so two overlap well.
    maxWorkers: 2,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by content
    // and config): a second run, and CI's later passes over the same files, skip the transform.
    experimental: { fsModuleCache: true },
  },
});
