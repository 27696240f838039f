import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { acquireFolderLock } from "../src/db/pglite/folderLock.ts";

/**
 * The server process (`src/main.ts`) on a PGlite folder it cannot open: one line on stderr naming
 * the folder and the cause, exit status 1, no stack and no `[object Object]`. The words for each
 * cause (EACCES, EROFS, ENOSPC...) are unit-tested in test/db/folderFailure.test.ts: permissions
 * do not stop root, which runs these tests, and a read-only mount needs privileges CI may lack,
 * so the real process meets a path under a regular file (ENOTDIR), which fails for everyone.
 */

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));
const ARGS = ["--conditions=@fuel/source", "--import", "tsx", "src/main.ts"];
const scratch = mkdtempSync(join(tmpdir(), "fuel-dbfolder-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts the server on `folder` and waits for it to end (each start compiles the sources: seconds). */
const startOn = (folder: string): { status: number | null; stderr: string } => {
  const run = spawnSync(process.execPath, ARGS, {
    cwd: SERVER_DIR,
    // Only what the test sets: no DATABASE_URL or FUEL_MODE from the shell running the tests.
    env: { PATH: process.env["PATH"], HOME: process.env["HOME"], DATABASE_URL: `file:${folder}`, PORT: "0", LOG_LEVEL: "silent" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, stderr: run.stderr };
};

/** Exactly one line, no stack frame, no unprinted object. */
const expectOneLine = (stderr: string): string => {
  const lines = stderr.trimEnd().split("\n");
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain("[object Object]");
  return lines[0] ?? "";
};

it("a folder that cannot be created: one line with the folder and the cause, exit 1", () => {
  const file = join(scratch, "a-file");
  writeFileSync(file, "not a folder");
  const folder = join(file, "data");
  const run = startOn(folder);
  expect(run.status, run.stderr).toBe(1);
  expect(expectOneLine(run.stderr)).toBe(
    `could not start: cannot open the database folder ${folder}: a part of its path is a file, not a folder (ENOTDIR): set DATABASE_URL=file:<another folder> whose parents are folders`,
  );
}, 60_000);

it("a folder PGlite itself refuses: one line with the folder and PGlite's message, exit 1", () => {
  const folder = join(scratch, "foreign");
  mkdirSync(folder);
  writeFileSync(join(folder, "PG_VERSION"), "12\n");
  const run = startOn(folder);
  expect(run.status, run.stderr).toBe(1);
  expect(expectOneLine(run.stderr)).toBe(`could not start: cannot open the database folder ${folder}: PGlite could not open ${folder}: PGlite failed to initialize properly`);
}, 60_000);

it("a symbolic link to a folder another process holds is refused in one line naming both paths, exit 1", () => {
  const real = join(scratch, "held");
  mkdirSync(real);
  const link = join(scratch, "held-link");
  symlinkSync(real, link);
  const lock = acquireFolderLock(real, { label: "a test" });
  try {
    const run = startOn(link);
    expect(run.status, run.stderr).toBe(1);
    expect(expectOneLine(run.stderr)).toMatch(new RegExp(`^could not start: The PGlite folder ${link} \\(really ${real}\\) is in use by a test \\(pid ${process.pid}, `));
  } finally {
    lock.release();
  }
}, 60_000);
