import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockPathOf } from "../../src/db/pglite/folderLock.ts";
import { holder, plant } from "./fixtures/lockHolders.ts";

/**
 * The PGlite folder lock raced by real processes (the slow tier: `npm run test:slow`, and
 * `npm run test:pg`). The same rules in-process: test/db/folderLock.test.ts.
 */

const root = mkdtempSync(join(tmpdir(), "fuel-lock-race-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the PGlite folder lock, across processes", () => {
  it("four processes taking over the same 300 stale locks at once: each lock has exactly one winner, and the others name it", async () => {
    const prefix = join(root, "race");
    const count = 300;
    for (let i = 0; i < count; i += 1) plant(`${prefix}-${i}`, holder());
    const startAt = Date.now() + 3_000;
    const racers = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ["--conditions=@fuel/source", "--import", "tsx", "test/db/fixtures/lockRacer.ts", prefix, String(count), String(startAt)], {
        cwd: new URL("../../", import.meta.url),
        stdio: ["pipe", "pipe", "inherit"],
      }),
    );
    type Answer = { pid: number; won: number[]; refusedBy: Record<string, number | null> };
    const answers = await Promise.all(
      racers.map(
        (child) =>
          new Promise<Answer>((resolve, reject) => {
            let text = "";
            child.stdout.setEncoding("utf8");
            child.stdout.on("data", (chunk: string) => {
              text += chunk;
              if (text.endsWith("\n")) resolve(JSON.parse(text) as Answer);
            });
            child.once("exit", (code) => reject(new Error(`racer exited ${code} without answering`)));
          }),
      ),
    );
    for (const child of racers) child.stdin.end();
    await Promise.all(racers.map((child) => (child.exitCode !== null ? undefined : new Promise((r) => child.once("exit", r)))));

    for (let i = 0; i < count; i += 1) {
      const winners = answers.filter((a) => a.won.includes(i)).map((a) => a.pid);
      expect(winners, `lock ${i}`).toHaveLength(1);
      for (const a of answers) if (a.pid !== winners[0]) expect(a.refusedBy[String(i)], `lock ${i}`).toBe(winners[0]);
      expect(existsSync(lockPathOf(`${prefix}-${i}`))).toBe(false); // released by its winner
    }
  }, 30_000);
});
