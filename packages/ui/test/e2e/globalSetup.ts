import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { makeDatabaseTemplate, removeDatabaseTemplate, type DatabaseTemplate } from "./databaseTemplate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    distDir: string;
    databaseTemplate: DatabaseTemplate;
  }
}

const uiDir = fileURLToPath(new URL("../..", import.meta.url));
const repoDir = fileURLToPath(new URL("../../../..", import.meta.url));

/**
 * Where the build goes and is served from. `E2E_DIST_DIR` gives each of several people (or agents)
 * working in one checkout their own build, so one's browser run never serves another's half-written
 * files; by default it is the UI's own `dist/`.
 */
const distDir = process.env["E2E_DIST_DIR"] ?? `${uiDir}dist`;

/**
 * Builds the UI once, as production does; each test file then starts its own server serving
 * this build (perFileServer.ts), which finds the folder through `inject("distDir")`.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env["E2E_SKIP_BUILD"] !== "1") {
    const built = spawnSync(process.execPath, [`${repoDir}node_modules/vite/bin/vite.js`, "build", "--logLevel", "warn", "--outDir", distDir, "--emptyOutDir"], {
      cwd: uiDir,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (built.status !== 0) throw new Error("the UI build failed");
    // The staff desk's own build (issue 26), into the same folder's desk/ as `npm run build` does.
    const desk = spawnSync(process.execPath, [`${repoDir}node_modules/vite/bin/vite.js`, "build", "--config", "vite.desk.config.ts", "--logLevel", "warn", "--outDir", `${distDir}/desk`, "--emptyOutDir"], {
      cwd: uiDir,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (desk.status !== 0) throw new Error("the desk build failed");
  }
  project.provide("distDir", distDir);
  // The server's first start, once for every file (databaseTemplate.ts).
  const template = await makeDatabaseTemplate(repoDir);
  project.provide("databaseTemplate", template);
  return () => removeDatabaseTemplate(template);
}
