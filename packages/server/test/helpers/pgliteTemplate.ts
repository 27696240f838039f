import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { MIGRATIONS_FOLDER, migrate } from "../../src/db/migrate.ts";
import { pgliteDrizzle, type DatabaseHandle, type Schema } from "../../src/db/client.ts";

/**
 * A migrated in-memory PGlite for tests, loaded from a template: creating a PGlite runs initdb
 * and then our migrations (~4 s a test file on these machines); loading the data folder of one
 * that has already done both takes about a quarter of that. The template is a tar of that data
 * folder in the OS temp folder, named by a hash of the migrations and PGlite's version, so a new
 * migration makes a new template and two workers racing to make it both end with a whole file
 * (each writes its own, then renames it into place).
 */

/** PGlite's installed version (its package.json is not exported, so found beside its entry). */
const pgliteVersion = (): string => {
  let dir = dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
  while (!existsSync(join(dir, "package.json"))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
};

const templateKey = (): string => {
  const hash = createHash("sha256");
  hash.update(pgliteVersion());
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest("hex").slice(0, 16);
};

const wrap = (client: PGlite): DatabaseHandle => {
  // The server's own Drizzle over PGlite (src/db/client.ts), so tests read rows as it does.
  const db: PgliteDatabase<Schema> = pgliteDrizzle(client);
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    driver: { kind: "pglite", db, client },
    close: () => (closed ??= client.closed ? Promise.resolve() : client.close()),
  };
};

const makeTemplate = async (path: string): Promise<void> => {
  const client = await PGlite.create("memory://", { relaxedDurability: true });
  try {
    await migrate(wrap(client));
    const dump = await client.dumpDataDir("none");
    const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await client.close();
  }
};

/** The template: a tar of a migrated PGlite data folder (PGlite's `loadDataDir`), made if missing. */
export const migratedPgliteTar = async (): Promise<Blob> => {
  const path = join(tmpdir(), `fuel-pglite-template-${templateKey()}.tar`);
  if (!existsSync(path)) await makeTemplate(path);
  return new Blob([readFileSync(path)]);
};

/** A fresh, migrated in-memory PGlite (its own copy: nothing is shared between test files). */
export const openMigratedPglite = async (): Promise<DatabaseHandle> => {
  const client = await PGlite.create("memory://", { relaxedDurability: true, loadDataDir: await migratedPgliteTar() });
  const handle = wrap(client);
  // Idempotent: proves the template is current (a no-op when it is).
  await migrate(handle);
  return handle;
};
