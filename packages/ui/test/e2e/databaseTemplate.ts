import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../../bench/server.ts";

/**
 * One seeded database for every browser-test file (issue 39): the server's first start (PGlite's
 * initdb, the migrations, the demo data) is made once, into a PGlite folder, and each file's server
 * opens its own copy of that folder. A copy takes a fraction of a second where the first start
 * takes seconds, and each file still has its own state.
 *
 * The folders live in /dev/shm where there is one: PGlite in a folder syncs its writes, which
 * costs nothing on memory-backed storage, as in the in-memory database the files used before.
 */

/** What the browser tests' global set-up made: the seeded folder and its desk admin's one-time password. */
export interface DatabaseTemplate {
  readonly dir: string;
  readonly deskAdminPassword: string;
}

/**
 * The browser tests' servers' settings. Cheaper password hashes than production's (2^17): a desk
 * file signs in and sets the passwords of a dozen staff, and at production's cost those hashes
 * took most of its time on two cores; what the tests check does not depend on the cost.
 * TRUST_PROXY: the desk's test helpers make staff over HTTP as if from other addresses
 * (deskSupport.ts), so the desk's 20 sign-ins a minute per address count only the browser's.
 */
export const E2E_SERVER_ENV: Readonly<Record<string, string>> = { PASSWORD_HASH_COST: "10", TRUST_PROXY: "127.0.0.1" };

const scratchRoot = (): string => (existsSync("/dev/shm") ? "/dev/shm" : tmpdir());

/** Starts the server once on a new folder, in the browser tests' settings, and stops it: the folder is then seeded. */
export const makeDatabaseTemplate = async (repoDir: string): Promise<DatabaseTemplate> => {
  const dir = join(mkdtempSync(join(scratchRoot(), "fuel-e2e-")), "template");
  const server = await startServer(repoDir, "0", undefined, { ...E2E_SERVER_ENV, DATABASE_URL: `file:${dir}` });
  await server.stop();
  if (server.deskAdminPassword === undefined) throw new Error("the template server printed no desk admin password");
  return { dir, deskAdminPassword: server.deskAdminPassword };
};

/** A file's own copy of the template, beside it (a copy's lock file, if any, goes beside the copy). */
export const copyDatabaseTemplate = (template: DatabaseTemplate): string => {
  const copy = mkdtempSync(join(template.dir, "..", "copy-"));
  const dir = join(copy, "pglite");
  cpSync(template.dir, dir, { recursive: true });
  return dir;
};

/** Removes a copy (and its lock, beside it) once its server stopped. */
export const removeDatabaseCopy = (dir: string): void => {
  rmSync(join(dir, ".."), { recursive: true, force: true });
};

/** Removes the template and every copy left. */
export const removeDatabaseTemplate = (template: DatabaseTemplate): void => {
  rmSync(join(template.dir, ".."), { recursive: true, force: true });
};
