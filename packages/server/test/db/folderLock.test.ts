import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireFolderLock, claimPathOf, findLiveLock, FolderLockedError, lockPathOf, processStartTime, readLockHolder, replaceIfUnchanged } from "../../src/db/pglite/folderLock.ts";
import { holder, plant } from "./fixtures/lockHolders.ts";

const root = mkdtempSync(join(tmpdir(), "fuel-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshFolder = (): string => join(root, `db${(n += 1)}`);

const onLinux = existsSync("/proc/self/stat");

const refusal = (folder: string): FolderLockedError => {
  try {
    acquireFolderLock(folder);
  } catch (err) {
    if (err instanceof FolderLockedError) return err;
    throw err;
  }
  throw new Error("the lock was granted");
};

describe("the PGlite folder lock", () => {
  it("lives beside the folder, names its holder, refuses a second taker while held, and is gone after release", () => {
    const folder = freshFolder();
    const lock = acquireFolderLock(`${folder}/`, { label: "the server" });
    expect(lock.path).toBe(`${folder}.lock`);
    expect(readLockHolder(folder)).toMatchObject({ pid: process.pid, hostname: hostname(), label: "the server" });
    if (onLinux) expect(readLockHolder(folder)?.procStart).toBe(processStartTime(process.pid));

    const refused = refusal(folder);
    expect(refused.holder?.pid).toBe(process.pid);
    expect(refused.message).toContain(`The PGlite folder ${folder} is in use by the server (pid ${process.pid}, running since ${lock.holder.since}`);
    expect(refused.message).toContain(`kill ${process.pid}`);
    expect(refused.message).toContain("npm run fuel -- <command>");
    expect(refused.message).not.toContain("\n");

    lock.release();
    lock.release(); // idempotent
    expect(existsSync(lock.path)).toBe(false);
    acquireFolderLock(folder).release();
  });

  it("takes over the lock of a process that no longer runs", () => {
    const folder = freshFolder();
    plant(folder, holder());
    const lock = acquireFolderLock(folder);
    expect(readLockHolder(folder)?.pid).toBe(process.pid);
    lock.release();
  });

  it("refuses a live holder, even one of another user (EPERM means alive)", () => {
    const folder = freshFolder();
    // pid 1 runs as root; as root, kill(1, 0) simply succeeds. Either way: alive.
    plant(folder, holder({ pid: 1 }));
    expect(refusal(folder).holder?.pid).toBe(1);
  });

  it("takes over when the recorded pid now belongs to another process (reused pid), where /proc can tell", () => {
    const folder = freshFolder();
    plant(folder, holder({ pid: process.pid, procStart: "1" }));
    if (onLinux) acquireFolderLock(folder).release();
    else expect(refusal(folder).holder?.pid).toBe(process.pid);
  });

  it("takes over a lock from before a reboot, where /proc can tell", () => {
    const folder = freshFolder();
    plant(folder, holder({ pid: process.pid, bootId: "an-earlier-boot" }));
    if (existsSync("/proc/sys/kernel/random/boot_id")) acquireFolderLock(folder).release();
    else expect(refusal(folder).holder?.pid).toBe(process.pid);
  });

  it("never takes over from another host (it cannot look there) and says how to clear it", () => {
    const folder = freshFolder();
    plant(folder, holder({ hostname: "web-2" }));
    const refused = refusal(folder);
    expect(refused.message).toContain("on host web-2");
    expect(refused.message).toContain(`delete ${lockPathOf(folder)}`);
  });

  it("an unreadable lock file is left alone while young (being written) and taken over when old (debris)", () => {
    const folder = freshFolder();
    plant(folder, "");
    expect(refusal(folder).holder).toBeUndefined();
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPathOf(folder), old, old);
    acquireFolderLock(folder).release();
  });

  it("take-over is a compare-and-swap: it fails once the lock has changed, or while another taker holds the claim", () => {
    const folder = freshFolder();
    const path = lockPathOf(folder);
    const stale = plant(folder, holder());
    // Another starter replaced the stale lock after we read it: ours must not replace theirs.
    const theirs = plant(folder, holder({ pid: process.pid }));
    expect(replaceIfUnchanged(path, stale, "mine", 0)).toBe(false);
    expect(readFileSync(path, "utf8")).toBe(theirs);

    // A live process is taking this very content over right now (its claim exists).
    const claimed = plant(folder, holder());
    const claimHolder = JSON.stringify(holder({ pid: process.pid }));
    const claimPath = claimPathOf(path, claimed);
    writeFileSync(claimPath, claimHolder);
    expect(replaceIfUnchanged(path, claimed, "mine", 0)).toBe(false);
    expect(readFileSync(path, "utf8")).toBe(claimed);

    // That taker died mid-way: its claim is taken over in turn, and the swap goes through.
    writeFileSync(claimPath, JSON.stringify(holder()));
    expect(replaceIfUnchanged(path, claimed, "mine", 0)).toBe(true);
    expect(readFileSync(path, "utf8")).toBe("mine");
    // No claim or temporary file is left behind.
    expect(readdirSync(root).filter((f) => f.startsWith(`${basename(folder)}.`))).toEqual([`${basename(folder)}.lock`]);
  });

  it("a symbolic link to a held folder finds the same lock and is refused, naming both paths", () => {
    const folder = freshFolder();
    mkdirSync(folder);
    const link = `${folder}-link`;
    symlinkSync(folder, link);
    const lock = acquireFolderLock(folder, { label: "the server" });
    try {
      expect(lockPathOf(link)).toBe(lock.path);
      const refused = refusal(link);
      expect(refused.holder?.pid).toBe(process.pid);
      expect(refused.message).toContain(`The PGlite folder ${link} (really ${folder}) is in use by the server (pid ${process.pid}`);
      expect(findLiveLock(link)?.holder?.pid).toBe(process.pid);
      // The real path is refused too while the link holds it: the lock is one, whichever name took it.
      lock.release();
      const viaLink = acquireFolderLock(`${link}/`);
      expect(viaLink.path).toBe(`${folder}.lock`);
      expect(refusal(folder).holder?.pid).toBe(process.pid);
      viaLink.release();
    } finally {
      lock.release();
    }
  });

  it("a folder not created yet under a linked parent gets its lock beside the real parent's child", () => {
    const parent = freshFolder();
    mkdirSync(parent);
    const linkedParent = `${parent}-link`;
    symlinkSync(parent, linkedParent);
    // Neither `pglite` folder exists yet: the one under the link still means the same folder.
    expect(lockPathOf(join(linkedParent, "data", "pglite"))).toBe(`${join(parent, "data", "pglite")}.lock`);
    const lock = acquireFolderLock(join(parent, "data-held"));
    try {
      expect(refusal(join(linkedParent, "data-held")).holder?.pid).toBe(process.pid);
    } finally {
      lock.release();
    }
  });
});
