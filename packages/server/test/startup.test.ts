import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { productionSecrets } from "./helpers/productionSecrets.ts";

/**
 * The server process itself (`src/main.ts`), as an operator starts it: what it says and does
 * before anything opens. The configuration rules are unit-tested in config.test.ts.
 */

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));
const ARGS = ["--conditions=@fuel/source", "--import", "tsx", "src/main.ts"];
const scratch = mkdtempSync(join(tmpdir(), "fuel-startup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Only what the test sets (no DATABASE_URL or FUEL_MODE leaking in from the shell running the tests). */
const envOf = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ PATH: process.env["PATH"], HOME: process.env["HOME"], ...vars });

it("a malformed production key stops the server before the database opens: one line naming the variable, no value, no stack trace", () => {
  const dbDir = join(scratch, "never-created");
  const malformed = "-----BEGIN PRIVATE KEY-----\\nTHE-SECRET-BYTES\\n-----END PRIVATE KEY-----";
  const run = spawnSync(process.execPath, ARGS, {
    cwd: SERVER_DIR,
    env: envOf({ FUEL_MODE: "production", ...productionSecrets(), WECHAT_PAY_PRIVATE_KEY: malformed, DATABASE_URL: `file:${dbDir}`, PORT: "0" }),
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(1);
  expect(run.stderr).toMatch(/^invalid configuration:\n {2}- WECHAT_PAY_PRIVATE_KEY must be an RSA private key in PEM form/);
  expect(run.stderr.trim().split("\n")).toHaveLength(2);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr + run.stdout).not.toContain("THE-SECRET-BYTES");
  expect(existsSync(dbDir)).toBe(false);
});

it("sandbox mode on a non-loopback address warns in one line at start", async () => {
  const child = spawn(process.execPath, ARGS, {
    cwd: SERVER_DIR,
    env: envOf({ HOST: "0.0.0.0", PORT: "0", DATABASE_URL: "memory://", LOG_LEVEL: "silent" }),
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  const warned = new Promise<void>((resolve, reject) => {
    child.stderr.on("data", (chunk: string) => {
      stderr += chunk;
      if (stderr.includes("\n")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`exited ${code} without a warning: ${stderr}`)));
  });
  try {
    await warned;
  } finally {
    child.kill("SIGKILL");
  }
  expect(stderr.split("\n")[0]).toMatch(/^WARNING: sandbox mode is listening on 0\.0\.0\.0, not only on this machine: anyone who can reach it can sign in as any customer/);
});
