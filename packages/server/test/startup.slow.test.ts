import { spawn, spawnSync, type ChildProcess } from "node:child_process";
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
let server: ChildProcess | undefined;
afterAll(() => {
  // Even when a test gave up waiting: no server of ours outlives the file.
  if (server !== undefined && server.exitCode === null) server.kill("SIGKILL");
  rmSync(scratch, { recursive: true, force: true });
});

/** Only what the test sets (no DATABASE_URL or FUEL_MODE leaking in from the shell running the tests). */
// Each test starts a Node process that compiles the server's sources (tsx): seconds on an idle
// machine, far more on a loaded one, hence the generous time limits.
const envOf = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ PATH: process.env["PATH"], HOME: process.env["HOME"], ...vars });

it("a malformed production key stops the server before the database opens: one line naming the variable, no value, no stack trace", () => {
  const dbDir = join(scratch, "never-created");
  const malformed = "-----BEGIN PRIVATE KEY-----\\nTHE-SECRET-BYTES\\n-----END PRIVATE KEY-----";
  const run = spawnSync(process.execPath, ARGS, {
    cwd: SERVER_DIR,
    env: envOf({ FUEL_MODE: "production", ...productionSecrets(), WECHAT_PAY_PRIVATE_KEY: malformed, DATABASE_URL: `file:${dbDir}`, PORT: "0" }),
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(1);
  expect(run.stderr).toMatch(/^invalid configuration:\n {2}- WECHAT_PAY_PRIVATE_KEY must be an RSA private key in PEM form/);
  expect(run.stderr.trim().split("\n")).toHaveLength(2);
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr + run.stdout).not.toContain("THE-SECRET-BYTES");
  expect(existsSync(dbDir)).toBe(false);
}, 60_000);

it("sandbox mode on a non-loopback address warns in one line at start", async () => {
  const child = (server = spawn(process.execPath, ARGS, {
    cwd: SERVER_DIR,
    // A documentation address (TEST-NET-1): no interface has it, so this sandbox never really listens.
    env: envOf({ HOST: "192.0.2.1", PORT: "0", DATABASE_URL: "memory://", LOG_LEVEL: "silent" }),
  }));
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
  expect(stderr.split("\n")[0]).toMatch(/^WARNING: sandbox mode is listening on 192\.0\.2\.1, not only on this machine: anyone who can reach it can sign in as any customer/);
}, 60_000);
