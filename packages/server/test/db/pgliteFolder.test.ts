import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { DatabaseFolderError } from "../../src/db/pglite/folderFailure.ts";
import { acquireFolderLock, FolderLockedError, lockPathOf } from "../../src/db/pglite/folderLock.ts";
import { takePgliteFolder } from "../../src/db/pglite/folder.ts";
import { PgliteOpenError, startPgliteThread } from "../../src/db/pglite/thread.ts";

/**
 * Opening a PGlite folder (src/db/pglite/folder.ts): by its real path, and every failure one line
 * naming the folder and the cause. The real server process is in test/databaseFolder.slow.test.ts.
 */

const root = mkdtempSync(join(tmpdir(), "fuel-folder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
/** A regular file: any path under it fails for root too (ENOTDIR), unlike permissions. */
const aFile = join(root, "a-file");
writeFileSync(aFile, "not a folder");

const caught = async (run: () => unknown): Promise<unknown> => {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("it did not fail");
};

describe("taking a PGlite folder", () => {
  it("gives PGlite the real path and locks it, whichever name the folder was given by", () => {
    const real = join(root, "real");
    mkdirSync(real);
    const link = join(root, "link");
    symlinkSync(real, link);
    const taken = takePgliteFolder(join(link, "pglite"), "the server");
    try {
      expect(taken.dir).toBe(join(real, "pglite"));
      expect(taken.lock.path).toBe(`${join(real, "pglite")}.lock`);
    } finally {
      taken.lock.release();
    }
  });

  it("a folder that cannot be created is one line naming it and the cause", async () => {
    const folder = join(aFile, "data");
    const err = await caught(() => takePgliteFolder(folder, undefined));
    expect(err).toBeInstanceOf(DatabaseFolderError);
    expect((err as DatabaseFolderError).code).toBe("ENOTDIR");
    expect((err as Error).message).toBe(
      `cannot open the database folder ${folder}: a part of its path is a file, not a folder (ENOTDIR): set DATABASE_URL=file:<another folder> whose parents are folders`,
    );
  });

  it("a lock file that cannot be written beside the folder says so, naming the lock file", async () => {
    const folder = join(root, "locked-out");
    // Something that is not a file where the lock file goes: writing it fails the way a read-only parent does.
    mkdirSync(lockPathOf(folder), { recursive: true });
    const err = await caught(() => takePgliteFolder(folder, undefined));
    expect(err).toBeInstanceOf(DatabaseFolderError);
    expect((err as Error).message).toBe(
      `cannot open the database folder ${folder}: its lock file ${folder}.lock (beside it) cannot be written: a folder is where a file should be (EISDIR): move it away or set DATABASE_URL=file:<another folder>`,
    );
  });
});

describe("opening a PGlite folder", () => {
  it("through a symbolic link to a folder another process holds is refused before PGlite starts", async () => {
    const real = join(root, "held");
    mkdirSync(real);
    const link = join(root, "held-link");
    symlinkSync(real, link);
    const lock = acquireFolderLock(real, { label: "the server" });
    try {
      const err = await caught(() => openDatabase({ kind: "pglite-dir", dir: link }));
      expect(err).toBeInstanceOf(FolderLockedError);
      expect((err as Error).message).toContain(`The PGlite folder ${link} (really ${real}) is in use by the server (pid ${process.pid}`);
    } finally {
      lock.release();
    }
  });

  it("a folder that cannot be created rejects with the one-line DatabaseFolderError", async () => {
    const err = await caught(() => openDatabase({ kind: "pglite-dir", dir: join(aFile, "pglite") }));
    expect(err).toBeInstanceOf(DatabaseFolderError);
    expect((err as Error).message).toMatch(/^cannot open the database folder .*\/a-file\/pglite: a part of its path is a file, not a folder \(ENOTDIR\)/);
  });

  it("a folder PGlite refuses (not a database of its version) is one line with PGlite's message, and the lock is released", async () => {
    const folder = join(root, "foreign");
    mkdirSync(folder);
    writeFileSync(join(folder, "PG_VERSION"), "12\n");
    const err = await caught(() => openDatabase({ kind: "pglite-dir", dir: folder }));
    expect(err).toBeInstanceOf(DatabaseFolderError);
    expect((err as Error).message).toBe(`cannot open the database folder ${folder}: PGlite could not open ${folder}: PGlite failed to initialize properly`);
    expect(existsSync(lockPathOf(folder))).toBe(false);
  }, 30_000);

  it("PGlite's own failure to open comes back from its worker with its code, not as [object Object]", async () => {
    const dataDir = join(aFile, "pglite");
    const err = await caught(() => startPgliteThread({ dataDir, relaxedDurability: false }));
    expect(err).toBeInstanceOf(PgliteOpenError);
    expect((err as Error).message).toBe(`PGlite could not open ${dataDir}: ENOTDIR: not a directory, mkdir '${dataDir}'`);
    expect((err as Error).cause).toMatchObject({ code: "ENOTDIR" });
  });
});
