import type { Config } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { runCli, type CliIo } from "./commands.ts";

/**
 * A command run in this process on the database itself (no server holds the PGlite folder, or
 * PostgreSQL): opens it (taking the folder's lock, which throws `FolderLockedError` if a server
 * got there first), migrates it, runs the command, closes it.
 */
export const runDirect = async (config: Config, args: ReadonlyArray<string>, io: Omit<CliIo, "db" | "now">): Promise<number> => {
  const handle = await openDatabase(config, { lockLabel: "the operators' CLI" });
  try {
    await migrate(handle);
    return await runCli(args, { ...io, db: handle.db, now: () => new Date(), passwordHashCost: config.passwordHashCost });
  } finally {
    await handle.close();
  }
};
