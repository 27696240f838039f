import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const uiDir = fileURLToPath(new URL("../..", import.meta.url));
const repoDir = fileURLToPath(new URL("../../../..", import.meta.url));

let server: ChildProcess | undefined;

/**
 * Where the build goes and is served from. `E2E_DIST_DIR` gives each of several people (or agents)
 * working in one checkout their own build, so one's browser run never serves another's half-written
 * files; by default it is the UI's own `dist/`.
 */
const distDir = process.env["E2E_DIST_DIR"] ?? `${uiDir}dist`;

/**
 * Builds the UI as production does, and starts the real server (in-memory PGlite, sandbox mode,
 * demo data) on a free port serving that build. The tests get its address through `inject`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env["E2E_SKIP_BUILD"] !== "1") {
    const built = spawnSync(process.execPath, [`${repoDir}node_modules/vite/bin/vite.js`, "build", "--logLevel", "warn", "--outDir", distDir, "--emptyOutDir"], {
      cwd: uiDir,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (built.status !== 0) throw new Error("the UI build failed");
  }
  server = spawn(process.execPath, ["--conditions=@fuel/source", "--import", "tsx", "packages/server/src/main.ts"], {
    cwd: repoDir,
    env: { ...process.env, DATABASE_URL: "memory://", PORT: "0", HOST: "127.0.0.1", FUEL_MODE: "sandbox", LOG_LEVEL: "warn", NODE_ENV: "production", UI_DIST_DIR: distDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s:\n${out}`)), 120_000);
    server?.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+?)\/?\s/.exec(out);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server?.on("exit", (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
  project.provide("baseUrl", baseUrl);
  return async () => {
    server?.kill("SIGTERM");
    await new Promise((resolve) => server?.once("exit", resolve));
  };
}
