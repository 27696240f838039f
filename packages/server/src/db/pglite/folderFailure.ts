import { resolve } from "node:path";

/**
 * Why a PGlite folder could not be opened, in one line an operator can act on. Without this a
 * read-only folder ended in a stack trace that never said "read-only", and PGlite's own failures
 * in `[object Object]`: its file system (Emscripten's) throws `ErrnoError` objects that are not
 * `Error`s and carry a number instead of a name.
 */

/** Opening a PGlite folder failed (not because another process holds it: that is `FolderLockedError`). */
export class DatabaseFolderError extends Error {
  override readonly name = "DatabaseFolderError";
  constructor(
    /** The folder as configured, made absolute. */
    readonly folder: string,
    /** The system's error code (`EACCES`, `EROFS`...) when there is one. */
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Emscripten's errno numbers (its `ERRNO_CODES`, the table inside PGlite's bundle, 0.5) for the
 * failures a folder can meet. They are not the kernel's numbers, so only the name is shown.
 */
const EMSCRIPTEN_ERRNO: Readonly<Record<number, string>> = {
  2: "EACCES",
  10: "EBUSY",
  19: "EDQUOT",
  20: "EEXIST",
  29: "EIO",
  31: "EISDIR",
  32: "ELOOP",
  33: "EMFILE",
  37: "ENAMETOOLONG",
  41: "ENFILE",
  44: "ENOENT",
  51: "ENOSPC",
  54: "ENOTDIR",
  63: "EPERM",
  69: "EROFS",
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * The error code behind a failure, whatever its shape: Node's (`code: "EACCES"`), Emscripten's
 * (`{ name: "ErrnoError", errno: 69 }`), or either as the `cause` of another error.
 */
export const errnoCodeOf = (err: unknown, depth = 0): string | undefined => {
  if (!isRecord(err) || depth > 4) return undefined;
  const { code, errno, name } = err;
  if (typeof code === "string" && /^E[A-Z0-9]+$/.test(code)) return code;
  if (name === "ErrnoError" && typeof errno === "number") return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`;
  return errnoCodeOf(err["cause"], depth + 1);
};

/** What an error says, on one line and without its stack: for an object that is not an Error, its fields. */
export const oneLineOf = (err: unknown): string => {
  let text: string;
  if (err instanceof Error) text = err.message;
  else if (isRecord(err)) {
    const message = err["message"];
    if (typeof message === "string" && message !== "") text = message;
    else {
      try {
        text = JSON.stringify(err);
      } catch {
        // Circular, or holding a BigInt: its field names still say more than "[object Object]".
        text = `an object with the fields ${Object.keys(err).join(", ") || "(none)"}`;
      }
    }
  } else {
    try {
      text = String(err);
    } catch {
      text = typeof err;
    }
  }
  return text.replace(/\s*[\r\n\u2028\u2029]\s*/g, " ").trim() || "no reason given";
};

const ANOTHER_FOLDER = "or set DATABASE_URL=file:<another folder>";

/** The cause and the remedy, for the codes an operator can do something about. */
const CAUSES: Readonly<Record<string, string>> = {
  EACCES: `permission denied (EACCES): make it writable by this user ${ANOTHER_FOLDER}`,
  EPERM: `operation not permitted (EPERM): make it writable by this user ${ANOTHER_FOLDER}`,
  EROFS: `read-only file system (EROFS): mount it read-write ${ANOTHER_FOLDER}`,
  ENOTDIR: `a part of its path is a file, not a folder (ENOTDIR): ${ANOTHER_FOLDER.replace("or set", "set")} whose parents are folders`,
  EEXIST: `a file is where the folder should be (EEXIST): move it away ${ANOTHER_FOLDER}`,
  EISDIR: `a folder is where a file should be (EISDIR): move it away ${ANOTHER_FOLDER}`,
  ENOSPC: `no space left on the device (ENOSPC): free some space ${ANOTHER_FOLDER}`,
  EDQUOT: `disk quota exceeded (EDQUOT): free some space or raise the quota ${ANOTHER_FOLDER}`,
  ENAMETOOLONG: `the path is too long (ENAMETOOLONG): ${ANOTHER_FOLDER.replace("or set", "set")} with a shorter path`,
  ELOOP: `its path has a loop of symbolic links (ELOOP): fix the links ${ANOTHER_FOLDER}`,
  EIO: `input/output error (EIO): check the disk ${ANOTHER_FOLDER}`,
  EMFILE: "too many open files (EMFILE): raise this process's limit (ulimit -n)",
  ENFILE: "too many open files on this machine (ENFILE): raise the system's limit",
};

/**
 * `cannot open the database folder /x/data: permission denied (EACCES): make it writable...`:
 * the folder, the step that failed when it is not the folder itself, and the cause, in one line.
 * A failure without a known code names PGlite's message.
 */
export const describeFolderFailure = (folder: string, err: unknown, step?: string): string => {
  const code = errnoCodeOf(err);
  const known = code === undefined ? undefined : CAUSES[code];
  const cause = known ?? `${code === undefined ? "" : `${code}: `}${oneLineOf(err)}`;
  return `cannot open the database folder ${resolve(folder)}: ${step === undefined ? "" : `${step}: `}${cause}`;
};

/** `err` as a {@link DatabaseFolderError} about `folder` (one already is stays as it is). */
export const folderFailure = (folder: string, err: unknown): DatabaseFolderError =>
  err instanceof DatabaseFolderError ? err : new DatabaseFolderError(resolve(folder), errnoCodeOf(err), describeFolderFailure(folder, err));
