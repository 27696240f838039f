import { ConfigError, loadConfig } from "../config.ts";
import { runOperatorCommand } from "./operatorCommand.ts";

/**
 * The operators' CLI: `npm run fuel -- <command>` (see USAGE in ./commands.ts). Works on the
 * database the server uses (PGlite folder or PostgreSQL). While the server runs on a PGlite
 * folder the command goes through the server (its operator socket beside the folder), which
 * alone may open the folder; with no server running it opens the folder itself, migrating it
 * first (./operatorCommand.ts).
 */
const args = process.argv.slice(2);
let exitCode = 1;
try {
  const config = loadConfig(process.env);
  exitCode = await runOperatorCommand(config, args, {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    // Under `npm run fuel` the working directory is packages/server; npm's INIT_CWD is where the
    // operator typed the command, so `stations import stations.csv` finds their file.
    cwd: (process.env["npm_lifecycle_event"] === "fuel" ? process.env["INIT_CWD"] : undefined) ?? process.cwd(),
  });
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `fuel: ${err instanceof Error ? err.message : String(err)}`);
}
process.exitCode = exitCode;
