import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { runCli } from "./commands.ts";

/**
 * The operators' CLI: `npm run fuel -- <command>` (see USAGE in ./commands.ts). Works on the
 * database the server uses (PGlite folder or PostgreSQL), migrating it first. PGlite is one
 * process at a time: stop the server before running a command against its folder.
 */
const args = process.argv.slice(2);
let exitCode = 1;
try {
  const config = loadConfig(process.env);
  const handle = await openDatabase(config);
  try {
    await migrate(handle);
    exitCode = await runCli(args, {
      db: handle.db,
      out: (text) => process.stdout.write(`${text}\n`),
      err: (text) => process.stderr.write(`${text}\n`),
      now: () => new Date(),
    });
  } finally {
    await handle.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `fuel: ${err instanceof Error ? err.message : String(err)}`);
}
process.exitCode = exitCode;
