import { createHash, randomBytes } from "node:crypto";
import { linkSync, openSync, readFileSync, renameSync, rmSync, statSync, closeSync, writeSync, writeFileSync, fsyncSync } from "node:fs";
import { hostname } from "node:os";
import { resolve } from "node:path";
import { realPathOf } from "./realPath.ts";

/**
 * One process at a time per PGlite folder. PGlite is an embedded PostgreSQL without a postmaster:
 * two processes opening one folder each believe they own it, hand out the same ids, and after a
 * restart one side's acknowledged writes are gone. So opening a folder takes this lock first.
 *
 * Where: the lock file sits BESIDE the folder (`data/pglite` -> `data/pglite.lock`), not inside.
 * The folder is PostgreSQL's data directory, whose contents belong to PGlite (initdb fills a
 * fresh one, `dumpDataDir` archives all of it, backups copy it whole): a foreign file there could
 * confuse a future PGlite, and a backup taken from a running server would carry the lock along.
 *
 * How: the lock file holds JSON naming its holder (pid, host, when, what command, plus the
 * kernel's start time of that pid and the boot id where /proc has them). It is created complete
 * and atomically: written to a private temporary file, then hard-linked to the lock's name, which
 * fails if the name exists (the same exclusivity as O_EXCL, without a moment where the lock exists
 * but is still empty). Nothing needs to happen at a crash: a later opener finds the holder dead
 * (`kill(pid, 0)` says ESRCH, or /proc shows that pid now belongs to a younger process, or the
 * machine has rebooted since) and takes the lock over.
 *
 * Take-over is a compare-and-swap, so two starters finding the same stale lock cannot both win:
 * the right to replace one particular stale content is itself a lock file named after that content
 * (`<lock>.takeover-<hash>`, created exclusively as above). Its holder checks the lock still holds
 * exactly what it judged stale, renames its own lock file over it, and removes the claim; a starter
 * that comes later fails the check, because the content has changed. A claim left by a process
 * that died in that instant is taken over the same way (one level deeper).
 */

/** Who holds a lock, as written in its file. */
export interface LockHolder {
  readonly pid: number;
  readonly hostname: string;
  /** When the lock was taken (ISO 8601). */
  readonly since: string;
  /** The holder's command line, without the Node executable (e.g. `src/main.ts`). */
  readonly command: string;
  /** What the holder is, for people: "the server", "the operators' CLI". */
  readonly label: string;
  /** The kernel's start time of `pid` (field 22 of /proc/<pid>/stat), to tell a reused pid. */
  readonly procStart?: string;
  /** /proc/sys/kernel/random/boot_id: a different boot means every recorded pid is gone. */
  readonly bootId?: string;
  /** Makes every lock file's content unique, so a compare-and-swap never mistakes a new lock for an old one. */
  readonly nonce: string;
}

/** The folder is locked by a process that runs (or may run: another host, a lock being written). */
export class FolderLockedError extends Error {
  override readonly name = "FolderLockedError";
  constructor(
    readonly folder: string,
    readonly lockPath: string,
    /** Undefined when the lock file cannot be read (being written, or damaged). */
    readonly holder: LockHolder | undefined,
  ) {
    super(lockedMessage(folder, lockPath, holder));
  }

  /** Whether the holder runs on this machine (so it can be reached through the operator socket, and waited for). */
  get holderIsLocal(): boolean {
    return this.holder === undefined || this.holder.hostname === hostname();
  }
}

/** A held lock. `release` removes the file if it is still ours; it is idempotent. */
export interface FolderLock {
  readonly path: string;
  readonly holder: LockHolder;
  release(): void;
}

/**
 * `data/pglite` -> `/abs/data/pglite.lock` (a trailing slash does not move it inside). Named after
 * the folder's real path: a symbolic link to a held folder finds the same lock.
 */
export const lockPathOf = (folder: string): string => `${realPathOf(folder)}.lock`;

/** The folder for messages: as given, and where it really is when a link leads elsewhere. */
const folderNamed = (folder: string): string => {
  const [given, real] = [resolve(folder), realPathOf(folder)];
  return given === real ? given : `${given} (really ${real})`;
};

/** An unreadable lock younger than this may be one being written (non-link file systems); older is debris. */
const UNREADABLE_GRACE_MS = 10_000;
/** Rounds of create / judge / take over before giving up on a lock that keeps changing hands. */
const MAX_ROUNDS = 40;
/** Claims of claims: each level needs a process to die inside a take-over, so 3 is plenty. */
const MAX_CLAIM_DEPTH = 3;

export interface AcquireOptions {
  /** What this process is, for the message another opener gets ("the server"). */
  readonly label?: string;
}

/**
 * Takes the lock of `folder`, or throws {@link FolderLockedError} naming the live holder. A lock
 * whose holder is dead is taken over. Synchronous: it is a handful of file operations, and no
 * other code of this process can interleave with them.
 */
export const acquireFolderLock = (folder: string, options: AcquireOptions = {}): FolderLock => {
  const path = lockPathOf(folder);
  const holder = me(options.label ?? "a process");
  const raw = JSON.stringify(holder);
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    if (createExclusive(path, raw)) return heldLock(path, holder, raw);
    const existing = readText(path);
    if (existing === undefined) continue; // released between our two steps: try again
    const verdict = judge(path, existing);
    if (verdict.alive) throw new FolderLockedError(folderNamed(folder), path, verdict.holder);
    if (replaceIfUnchanged(path, existing, raw, 0)) return heldLock(path, holder, raw);
    // Another starter is taking this stale lock over right now: the next round sees the winner.
    pause(5);
  }
  throw new FolderLockedError(folderNamed(folder), path, parseHolder(readText(path)));
};

/**
 * The refusal `acquireFolderLock` would throw now (a live holder), or undefined if the folder is
 * free or its holder is dead, without taking anything: the CLI asks this to choose between the
 * server's operator socket and opening the folder itself.
 */
export const findLiveLock = (folder: string): FolderLockedError | undefined => {
  const path = lockPathOf(folder);
  const raw = readText(path);
  if (raw === undefined) return undefined;
  const verdict = judge(path, raw);
  return verdict.alive ? new FolderLockedError(folderNamed(folder), path, verdict.holder) : undefined;
};

/** The holder named in `folder`'s lock file, if there is one and it can be read (dead or alive). */
export const readLockHolder = (folder: string): LockHolder | undefined => parseHolder(readText(lockPathOf(folder)));

const heldLock = (path: string, holder: LockHolder, raw: string): FolderLock => {
  let released = false;
  return {
    path,
    holder,
    release: () => {
      if (released) return;
      released = true;
      // Only our own file: had we been (wrongly) judged dead, the file is someone else's now.
      if (readText(path) === raw) rmSync(path, { force: true });
    },
  };
};

const me = (label: string): LockHolder => {
  const procStart = processStartTime(process.pid);
  const bootId = currentBootId();
  return {
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(" "),
    label,
    ...(procStart === undefined ? {} : { procStart }),
    ...(bootId === undefined ? {} : { bootId }),
    nonce: randomBytes(8).toString("hex"),
  };
};

type Verdict = { readonly alive: true; readonly holder: LockHolder | undefined } | { readonly alive: false };

/** Whether the holder of a lock file (its raw content) still runs, as far as this machine can tell. */
const judge = (path: string, raw: string): Verdict => {
  const holder = parseHolder(raw);
  if (holder === undefined) {
    // Not JSON we wrote: a lock being written on a file system without hard links, or debris.
    const age = ageMs(path);
    return age !== undefined && age > UNREADABLE_GRACE_MS ? { alive: false } : { alive: true, holder: undefined };
  }
  return isAlive(holder) ? { alive: true, holder } : { alive: false };
};

/** Exported for tests: a holder on another host counts as alive (we cannot look). */
export const isAlive = (holder: LockHolder): boolean => {
  if (holder.hostname !== hostname()) return true;
  const bootId = currentBootId();
  if (holder.bootId !== undefined && bootId !== undefined && holder.bootId !== bootId) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // ESRCH: no such process. EPERM: it exists but belongs to another user, so it is alive.
    return (err as NodeJS.ErrnoException).code !== "ESRCH";
  }
  // The pid exists, but is it still our holder? A pid is reused after its process ends, and a
  // process killed but not yet reaped by its parent (a zombie) holds nothing any more.
  const stat = procStat(holder.pid);
  if (stat === undefined) return true;
  if (stat.state === "Z" || stat.state === "X") return false;
  return holder.procStart === undefined || stat.start === holder.procStart;
};

/** The claim on replacing one particular content of `path`: named after that content. */
export const claimPathOf = (path: string, content: string): string => `${path}.takeover-${createHash("sha256").update(content).digest("hex").slice(0, 16)}`;

/**
 * Replaces the file at `path` with `next`, only if it still holds exactly `expected`. At most one
 * caller wins for one `expected`; see the module comment.
 */
export const replaceIfUnchanged = (path: string, expected: string, next: string, depth: number): boolean => {
  if (depth > MAX_CLAIM_DEPTH) return false;
  const claim = claimPathOf(path, expected);
  const claimRaw = JSON.stringify(me("taking over a stale lock"));
  if (!createExclusive(claim, claimRaw)) {
    const existing = readText(claim);
    if (existing === undefined) return false; // finished a moment ago: the caller looks again
    if (judge(claim, existing).alive) return false;
    if (!replaceIfUnchanged(claim, existing, claimRaw, depth + 1)) return false;
  }
  try {
    if (readText(path) !== expected) return false;
    const tmp = temporaryName(path);
    writeFileSync(tmp, next, { flag: "wx" });
    renameSync(tmp, path);
    return true;
  } finally {
    if (readText(claim) === claimRaw) rmSync(claim, { force: true });
  }
};

/** Creates `path` holding `content`, atomically and only if it does not exist. */
const createExclusive = (path: string, content: string): boolean => {
  const tmp = temporaryName(path);
  writeFileSync(tmp, content, { flag: "wx" });
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // A file system without hard links (FAT, some network shares): O_EXCL, then write. A reader
    // may see it empty for a moment, which `judge` treats as alive.
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS") return createExclusiveByOpen(path, content);
    throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
};

const createExclusiveByOpen = (path: string, content: string): boolean => {
  let fd: number;
  try {
    fd = openSync(path, "wx");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
};

const temporaryName = (path: string): string => `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
};

const ageMs = (path: string): number | undefined => {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
};

const parseHolder = (raw: string | undefined): LockHolder | undefined => {
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LockHolder> | null;
    if (
      typeof value === "object" &&
      value !== null &&
      Number.isSafeInteger(value.pid) &&
      (value.pid ?? 0) > 0 &&
      typeof value.hostname === "string" &&
      typeof value.since === "string" &&
      typeof value.command === "string" &&
      typeof value.label === "string" &&
      typeof value.nonce === "string"
    ) {
      return value as LockHolder;
    }
  } catch {
    // not ours
  }
  return undefined;
};

/** A process's state (field 3) and start time (field 22, clock ticks after boot) from /proc, or undefined without /proc. */
const procStat = (pid: number): { readonly state: string; readonly start: string } | undefined => {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [state, start] = [fields[0], fields[19]]; // field 3 is fields[0], so field 22 is fields[19]
  return state === undefined || start === undefined ? undefined : { state, start };
};

/** The kernel's start time of `pid` (see {@link LockHolder.procStart}). */
export const processStartTime = (pid: number): string | undefined => procStat(pid)?.start;

const currentBootId = (): string | undefined => {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
};

/** Blocks for a few milliseconds (the lock is synchronous; this is between two rounds only). */
const pause = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/** "the server (pid 1234, running since …: src/main.ts)", for messages about a lock's holder. */
export const describeHolder = (holder: LockHolder | undefined): string =>
  holder === undefined
    ? "a process whose lock file cannot be read yet"
    : `${holder.label} (pid ${holder.pid}${holder.hostname === hostname() ? "" : ` on host ${holder.hostname}`}, running since ${holder.since}: ${holder.command || "node"})`;

const lockedMessage = (folder: string, lockPath: string, holder: LockHolder | undefined): string => {
  const remedy =
    holder !== undefined && holder.hostname !== hostname()
      ? `This machine cannot check whether it still runs there: stop it on ${holder.hostname}, or if nothing there uses the folder any more, delete ${lockPath} and start again.`
      : `Stop that process first${holder === undefined ? "" : ` (Ctrl-C in its terminal, or kill ${holder.pid})`} and wait for it to exit; to run an operator command while the server runs, use \`npm run fuel -- <command>\`, which goes through the running server. A lock left by a process that no longer runs is taken over automatically (lock file: ${lockPath}).`;
  return `The PGlite folder ${folder} is in use by ${describeHolder(holder)}. Only one process may open a PGlite folder at a time, or each would overwrite the other's writes. ${remedy}`;
};
