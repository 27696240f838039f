import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run fuel` as the operator runs it: a real process on a PGlite folder (the slow tier:
 * `npm run test:slow`, and `npm run test:pg`). The commands themselves, in-process: cli.test.ts.
 */

const dir = mkdtempSync(join(tmpdir(), "fuel-cli-process-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the real process", () => {
  it("creates invite codes in a PGlite folder and exits 0", () => {
    const result = spawnSync(process.execPath, ["--conditions=@fuel/source", "--import", "tsx", "src/cli/main.ts", "invite", "create", "2"], {
      cwd: new URL("../../", import.meta.url),
      env: { ...process.env, DATABASE_URL: `file:${join(dir, "pglite")}` },
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split("\n")).toHaveLength(2);
  }, 60_000);
});
