import { resolve } from "node:path";
import type { Config } from "../config.ts";
import { describeHolder, findLiveLock, FolderLockedError } from "../db/pglite/folderLock.ts";
import { cannotRead, inputFiles, readTextFile } from "./inputFiles.ts";
import { operatorSocketPathOf } from "./protocol.ts";
import { runThroughServer, type Output } from "./throughServer.ts";

/**
 * Where an operator's command runs:
 * - PGlite folder held by a live process on this machine (the server): through its operator
 *   socket, so the server sees the change at once and no second process opens the folder;
 * - PGlite folder free (or held by a dead process): here, holding the folder's lock meanwhile;
 * - PostgreSQL: here, directly (PostgreSQL serves many processes; the server's caches see the
 *   change within their lifetime, 2 s for sessions and 5 s for the catalogue).
 * The database code is loaded only to run here, so a command through the server starts fast.
 */

export interface OperatorCommandOptions extends Output {
  /** Where relative file names are taken from: the directory the operator typed the command in. */
  readonly cwd: string;
  /**
   * How long to keep trying while the folder is held but nobody answers on its socket: a server
   * still starting (migrating) opens it in a moment, another `fuel` command ends in a moment.
   */
  readonly waitMs?: number;
  readonly pollMs?: number;
}

/** Runs `args` (see USAGE in ./commands.ts) and answers the exit code. */
export const runOperatorCommand = async (config: Config, args: ReadonlyArray<string>, options: OperatorCommandOptions): Promise<number> => {
  const { out, err, cwd, waitMs = 15_000, pollMs = 200 } = options;
  const readInput = (path: string): Promise<string> => readTextFile(resolve(cwd, path));
  const here = async (): Promise<number> => (await import("./direct.ts")).runDirect(config, args, { out, err, readFile: readInput });
  if (config.database.kind !== "pglite-dir") return here();

  const { dir } = config.database;
  const deadline = Date.now() + waitMs;
  let files: Record<string, string> | undefined;
  for (;;) {
    const locked = findLiveLock(dir);
    if (locked === undefined) {
      try {
        return await here();
      } catch (e) {
        // A server took the folder between our look and our open: go through it.
        if (e instanceof FolderLockedError) continue;
        throw e;
      }
    }
    if (!locked.holderIsLocal) {
      err(`fuel: ${locked.message}`);
      return 1;
    }
    if (files === undefined) {
      files = {};
      for (const path of inputFiles(args)) {
        try {
          files[path] = await readInput(path);
        } catch (readError) {
          err(cannotRead(path, readError));
          return 1;
        }
      }
    }
    const outcome = await runThroughServer(operatorSocketPathOf(dir), { args: [...args], files }, { out, err });
    if (outcome.reached) return outcome.exitCode;
    if (Date.now() >= deadline) {
      err(
        `fuel: the PGlite folder ${locked.folder} is in use by ${describeHolder(locked.holder)}, and ${outcome.reason}, so the command did not run. ` +
          "If that is a server still starting, or another fuel command, try again in a moment; if it is a server that keeps not answering, restart it.",
      );
      return 1;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
};
