import { accessSync, constants, mkdirSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { acquireFolderLock, FolderLockedError, lockPathOf, type FolderLock } from "./folderLock.ts";
import { describeFolderFailure, DatabaseFolderError, errnoCodeOf, folderFailure } from "./folderFailure.ts";

/** A PGlite folder made ready to open: where it really is, and its lock, held. */
export interface TakenFolder {
  /** The folder's real path (symbolic links resolved): what PGlite opens. */
  readonly dir: string;
  readonly lock: FolderLock;
}

/**
 * Creates the folder if missing, resolves its real path and takes its lock (./folderLock.ts).
 * PGlite is given the real path too, so that every name of one folder means one database to
 * everything that looks at paths. A folder that cannot be created or locked throws
 * `DatabaseFolderError` (one line: the folder and the cause); one held by a live process throws
 * `FolderLockedError`.
 */
export const takePgliteFolder = (folder: string, label: string | undefined): TakenFolder => {
  let dir: string;
  try {
    mkdirSync(folder, { recursive: true });
    dir = realpathSync(folder);
    // PGlite on a read-only copy of an existing database says only "failed to initialize
    // properly"; access(2) names the cause (EROFS even for root, EACCES for another user) and writes nothing.
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw folderFailure(folder, err);
  }
  try {
    return { dir, lock: acquireFolderLock(folder, label === undefined ? {} : { label }) };
  } catch (err) {
    if (err instanceof FolderLockedError) throw err;
    // The lock file sits beside the folder: a folder that is writable in a read-only parent (a
    // mounted volume) fails here, and the message must say where.
    const lockPath = lockPathOf(folder);
    throw new DatabaseFolderError(resolve(folder), errnoCodeOf(err), describeFolderFailure(folder, err, `its lock file ${lockPath} (beside it) cannot be written`));
  }
};
