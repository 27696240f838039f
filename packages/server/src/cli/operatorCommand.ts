import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Config } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { describeHolder, FolderLockedError } from "../db/folderLock.ts";
import { migrate } from "../db/migrate.ts";
import { cannotRead, inputFiles, runCli } from "./commands.ts";
import { operatorSocketPathOf } from "./protocol.ts";
import { runThroughServer, type Output } from "./throughServer.ts";

/**
 * Where an operator's command runs:
 * - PGlite folder held by a live server (on this machine): through that server's operator socket,
 *   so the server sees the change at once and no second process opens the folder;
 * - PGlite folder free: here, holding the folder's lock for the command's duration;
 * - PostgreSQL: here, directly (PostgreSQL serves many processes; the server's caches see the
 *   change within their lifetime, 2 s for sessions and 5 s for the catalogue).
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
  const readInput = (path: string): Promise<string> => readFile(resolve(cwd, path), "utf8");
  const deadline = Date.now() + waitMs;
  let files: Record<string, string> | undefined;
  for (;;) {
    let handle;
    try {
      handle = await openDatabase(config, { lockLabel: "the operators' CLI" });
    } catch (e) {
      if (!(e instanceof FolderLockedError) || config.database.kind !== "pglite-dir") throw e;
      if (!e.holderIsLocal) {
        err(`fuel: ${e.message}`);
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
      const socketPath = operatorSocketPathOf(config.database.dir);
      const outcome = await runThroughServer(socketPath, { args: [...args], files }, { out, err });
      if (outcome.reached) return outcome.exitCode;
      if (Date.now() >= deadline) {
        err(
          `fuel: the PGlite folder ${e.folder} is in use by ${describeHolder(e.holder)}, and ${outcome.reason}, so the command did not run. ` +
            "If that is a server still starting, or another fuel command, try again in a moment; if it is a server that keeps not answering, restart it.",
        );
        return 1;
      }
      await new Promise((r) => setTimeout(r, pollMs));
      continue;
    }
    try {
      await migrate(handle);
      return await runCli(args, { db: handle.db, out, err, now: () => new Date(), readFile: readInput });
    } finally {
      await handle.close();
    }
  }
};
