// The list of test projects. vitest.config.ts imports it as `test.projects`
// because Vitest 4 no longer reads this file by itself.
export const projects = [
  "packages/domain",
  "packages/adapters",
  "packages/server",
  "packages/ui",
];
